import FileSystem
import Foundation
import History
import Publishing
import SiteGenerator

/// With `--history`, once the live site is published: its snapshot put into the history,
/// the snapshots `--history-keep` no longer keeps removed, the calendar and the bar's list
/// made anew, and all of it on the disk. Without a snapshot, the step only makes the
/// history's own files catch up with its folders, after a run killed in between. When the
/// history cannot be brought up to date it is left as it was, and the run fails
/// (`RunError.historyNotKept`), its site published.
struct HistoryStep: RunStep {
    let prepared: SnapshotDraft.Prepared?
    let output: URL
    let policy: HistoryKeepPolicy
    /// The run's clock, which thinning counts ages from.
    let now: Date
    /// The live site's renderers, for the calendar in each locale.
    let renderers: [SiteRenderer]
    let script: Data
    let facts: Manifest.Run
    let report: RunReport

    var name: String { "history" }
    var phase: RunPhase { .publish }

    struct Outcome: StepOutcome {
        /// What the snapshot put in changed; `nil` when the step only caught up.
        let changes: HistoryChanges?

        func record(in summary: inout RunSummary) {
            if let changes { summary.historyChanges = changes }
        }
    }

    /// Says what the snapshot changed, in one line at the default level, once it is in.
    func run(_ progress: StepProgress) async throws -> Outcome {
        do {
            try keep()
        } catch let error where !(error is CancellationError) {
            throw RunError.historyNotKept(reason: error)
        }
        try await DiskSync.flush([output.path])
        guard let prepared else { return Outcome(changes: nil) }
        let changes = HistoryChanges(prepared.changes)
        let what = prepared.facts.previous == nil ? "the first, \(prepared.facts.items) items" : changes.text
        report.reporter.info("history: snapshot \(prepared.facts.name.text): \(what)")
        return Outcome(changes: changes)
    }

    /// Puts the snapshot in, thins, and makes the history's own files anew.
    private func keep() throws {
        let history = HistoryFolder(output: output)
        let lostManifest = history.lacksManifest && !history.snapshots().isEmpty
        var own: [SnapshotName: SnapshotFacts] = [:]
        if let prepared { own[prepared.facts.name] = prepared.facts }
        // A snapshot whose facts cannot be read is left where it is, for verify to name, and
        // out of the calendar.
        for name in history.snapshots() { own[name] = SnapshotFacts.read(from: history.folder(of: name)) }
        let all = own.keys.sorted()
        guard let new = prepared?.facts.name ?? all.last else { return }
        let keptNames = policy.kept(all, now: now)
        let thinned = policy.thinned(all, now: now)
        let remembered = (try? PlainFile.read(history.path + "/" + HistoryLineage.fileName)).flatMap { $0 }.map(SnapshotFacts.lines) ?? []
        var read: [SnapshotName: [SnapshotRecord]] = [:]
        func records(_ name: SnapshotName) throws -> [SnapshotRecord] {
            if let known = read[name] { return known }
            let draft = prepared.flatMap { $0.facts.name == name ? $0.folder : nil }
            let records = try SnapshotIndex.read(from: draft ?? history.folder(of: name)).records()
            read[name] = records
            return records
        }
        let kept = try HistoryLineage.facts(of: all.filter(keptNames.contains), own: own, remembered: remembered, records: records)
        let items = updatedItems(in: history, existing: all.filter { $0 != prepared?.facts.name }, thinned: thinned)
        let scratch = history.leftoversFolder()
        FolderRemoval.remove(scratch)
        defer { FolderRemoval.remove(scratch) }
        let leftovers = try makeLeftovers(of: thinned, keeping: items, in: history, scratch: scratch)
        // The lineage's file comes last: while it lags behind the folders, the next run makes
        // every other file again.
        var files = items.searchFiles() + items.spanFiles() + [(HistoryItems.fileName, items.data)]
        files += try changesPages(of: kept.map(\.name), in: history, records: records)
        files += try HistoryPages(renderers: renderers, script: script).files(for: kept)
        files.append((HistoryLineage.fileName, Data(kept.map(\.line).joined().utf8)))
        try history.commit(
            draft: prepared?.folder, as: new, files: files, thinned: thinned, leftovers: leftovers, generator: "\(Manifest.generatorName) \(Usage.version)",
            run: facts)
        if lostManifest {
            report.reporter.warning("history: \(history.path)/\(Manifest.fileName) was missing; made anew with the history's own files, from its snapshots")
        }
        let made =
            prepared != nil
            ? "" : lostManifest ? "its own files made anew from its snapshots; " : "the calendar caught up with a snapshot an interrupted run put in; "
        report.detail("history: \(made)\(kept.count) kept\(thinned.isEmpty ? "" : ", \(thinned.count) thinned by \(policy)")")
    }

    /// The page of what each kept snapshot changed since the one before it, in each
    /// locale: as it is when the history has it, else made now.
    private func changesPages(of kept: [SnapshotName], in history: HistoryFolder, records: (SnapshotName) throws -> [SnapshotRecord]) throws
        -> [(path: String, data: Data)]
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
            files += try HistoryChangesPage.files(changes, from: from, to: to, renderers: renderers)
        }
        return files
    }

    /// What thinning leaves of each snapshot in `thinned` that holds the page of an item
    /// version no kept snapshot shows (`items.held(by:)`), made in a folder each under
    /// `scratch`, by the snapshot's name.
    private func makeLeftovers(of thinned: [SnapshotName], keeping items: HistoryItems, in history: HistoryFolder, scratch: String) throws
        -> [SnapshotName: String]
    {
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
                in: draft, from: folder, name: name, keeping: records, renderers: renderers.map { $0.inHistory(.archived) },
                generator: "\(Manifest.generatorName) \(Usage.version)", run: facts)
            leftovers[name] = draft
        }
        return leftovers
    }

    /// The history's items brought up to this run: its snapshot added, the thinned ones
    /// removed.
    private func updatedItems(in history: HistoryFolder, existing: [SnapshotName], thinned: [SnapshotName]) -> HistoryItems {
        let remembered = (try? PlainFile.read(history.path + "/" + HistoryItems.fileName)).flatMap { $0 }.flatMap(HistoryItems.init)
        let addition = prepared.map { prepared in
            // Read only for an item the history has no document of, which a whole history never lacks.
            var index: SnapshotIndex?? = nil
            return HistoryItems.Addition(name: prepared.facts.name, ids: prepared.ids, versions: prepared.versions, documents: prepared.documents) { id in
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
