import Foundation
import History
import Publishing
import SiteGenerator

/// With `--history`, once the live site is whole: the snapshot finished beside it (its feed
/// pages, its kept pages and the live site's files linked, its records and manifest), or
/// thrown away when the data is as the latest snapshot had it.
struct SnapshotStep: RunStep {
    let snapshot: any SnapshotMaking
    let entries: [SiteEntry]
    let pageSize: Int
    /// When the feed was saved, for a feed from the cache.
    let feedSavedAt: Date?
    let facts: Manifest.Run
    let report: RunReport

    var name: String { "snapshot" }
    var phase: RunPhase { .render }

    struct Outcome: StepOutcome {
        let prepared: SnapshotDraft.Prepared?

        /// A run whose data is as the latest snapshot has it changed nothing.
        func record(in summary: inout RunSummary) {
            if prepared == nil { summary.historyChanges = HistoryChanges.none }
        }
    }

    func run(_ progress: StepProgress) throws(RunError) -> Outcome {
        try failingAtOnce { try work(progress) }
    }

    private func work(_ progress: StepProgress) throws -> Outcome {
        let prepared = try snapshot.finish(entries: entries, pageSize: pageSize, feedSavedAt: feedSavedAt, run: facts)
        if prepared == nil, let latest = snapshot.previousName {
            report.reporter.info("history: no change since \(latest.text); no snapshot")
        }
        return Outcome(prepared: prepared)
    }
}
