import FileSystem
import Foundation

/// The latest capture in a web archive's folder of each URL whose answer came with a
/// validator (`ETag`, `Last-Modified`): what a later 304 for that URL confirms, so its
/// `revisit` record can name the payload and the record it refers to, and a replay tool
/// can serve that payload. Kept beside the archive's files, a line a URL (URL, payload
/// digest, capture time, record ID, by tabs, which a URL never holds), read when a run
/// begins and written whole when it finishes.
public final class ValidatedCaptures {
    public struct Capture: Equatable, Sendable {
        /// The payload's digest, as records write one (`sha1:…`).
        public let digest: String
        /// The capture's `WARC-Date`.
        public let date: String
        /// The record's reference (`<urn:uuid:…>`).
        public let record: String

        public init(digest: String, date: String, record: String) {
            self.digest = digest
            self.date = date
            self.record = record
        }
    }

    /// The file's name in the folder.
    public static let fileName = ".feedsite-warc-captures.tsv"

    private let path: String
    private var byURL: [String: Capture] = [:]
    private var changed = false

    /// The captures noted in `folder`, none when it has no file yet; a line that is not
    /// one is passed over.
    public init(folder: String) throws {
        path = folder + "/" + Self.fileName
        guard let data = try PlainFile.readRegular(path, maxBytes: 1 << 30) else { return }
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard parts.count == 4, parts.allSatisfy({ !$0.isEmpty }) else { continue }
            byURL[String(parts[0])] = Capture(digest: String(parts[1]), date: String(parts[2]), record: String(parts[3]))
        }
    }

    /// The latest capture of `url`.
    public func latest(of url: String) -> Capture? {
        byURL[url]
    }

    /// `url` was captured anew.
    public func note(_ capture: Capture, of url: String) {
        byURL[url] = capture
        changed = true
    }

    /// Writes the file whole, in place of the one there was, when a capture was noted.
    public func save() throws {
        guard changed else { return }
        try AtomicFile.write(toPath: path) { writer in
            for (url, capture) in byURL.sorted(by: { $0.key < $1.key }) {
                try writer.write("\(url)\t\(capture.digest)\t\(capture.date)\t\(capture.record)\n")
            }
        }
    }
}
