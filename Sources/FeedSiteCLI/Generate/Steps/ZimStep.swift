import FileSystem
import Foundation

/// With `--zim`, the published site and its history as a ZIM file (or its parts). It is
/// written whole or not at all: a failure or a cancellation leaves no file under its name.
struct ZimStep: RunStep {
    let zim: SiteZim
    let report: RunReport

    var name: String { "zim" }
    var phase: RunPhase { .archive }

    /// Throws `RunError.zimNotWritten`, or `RunError.interrupted`: the site is published
    /// either way.
    func run(_ progress: StepProgress) async throws(RunError) -> StepDone {
        try await writingAfterPublishing(RunError.zimNotWritten) {
            let written = try zim.write { done, total in progress.update(done: done, total: total) }
            try await DiskSync.flush(written.paths)
            report.carried("zim: " + written.summary)
        }
    }
}
