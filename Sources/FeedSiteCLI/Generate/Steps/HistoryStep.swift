import FileSystem
import Foundation
import History
import Publishing
import SiteGenerator

/// With `--history`, once the live site is published: its snapshot put into the history,
/// the calendar and the bar's list made anew, and all of it on the disk.
struct HistoryStep: RunStep {
    let prepared: SnapshotDraft.Prepared
    let output: URL
    /// The live site's renderers, for the calendar in each locale.
    let renderers: [SiteRenderer]
    let script: Data
    let facts: Manifest.Run
    let report: RunReport

    var name: String { "history" }
    var phase: RunPhase { .publish }

    func run(_ progress: StepProgress) async throws -> StepDone {
        let history = HistoryFolder(output: output)
        let kept = history.snapshots().compactMap { SnapshotFacts.read(from: history.folder(of: $0)) }
        let files = try HistoryPages(renderers: renderers, script: script).files(for: kept + [prepared.facts])
        try history.commit(
            draft: prepared.folder, as: prepared.facts.name, files: files, thinned: [], generator: "\(Manifest.generatorName) \(Usage.version)",
            run: facts)
        try await DiskSync.flush([output.path])
        report.detail("history: snapshot \(prepared.facts.name.text), \(kept.count + 1) in the history")
        return StepDone()
    }
}
