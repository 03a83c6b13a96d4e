import FileSystem
import Foundation
import Publishing
import SiteGenerator

/// Brings a history up to date, as a run does once its site is published and as
/// `feedsite history prune` does alone: puts the run's snapshot in (if it made one), thins
/// the snapshots `policy` no longer keeps, leaving of each what no kept snapshot shows
/// (`SnapshotLeftover`), and makes the history's own files anew: the items, their search,
/// the pages of what changed, the calendar and the bar's list. Either all of it is in place
/// afterwards or, when a step fails, the history is as it was.
public struct HistoryUpdate: Sendable {
    public let history: HistoryFolder
    public let policy: HistoryKeepPolicy
    /// The clock thinning counts ages from.
    public let now: Date
    /// The live site's renderers, for the calendar and the pages of what changed in each locale.
    public let renderers: [SiteRenderer]
    /// The history's script, `history.js`.
    public let script: Data
    /// What the manifests name as their maker, and the run's facts they record.
    public let generator: String
    public let facts: Manifest.Run

    public init(
        history: HistoryFolder, policy: HistoryKeepPolicy, now: Date, renderers: [SiteRenderer], script: Data, generator: String, facts: Manifest.Run
    ) {
        self.history = history
        self.policy = policy
        self.now = now
        self.renderers = renderers
        self.script = script
        self.generator = generator
        self.facts = facts
    }

    /// What an update did.
    public struct Outcome: Equatable, Sendable {
        /// The snapshots kept, oldest first, with their facts.
        public let kept: [SnapshotFacts]
        /// The snapshots thinned away.
        public let thinned: [SnapshotName]
        /// Of those, the ones whose folder keeps item pages no kept snapshot shows.
        public let leftovers: [SnapshotName]
        /// Whether the history's own manifest was missing and was made anew.
        public let lostManifest: Bool

        public init(kept: [SnapshotFacts], thinned: [SnapshotName], leftovers: [SnapshotName], lostManifest: Bool) {
            self.kept = kept
            self.thinned = thinned
            self.leftovers = leftovers
            self.lostManifest = lostManifest
        }
    }

    /// Whether a history needs an update without a new snapshot: the policy thins one now,
    /// or its own files lag behind its folders.
    public static func isDue(_ history: HistoryFolder, policy: HistoryKeepPolicy, now: Date) -> Bool {
        history.indexesAreBehind() || !policy.thinned(history.snapshots(), now: now).isEmpty
    }

    /// Puts `prepared` in, when given, thins, and makes the history's own files anew.
    public func apply(_ prepared: SnapshotDraft.Prepared?) throws -> Outcome {
        let lostManifest = history.lacksManifest && !history.snapshots().isEmpty
        var own: [SnapshotName: SnapshotFacts] = [:]
        if let prepared { own[prepared.facts.name] = prepared.facts }
        // A snapshot whose facts cannot be read is left where it is, for verify to name, and
        // out of the calendar.
        for name in history.snapshots() { own[name] = SnapshotFacts.read(from: history.folder(of: name)) }
        let all = own.keys.sorted()
        guard let new = prepared?.facts.name ?? all.last else { return Outcome(kept: [], thinned: [], leftovers: [], lostManifest: false) }
        let keptNames = policy.kept(all, now: now)
        let thinned = policy.thinned(all, now: now)
        let remembered = history.rememberedFacts()
        var read: [SnapshotName: [SnapshotRecord]] = [:]
        func records(_ name: SnapshotName) throws -> [SnapshotRecord] {
            if let known = read[name] { return known }
            let draft = prepared.flatMap { $0.facts.name == name ? $0.folder : nil }
            let records = try SnapshotIndex.read(from: draft ?? history.folder(of: name)).records()
            read[name] = records
            return records
        }
        let kept = try HistoryLineage.facts(of: all.filter(keptNames.contains), own: own, remembered: remembered, records: records)
        let items = updatedItems(existing: all.filter { $0 != prepared?.facts.name }, adding: prepared, thinned: thinned)
        let scratch = history.leftoversFolder()
        FolderRemoval.remove(scratch)
        defer { FolderRemoval.remove(scratch) }
        let leftovers = try makeLeftovers(of: thinned, keeping: items, scratch: scratch)
        // The lineage's file comes last: while it lags behind the folders, the next run makes
        // every other file again.
        var files = items.searchFiles() + items.spanFiles() + [(HistoryItems.fileName, items.data)]
        let pages = try changesPages(of: kept.map(\.name), adding: prepared, records: records)
        files += pages
        if let first = renderers.first {
            let byPath = Dictionary(pages.map { ($0.path, $0.data) }, uniquingKeysWith: { first, _ in first })
            files.append((HistoryChangesFeed.fileName, try HistoryChangesFeed.data(of: kept, in: first) { byPath[$0] }))
        }
        files += try HistoryPages(renderers: renderers, script: script).files(for: kept, itemsShard: items.shardLength)
        files.append((HistoryLineage.fileName, Data(kept.map(\.line).joined().utf8)))
        try history.commit(draft: prepared?.folder, as: new, files: files, thinned: thinned, leftovers: leftovers, generator: generator, run: facts)
        return Outcome(kept: kept, thinned: thinned, leftovers: leftovers.keys.sorted(), lostManifest: lostManifest)
    }

