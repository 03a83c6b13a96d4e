import Basics
import FeedCore
import FileSystem
import Foundation
import Publishing
import SiteGenerator
import Synchronization

/// A snapshot being made, in a hidden folder beside the output, while the run makes the live
/// site; `finish` completes it or, when the data did not change, throws it away.
///
/// Each item's comments page is decided as its comments arrive (`add`): a page whose
/// fingerprint equals the previous snapshot's is that snapshot's file, linked at the end; any
/// other is rendered at once, at this snapshot's time, so no comments outlive their item's
/// turn. An unchanged run therefore writes nothing here. Comments that could not be loaded
/// are not news: the item keeps the previous snapshot's page and record.
public final class SnapshotDraft: Sendable {
    public let name: SnapshotName
    /// The hidden folder the snapshot is made in.
    public let folder: String
    let previous: SnapshotIndex?
    /// The previous snapshot's folder, when there is one.
    let previousFolder: String?
    let renderers: [SiteRenderer]
    /// What every page's fingerprint includes besides its item.
    let context: String
    private let state = Mutex(State())

    private struct State {
        var records: [Int: SnapshotRecord] = [:]
        /// Items whose pages are the previous snapshot's.
        var kept: [UUID] = []
        var written = 0
        /// What the history's search finds each item by whose page was rendered.
        var documents: [UUID: HistoryItems.Document] = [:]
    }

