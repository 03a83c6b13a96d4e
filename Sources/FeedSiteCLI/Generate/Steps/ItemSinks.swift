import FeedCore
import Foundation
import History
import SiteGenerator

/// One item as the comments step has it once its comments are in: what every per-item
/// artifact is made from.
struct LoadedItem: Sendable {
    let entry: SiteEntry
    /// Its place in the feed, from 0.
    let place: Int
    /// Its comments and where they came from, as `--export-data` says it.
    let exported: DataExportLine.Comments
    /// The items before and after it, which its page links.
    let neighbours: PhotoNeighbours

    /// Its comments, from the API or the cache; `nil` when neither had them.
    var comments: [ImageComment]? {
        switch exported {
        case let .live(comments), let .cached(comments, _): comments
        case .unavailable: nil
        }
    }
}

/// What is made of each item as soon as its comments are in, so no item's comments outlive
/// it: its comments pages, its snapshot's page, its exported line, its search terms. `add`
/// is called from several tasks at once, in no order; `finish` once every item was added.
/// To make something more of each item: a sink, and one line in `CommentsStep.sinks`.
protocol ItemSink: Sendable {
    func add(_ item: LoadedItem) throws
    func finish(count: Int) throws
}

extension ItemSink {
    func finish(count: Int) throws {}
}

/// Each item's comments page, in every locale, written into the site being staged.
struct CommentsPages: ItemSink {
    let renderers: [SiteRenderer]
    let site: any StagingSite
    /// Items a feed page shows, for each comments page's link back to its feed page.
    let pageSize: Int

    func add(_ item: LoadedItem) throws {
        for renderer in renderers {
            try site.write(
                renderer.commentsPageDraft(for: item.entry, comments: item.comments, feedPage: item.place / pageSize + 1, neighbours: item.neighbours))
        }
    }
}

/// `--export-data`: each item's line of `data/items.jsonl`, in feed order whatever order the
/// items come in (`OrderedLines`).
struct ExportedData: ItemSink {
    let lines: any OrderedLines
    let report: RunReport

    func add(_ item: LoadedItem) throws {
        try lines.add(DataExportLine.encode(item.entry, comments: item.exported), number: item.place)
    }

    func finish(count: Int) throws {
        try lines.finish(count: count)
        report.dataExported(items: count, path: lines.path)
    }
}

/// `--history`: the snapshot decides each item's page as its comments arrive.
extension SnapshotDraft: ItemSink {
    func add(_ item: LoadedItem) throws {
        try add(item.entry, comments: item.comments, index: item.place, neighbours: item.neighbours)
    }
}

/// Each item's terms and record, for the search index.
extension SearchIndexFiles: ItemSink {
    func add(_ item: LoadedItem) throws {
        try add(item.entry, comments: item.comments, place: item.place)
    }
}