    /// The page of what each kept snapshot changed since the one before it, in each
    /// locale: as it is when the history has it, else made now.
    private func changesPages(of kept: [SnapshotName], adding prepared: SnapshotDraft.Prepared?, records: (SnapshotName) throws -> [SnapshotRecord])
        throws -> [(path: String, data: Data)]
    {
        var files: [(path: String, data: Data)] = []
        for (from, to) in zip(kept, kept.dropFirst()) {
            let paths = renderers.map { HistoryChangesPage.path(from: from, to: to, in: $0) }
            let existing = paths.map { try? PlainFile.readRegular(history.path + "/" + $0, maxBytes: 1 << 30) }
            if existing.allSatisfy({ $0 != nil }) {
                files += zip(paths, existing).map { ($0, $1 ?? Data()) }
                continue
            }
            let changes =
                if let prepared, prepared.facts.name == to, prepared.facts.previous == from { prepared.changes } else {
                    SnapshotChanges(from: try records(from), to: try records(to))
                }
            let draft = prepared.flatMap { $0.facts.name == to ? $0.folder : nil }
            files += try HistoryChangesPage.files(changes, from: from, to: to, renderers: renderers) { name in
                name == to ? draft ?? history.folder(of: name) : history.folder(of: name)
            }
        }
        return files
    }

    /// What thinning leaves of each snapshot in `thinned` that holds the page of an item
    /// version no kept snapshot shows (`items.held(by:)`), made in a folder each under
    /// `scratch`, by the snapshot's name.
    private func makeLeftovers(of thinned: [SnapshotName], keeping items: HistoryItems, scratch: String) throws -> [SnapshotName: String] {
        var leftovers: [SnapshotName: String] = [:]
        for name in thinned {
            let held = items.held(by: name)
            guard !held.isEmpty else { continue }
            let folder = history.folder(of: name)
            let index = try SnapshotIndex.read(from: folder)
            let records = try held.compactMap { try index.record(for: $0.id) }
            let draft = scratch + "/" + name.text
            try FileSystemError.wrap { try FileManager.default.createDirectory(atPath: draft, withIntermediateDirectories: true) }
            try SnapshotLeftover.make(
                in: draft, from: folder, name: name, keeping: records, renderers: renderers.map { $0.inHistory(.archived) }, generator: generator,
                run: facts)
            leftovers[name] = draft
        }
        return leftovers
    }

    /// The history's items brought up to this run: its snapshot added, the thinned ones
    /// removed.
    private func updatedItems(existing: [SnapshotName], adding prepared: SnapshotDraft.Prepared?, thinned: [SnapshotName]) -> HistoryItems {
        let remembered = (try? PlainFile.read(history.path + "/" + HistoryItems.fileName)).flatMap { $0 }.flatMap(HistoryItems.init)
        let addition = prepared.map { prepared in
            // Read only for an item the history has no document of, which a whole history never lacks.
            var index: SnapshotIndex?? = nil
            return HistoryItems.Addition(
                name: prepared.facts.name, ids: prepared.ids, versions: prepared.versions, firstSeen: prepared.firstSeen, documents: prepared.documents
            ) { id in
                if index == nil { index = .some(try? SnapshotIndex.read(from: prepared.folder)) }
                return (try? index??.record(for: id)).flatMap { $0 }.map(HistoryItems.Document.init) ?? HistoryItems.Document(bare: id)
            }
        }
        return HistoryItems.updated(
            remembered: remembered, existing: existing, adding: addition, thinned: thinned,
            snapshot: { name in try? SnapshotIndex.read(from: history.folder(of: name)) },
            leftovers: { history.leftovers().compactMap { name in SnapshotLeftover.records(in: history.folder(of: name)).map { (name, $0) } } })
    }
}
