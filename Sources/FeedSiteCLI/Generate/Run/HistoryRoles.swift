import FileSystem
import Foundation
import History
import Publishing
import SiteGenerator

/// With `--history`, the run's snapshot as it is made: each item's page decided as its
/// comments arrive (`ItemSink`), then, once the site is whole, the snapshot finished beside
/// it, or thrown away when the data is as the latest snapshot has it.
protocol SnapshotMaking: ItemSink {
    /// The latest snapshot before this run's, if any.
    var previousName: SnapshotName? { get }
    /// The snapshot finished, ready to be put into the history; `nil` when nothing changed.
    func finish(entries: [SiteEntry], pageSize: Int, feedSavedAt: Date?, run: Manifest.Run) throws -> SnapshotDraft.Prepared?
}

/// With `--history`, the history, brought up to date once the live site is published.
protocol HistoryKeeping: Sendable {
    /// The history's folder, for what a run says of it.
    var path: String { get }
    /// `--history-keep`: which snapshots it keeps.
    var policy: HistoryKeepPolicy { get }
    /// Whether the policy thins a snapshot now, or the history's own files lag behind its
    /// folders: without a new snapshot, there is nothing to do unless one of them is.
    func isDue() -> Bool
    /// Puts `prepared` in (when given), thins, and makes the history's own files anew with
    /// the run's `facts`; either all of it is done or the history is as it was.
    func keep(_ prepared: SnapshotDraft.Prepared?, facts: Manifest.Run) throws -> HistoryUpdate.Outcome
    /// Has what `keep` wrote on the disk.
    func flush() async throws
}

/// The snapshot a real run makes, in a folder beside the site it stages.
struct StagedSnapshot: SnapshotMaking {
    let draft: SnapshotDraft
    /// The staging folder, whose files the snapshot links.
    let staging: String

    var previousName: SnapshotName? { draft.previousName }

    func add(_ item: LoadedItem) throws {
        try draft.add(item)
    }

    func finish(entries: [SiteEntry], pageSize: Int, feedSavedAt: Date?, run: Manifest.Run) throws -> SnapshotDraft.Prepared? {
        try draft.finish(
            entries: entries, pageSize: pageSize, feedSavedAt: feedSavedAt, staging: staging, generator: Usage.generator,
            run: run)
    }
}

/// The history of a real run, in the output's `history/` folder.
struct HistoryOnDisk: HistoryKeeping {
    let output: URL
    let policy: HistoryKeepPolicy
    /// The run's clock, which thinning counts ages from.
    let now: Date
    /// The live site's renderers, for the calendar in each locale.
    let renderers: [SiteRenderer]
    let script: Data

    var path: String { HistoryFolder(output: output).path }

    func isDue() -> Bool {
        HistoryUpdate.isDue(HistoryFolder(output: output), policy: policy, now: now)
    }

    func keep(_ prepared: SnapshotDraft.Prepared?, facts: Manifest.Run) throws -> HistoryUpdate.Outcome {
        let update = HistoryUpdate(
            history: HistoryFolder(output: output), policy: policy, now: now, renderers: renderers, script: script,
            generator: Usage.generator, facts: facts)
        return try update.apply(prepared)
    }

    func flush() async throws {
        try await DiskSync.flush([output.path])
    }
}
