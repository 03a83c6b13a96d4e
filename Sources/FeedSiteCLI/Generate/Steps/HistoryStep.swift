import FileSystem
import Foundation
import History
import Publishing
import SiteGenerator

/// With `--history`, once the live site is published: the history brought up to date by
/// `HistoryUpdate` (its snapshot put in, the snapshots `--history-keep` no longer keeps
/// thinned, its own files made anew) and all of it on the disk. The policy applies at every
/// run, the data changed or not: without a snapshot, the step thins what the policy no
/// longer keeps, or makes the history's own files catch up with its folders after a run
/// killed in between, and does nothing when neither is due. When the history cannot be read
/// (`unreadable`) or brought up to date it is left as it was, and the run fails
/// (`RunError.historyNotKept`), its site published.
struct HistoryStep: RunStep {
    let prepared: SnapshotDraft.Prepared?
    /// Why the history could not be read when the run began, if it could not.
    var unreadable: (any Error)?
    let history: any HistoryKeeping
    let facts: Manifest.Run
    let report: RunReport

    var name: String { "history" }
    var phase: RunPhase { .publish }

    struct Outcome: StepOutcome {
        /// What the snapshot put in changed; `nil` when the step only caught up.
        let changes: HistoryChanges?
        /// The snapshot's folder's name, when one was put in.
        var snapshot: String? = nil

        func record(in summary: inout RunSummary) {
            if let changes { summary.historyChanges = changes }
            if let snapshot { summary.snapshotMade = snapshot }
        }
    }

    /// Says what the snapshot changed, in one line at the default level, once it is in.
    func run(_ progress: StepProgress) async throws(RunError) -> Outcome {
        try await failing { try await work(progress) }
    }

    private func work(_ progress: StepProgress) async throws -> Outcome {
        if let unreadable { throw RunError.historyNotKept(reason: unreadable) }
        guard prepared != nil || history.isDue() else { return Outcome(changes: nil) }
        do {
            try keep()
        } catch let error where !(error is CancellationError) {
            throw RunError.historyNotKept(reason: error)
        }
        try await history.flush()
        guard let prepared else { return Outcome(changes: nil) }
        let changes = HistoryChanges(prepared.changes)
        let what = prepared.facts.previous == nil ? "the first, \(prepared.facts.items) items" : changes.text
        report.reporter.info("history: snapshot \(prepared.facts.name.text): \(what)")
        return Outcome(changes: changes, snapshot: prepared.facts.name.text)
    }

    /// Puts the snapshot in, thins, and makes the history's own files anew.
    private func keep() throws {
        let outcome = try history.keep(prepared, facts: facts)
        if outcome.lostManifest {
            report.reporter.warning(
                "history: \(history.path)/\(Manifest.fileName) was missing; made anew with the history's own files, from its snapshots")
        }
        let thinned = outcome.thinned.isEmpty ? "" : ", \(outcome.thinned.count) thinned by \(history.policy)"
        guard prepared == nil else {
            report.detail("history: \(outcome.kept.count) kept\(thinned)")
            return
        }
        if !outcome.thinned.isEmpty {
            // No snapshot, but the policy thinned: said at the default level, as removing is news.
            report.reporter.info("history: \(outcome.kept.count) kept\(thinned)")
        } else {
            let made = outcome.lostManifest ? "its own files made anew from its snapshots" : "the calendar caught up with a snapshot an interrupted run put in"
            report.detail("history: \(made); \(outcome.kept.count) kept")
        }
    }
}