    /// Prepares an empty folder `folder` for snapshot `name`; `previous` is the latest
    /// snapshot and its folder; `renderers` make the live site's pages (each locale's).
    public init(name: SnapshotName, folder: String, previous: (file: SnapshotIndex, folder: String)?, renderers: [SiteRenderer]) throws {
        self.name = name
        self.folder = folder
        self.previous = previous?.file
        self.previousFolder = previous?.folder
        self.renderers = renderers.map { $0.inHistory(.archived) }
        self.context = "locales " + renderers.map(\.locale).joined(separator: " ")
        FolderRemoval.remove(folder)
        try FileSystemError.wrap { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false) }
    }

    /// The latest snapshot, which this one is compared with; `nil` for the first.
    public var previousName: SnapshotName? { previous?.name }

    /// Decides item `index`'s comments page, which links `neighbours`: the previous
    /// snapshot's, or rendered now.
    public func add(_ entry: SiteEntry, comments: [ImageComment]?, index: Int, neighbours: PhotoNeighbours) throws {
        var record = SnapshotRecord(entry, comments: comments, neighbours: neighbours, context: context)
        var remembered = false
        if let previous, let oldPage = previous.page(for: entry.id), let previousFolder {
            if comments == nil, let old = try previous.record(for: entry.id) {
                // The comments as remembered, and their page: it keeps its links to the
                // photos around it then, which the comments it shows cannot be rendered again.
                record = old
                remembered = true
            }
            if record.page == oldPage, pagesExist(of: entry.id, in: previousFolder) {
                // The same page shows the same data: the previous record is this one, read
                // again only if the snapshot is kept, so an unchanged run holds no records.
                state.withLock { state in state.kept.append(entry.id) }
                return
            }
        }
        for renderer in renderers {
            // Back to the first feed page: `places.js` leads the history's script to the item's.
            let page = try renderer.commentsPage(for: entry, comments: comments, feedPage: 1, neighbours: neighbours)
            try write(page.html, to: page.path)
        }
        // Comments that could not be loaded leave the item as the history remembers it.
        let document = remembered ? nil : HistoryItems.Document(entry, comments: comments)
        state.withLock { state in
            state.records[index] = record
            state.written += 1
            if let document { state.documents[entry.id] = document }
        }
    }

    /// A finished snapshot: its facts, its folder, its items in feed order, what the
    /// history's search finds the items by whose pages it rendered, and what changed.
    public struct Prepared: Sendable {
        public let facts: SnapshotFacts
        public let folder: String
        public let ids: [UUID]
        public let documents: [UUID: HistoryItems.Document]
        /// Each item's data (`SnapshotRecord.dataDigest`): which version of it the snapshot shows.
        public let versions: [UUID: String]
        /// When the runs first saw each item, as the cache remembers it (the exported data's
        /// `first_seen`), which may be before the history began.
        public let firstSeen: [UUID: Date]
        /// What changed since the previous snapshot.
        public let changes: SnapshotChanges
    }

    /// Completes the snapshot of `entries` (in feed order) from the live site staged in
    /// `staging`: the feed pages, the kept pages linked, every other file of the live site
    /// but its pages, feeds and manifest linked, the records and the manifest written. `nil`,
    /// with the folder removed, when the items are as the previous snapshot had them.
    public func finish(entries: [SiteEntry], pageSize: Int, feedSavedAt: Date?, staging: String, generator: String, run: Manifest.Run) throws
        -> Prepared?
    {
        let (added, kept, written, documents) = state.withLock { state in (state.records, state.kept, state.written, state.documents) }
        // Every page the previous snapshot's, in its order: nothing changed, and its records
        // need not be read.
        if let previous, written == 0, kept.count == entries.count, previous.ids == entries.map(\.id) {
            discard()
            return nil
        }
        // The previous records, parsed once: the kept items' records and the comparison.
        let before = try previous?.records() ?? []
        let earlier = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let keptIDs = Set(kept)
        let records = try entries.enumerated().map { index, entry throws(SnapshotFile.ReadError) in
            if let record = added[index] { return record }
            guard keptIDs.contains(entry.id), let record = earlier[entry.id] else {
                throw .unreadable(folder, reason: "item \(index + 1) was never added")
            }
            return record
        }
        let changes = SnapshotChanges(from: before, to: records)
        if previous != nil, changes.isEmpty {
            discard()
            return nil
        }
        if let previousFolder {
            for id in kept {
                for renderer in renderers {
                    let path = renderer.paths.commentsPage(for: id)
                    try PublishError.naming(folder + "/" + path) {
                        try PlainFile.link(previousFolder + "/" + path, to: folder + "/" + path, replacing: false)
                    }
                }
            }
        }
        let pages = try placeFeedPages(of: entries, pageSize: pageSize, feedSavedAt: feedSavedAt)
        let (earlierCopies, listedBefore) = sharedCopies(staging: staging)
        try SiteFiles.walk(staging) { path in
            guard isShared(path) else { return }
            let source = earlierCopies[path] ?? staging + "/" + path
            try PublishError.naming(folder + "/" + path) { try PlainFile.link(source, to: folder + "/" + path, replacing: false) }
        }
        let file = SnapshotFile(name: name, previous: previous?.name, summary: changes.summary, records: records)
        try file.write(to: folder, previousFolder: previousFolder, pages: pages)
        try PublishError.naming(folder + "/" + Manifest.fileName) {
            try Manifest.writeInParts(generator: generator, run: run, into: folder, sharingWith: previousFolder, listedThere: listedBefore)
        }
        return Prepared(
            facts: SnapshotFacts(name: name, previous: previous?.name, items: records.count, summary: changes.summary), folder: folder,
            ids: records.map(\.id), documents: documents,
            versions: Dictionary(records.map { ($0.id, $0.dataDigest) }, uniquingKeysWith: { first, _ in first }),
            firstSeen: Dictionary(entries.map { ($0.id, $0.firstSeen) }, uniquingKeysWith: { first, _ in first }), changes: changes)
    }

    /// The snapshot's feed pages, cut where their items say (`SnapshotPages`): each that
    /// shows what a page of the previous snapshot showed (the same name and neighbours, the
    /// same cards, the same cached-feed notice) is that page, linked; any other is
    /// rendered now. Their fingerprints go to `feed-pages.txt`, a line each, for the next
    /// snapshot to compare. Returns the pages: each one's path from a locale's root, and its
    /// items.
    private func placeFeedPages(of entries: [SiteEntry], pageSize: Int, feedSavedAt: Date?) throws
        -> [(path: String, items: Range<Int>)]
    {
        let pages = SnapshotPages.cut(entries.map(\.id), pageSize: pageSize).enumerated().map { number, items in
            (path: number == 0 ? SitePaths().feedPage(1) : SitePaths().feedPage(from: entries[items.upperBound - 1].id), items: items)
        }
        let before = Set(
            previousFolder.flatMap { try? PlainFile.read($0 + "/" + Self.feedPagesFile) }.map {
                String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init)
            } ?? [])
        var fingerprints: [String] = []
        for (number, page) in pages.enumerated() {
            let previous = number > 0 ? pages[number - 1].path : nil
            let next = number + 1 < pages.count ? pages[number + 1].path : nil
            var hash = FieldHash()
            hash.add("\(context)\npage \(page.path) after \(previous ?? "none") before \(next ?? "none")")
            if let feedSavedAt { hash.add(feedSavedAt) } else { hash.add(nil) }
            // A card shows what the item's page shows but its comments, so a new comment
            // changes the item's page alone.
            for entry in entries[page.items] { SnapshotRecord.addShown(entry, to: &hash) }
            let fingerprint = hash.hex
            fingerprints.append(fingerprint)
            let paths = renderers.map { $0.paths.localePrefix + page.path }
            if let previousFolder, before.contains(fingerprint),
                paths.allSatisfy({ PlainFile.isShareable(previousFolder + "/" + $0) })
            {
                for path in paths {
                    try PublishError.naming(folder + "/" + path) { try PlainFile.link(previousFolder + "/" + path, to: folder + "/" + path, replacing: false) }
                }
                continue
            }
            for renderer in renderers {
                let prefix = renderer.paths.localePrefix
                let html = try renderer.feedPage(
                    at: prefix + page.path, entries: Array(entries[page.items]), previous: previous.map { prefix + $0 }, next: next.map { prefix + $0 },
                    feedSavedAt: feedSavedAt)
                try write(html.html, to: html.path)
            }
        }
        try PublishError.naming(folder + "/" + Self.feedPagesFile) {
            try PlainFile.write(Data(fingerprints.map { $0 + "\n" }.joined().utf8), to: folder + "/" + Self.feedPagesFile, asNewFile: true)
        }
        return pages
    }

    /// The files of the live site staged in `staging` whose bytes the previous snapshot
    /// holds, by path: the previous snapshot's copy. A run writes its stylesheet and scripts
    /// anew, and a search index made anew puts every file in a new generation's folder,
    /// most of them with the bytes they had. Both sites' manifests give the digests; images,
    /// linked from the cache and named by theirs, are left out.
    /// Also the previous snapshot's manifest, by path, for the new manifest to take the
    /// digests of the files the snapshot shares with it rather than hash them again.
    private func sharedCopies(staging: String) -> (copies: [String: String], listed: [String: Manifest.File]) {
        guard let previousFolder else { return ([:], [:]) }
        var earlier: [String: String] = [:]
        var listed: [String: Manifest.File] = [:]
        _ = try? Manifest.read(from: URL(fileURLWithPath: previousFolder)) { file in
            listed[file.path] = file
            if !file.path.hasPrefix(SitePaths.imagesFolder), self.isShared(file.path) { earlier[file.sha256] = file.path }
        }
        var copies: [String: String] = [:]
        _ = try? Manifest.read(from: URL(fileURLWithPath: staging)) { file in
            if let path = earlier[file.sha256], PlainFile.isShareable(previousFolder + "/" + path) { copies[file.path] = previousFolder + "/" + path }
        }
        return (copies, listed)
    }

    /// The fingerprints of a snapshot's feed pages, in page order.
    static let feedPagesFile = "feed-pages.txt"

    /// Removes the folder and what is in it.
    public func discard() {
        FolderRemoval.remove(folder)
    }

    /// Whether a file of the live site is the snapshot's as it is: everything but its pages,
    /// which a snapshot renders with its bar, its feeds and sitemaps, which name the live
    /// site's addresses, its manifest, and each locale's search index: a snapshot's pages
    /// search the history's.
    func isShared(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return !name.hasSuffix(".html") && name != Manifest.fileName && !name.hasPrefix("sitemap") && name != "feed.json" && name != "feed.atom"
            && !renderers.contains { path.hasPrefix($0.paths.searchFolder) }
    }

    private func pagesExist(of id: UUID, in previousFolder: String) -> Bool {
        renderers.allSatisfy { PlainFile.isShareable(previousFolder + "/" + $0.paths.commentsPage(for: id)) }
    }

    private func write(_ html: String, to path: String) throws {
        try PublishError.naming(folder + "/" + path) { try PlainFile.write(Data(html.utf8), to: folder + "/" + path, asNewFile: true) }
    }
}
