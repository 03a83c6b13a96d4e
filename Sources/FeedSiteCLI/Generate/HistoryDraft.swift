import Basics
import Foundation
import History
import SiteGenerator

/// How a `--history` run begins its snapshot: what killed runs left is removed, the latest
/// snapshot is read, and the new one is named and given its folder beside the output.
enum HistoryDraft {
    /// The draft of the run's snapshot; `nil`, with a warning, when the run's clock is
    /// before the latest snapshot's (the history only grows forward).
    static func open(output: URL, now: Date, renderers: [SiteRenderer], report: RunReport) throws -> SnapshotDraft? {
        let history = HistoryFolder(output: output)
        history.removeLeftovers()
        let latest = try history.latest()
        guard let name = SnapshotName.next(at: now, after: latest?.file.name) else {
            report.reporter.warning(
                "history: no snapshot; the run's clock \(ISO8601Date.format(now)) is before the latest snapshot, \(latest?.file.name.text ?? ""), "
                    + "so nothing this run finds is recorded until the clock passes it (a wrong --now, or a clock set back?)")
            return nil
        }
        return try SnapshotDraft(name: name, folder: history.draftFolder(), previous: latest, renderers: renderers)
    }
}
