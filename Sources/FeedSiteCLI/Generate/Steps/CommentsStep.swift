import FeedCore
import Foundation
import History
import SiteGenerator

/// Every image's comments (API, else cache), handed at once to what is made of each item
/// (`ItemSink`): its comments page in every locale, with `--history` its snapshot's page,
/// with `--export-data` its line of `data/items.jsonl`, its terms and record for the search
/// index; so no image's comments outlive it. The cache's writes are one transaction.
///
/// The export's lines must come in feed order, while the comments arrive in whatever order
/// their requests end. Each line is made as soon as its comments are in and handed to an
/// `OrderedLinesFile`, which writes it at once when it is the next one, and otherwise keeps
/// it on the disk until the lines before it have come. The alternatives were worse: holding
/// early lines in memory grows without bound behind one slow request; letting no request
/// start more than a window ahead of the oldest unwritten line bounds memory but stalls the
/// whole phase behind that request (up to `--retries` timeouts); reading the comments back
/// from the cache in a second pass misses comments that could not be saved, and reads every
/// item's cache entry a second time.
struct CommentsStep: RunStep {
    /// The feed's items, each with its stored image.
    let entries: [SiteEntry]
    let service: FeedService
    let cache: any CacheBatches
    let renderers: [SiteRenderer]
    let site: any StagingSite
    let report: RunReport
    /// Items a feed page shows, for each comments page's link back to its feed page.
    let pageSize: Int
    /// Images worked on at once.
    let tasksAtOnce: Int
    /// `--export-data`: also write each item's line of `data/items.jsonl`.
    let exportData: Bool
    /// `--history`: the snapshot, which decides each item's page as its comments arrive.
    var snapshot: (any SnapshotMaking)? = nil

    var name: String { "comments" }
    var phase: RunPhase { .comments }

    struct Outcome: StepOutcome {
        let tally: CommentsTally
        /// Every item's terms, their records waiting to be written.
        let search: SearchIndexFiles

        func record(in summary: inout RunSummary) {
            summary.comments = tally
        }
    }

    func run(_ progress: StepProgress) async throws(RunError) -> Outcome {
        try await failing { try await work(progress) }
    }

    private func work(_ progress: StepProgress) async throws -> Outcome {
        let search = SearchIndexFiles(entries: entries, scratch: try site.scratch("search"))
        let sinks = try sinks(search: search)
        let tally = try await cache.batch { try await run(progress, into: sinks) }
        return Outcome(tally: tally, search: search)
    }

    /// What is made of each item, in this order: its comments pages, with `--history` its
    /// snapshot's page, with `--export-data` its exported line, its search terms.
    private func sinks(search: SearchIndexFiles) throws -> [any ItemSink] {
        var sinks: [any ItemSink] = [CommentsPages(renderers: renderers, site: site, pageSize: pageSize)]
        if let snapshot { sinks.append(snapshot) }
        if exportData { sinks.append(ExportedData(lines: try site.orderedLines(at: SitePaths.dataExport), report: report)) }
        sinks.append(search)
        return sinks
    }

    private func run(_ progress: StepProgress, into sinks: [any ItemSink]) async throws -> CommentsTally {
        let (entries, service, report) = (entries, service, report)
        let counter = ProgressCounter()
        let total = entries.count
        let tally = try await concurrentReduce(Array(entries.indices), limit: tasksAtOnce, into: CommentsTally(), CommentsTally.add) { index in
            let entry = entries[index]
            let result = try await service.loadComments(for: entry.id)
            report.commentsLoaded(result, imageID: entry.id)
            var exported = DataExportLine.Comments.unavailable
            var tally = CommentsTally()
            switch result {
            case let .live(list, _): (exported, tally.live) = (.live(list), 1)
            case let .cached(list, savedAt, _): (exported, tally.fromCache) = (.cached(list, savedAt: savedAt), 1)
            case .unavailable: tally.unavailable = 1
            }
            let item = LoadedItem(entry: entry, place: index, exported: exported, neighbours: PhotoNeighbours(of: index, in: entries))
            tally.count = item.comments?.count ?? 0
            for sink in sinks { try sink.add(item) }
            let (done, failed) = counter.add(failed: item.comments == nil)
            progress.update(done: done, total: total, failed: failed)
            return tally
        }
        report.commentsLoaded(tally, images: entries.count)
        for sink in sinks { try sink.finish(count: total) }
        return tally
    }
}
