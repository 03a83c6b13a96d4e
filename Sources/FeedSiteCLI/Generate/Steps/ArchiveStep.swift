import Basics
import FileSystem
import Foundation
import History
import Publishing

/// With `--archive`, the published site and its history as a reproducible tar file, the
/// files the history shares as hard links. It is written whole or not at all: a failure or
/// a cancellation leaves the file as it was, or no file. It runs under the output's lock, so
/// no other run or prune changes the history while it is read.
struct ArchiveStep: RunStep {
    let output: URL
    let archive: URL
    /// The run's clock: every entry's modification time.
    let now: Date
    let report: RunReport

    var name: String { "archive" }
    var phase: RunPhase { .archive }

    /// Throws `RunError.archiveNotWritten`, or `RunError.interrupted`: the site is
    /// published either way.
    func run(_ progress: StepProgress) async throws(RunError) -> StepDone {
        try await writingAfterPublishing(RunError.archiveNotWritten) {
            let history = HistoryFolder(output: output)
            let site = output.path
            let files: ((String) throws -> Void) throws -> Void = { body in
                try SiteFiles.walk(site, body)
                try history.eachPublishedFile(body)
            }
            try TarArchive.write(folder: output, files: files, to: archive, modificationDate: now) { done, total in
                progress.update(done: done, total: total)
            }
            try await DiskSync.flush([archive.path])
            report.carried("archive: \(archive.path), \(ByteCountText.approximately(try PlainFile.size(of: archive.path)))")
        }
    }
}
