import FileSystem
import Foundation

/// The file `--metrics-file` names, written at the end of every run that got past the
/// command line, whatever its outcome: to a temporary name beside it, then renamed, so
/// node_exporter reads the previous run's figures or this one's, never half of either.
struct MetricsFile: Sendable {
    /// The file's real path: a symbolic link is followed, so the link stays in place.
    let path: String

    /// Why the file was not written; the run's outcome stands.
    struct NotWritten: Error, Equatable, CustomStringConvertible {
        let path: String
        let reason: String

        var description: String { "metrics file \(path) not written: \(reason); the run's exit status is unaffected" }
    }

    /// The biggest previous file read back: feedsite writes about 3 kB, and a path that
    /// names something else entirely is not read whole.
    private static let previousFileLimit = 64 * 1024

    /// Writes `metrics`, carrying over the last success and publish times from the file
    /// already here. Creates no folder: a missing one is more likely a typo than a wish.
    /// Refuses to replace a file it cannot read, which would lose those times.
    func write(_ metrics: RunMetrics) throws(NotWritten) {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            switch try PlainFile.kind(of: folder) {
            case .folder: break
            case .missing: throw NotWritten(path: path, reason: "the folder \(folder) does not exist")
            case .file, .other: throw NotWritten(path: path, reason: "\(folder) is not a folder")
            }
            var previous: String?
            switch try PlainFile.kind(of: path) {
            case .missing: break
            case .file:
                let bytes = try PlainFile.readPrefix(path, count: Self.previousFileLimit) ?? []
                previous = String(decoding: bytes, as: UTF8.self)
            case .folder, .other:
                throw NotWritten(path: path, reason: "it is not a regular file")
            }
            let text = metrics.text(history: metrics.history(after: RunMetrics.History(previousFile: previous)))
            try AtomicFile.write(Data(text.utf8), to: URL(fileURLWithPath: path))
        } catch let error as NotWritten {
            throw error
        } catch {
            throw NotWritten(path: path, reason: "\(error)")
        }
    }
}
