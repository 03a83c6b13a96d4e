import FeedCore
import Foundation

/// `manifest.json`: every file of the site with its size and SHA-256, sorted by path, and
/// the facts of the run that made it. It holds nothing that changes between two runs over
/// the same data and clock (no elapsed time, no download counts), so an unchanged site has
/// an unchanged manifest.
public struct Manifest: Codable, Equatable, Sendable {
    public struct File: Codable, Equatable, Sendable {
        public let path: String
        public let size: Int
        public let sha256: String

        public init(path: String, size: Int, sha256: String) {
            self.path = path
            self.size = size
            self.sha256 = sha256
        }
    }

    /// What the run was and found.
    public struct Run: Codable, Equatable, Sendable {
        public var api: String
        /// The run's clock (`--now`, `SOURCE_DATE_EPOCH` or the current time), ISO 8601.
        public var now: String
        /// `live` or `cache`.
        public var feedSource: String
        /// When the cached feed was saved, for a feed from the cache.
        public var feedSavedAt: String?
        public var locales: [String]
        public var items: Int
        public var feedPages: Int
        public var commentsPages: Int
        public var images: Int
        public var imagesFailed: Int
        public var comments: Int
        public var commentsFromCache: Int
        public var commentsUnavailable: Int

        public init(
            api: String, now: String, feedSource: String, feedSavedAt: String?, locales: [String], items: Int, feedPages: Int, commentsPages: Int,
            images: Int, imagesFailed: Int, comments: Int, commentsFromCache: Int, commentsUnavailable: Int
        ) {
            self.api = api
            self.now = now
            self.feedSource = feedSource
            self.feedSavedAt = feedSavedAt
            self.locales = locales
            self.items = items
            self.feedPages = feedPages
            self.commentsPages = commentsPages
            self.images = images
            self.imagesFailed = imagesFailed
            self.comments = comments
            self.commentsFromCache = commentsFromCache
            self.commentsUnavailable = commentsUnavailable
        }
    }

    public static let fileName = "manifest.json"

    public let generator: String
    public let run: Run
    public let files: [File]

    public init(generator: String, run: Run, files: [File]) {
        self.generator = generator
        self.run = run
        self.files = files.sorted { $0.path < $1.path }
    }

    /// The manifest as JSON, one line per file, so it reads and diffs well and needs no
    /// more memory than its own text even for 100,000 files.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let facts = (try? encoder.encode(run)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        var text = ""
        text.reserveCapacity(200 + facts.utf8.count + files.count * 120)
        text += "{\n  \"generator\": \(JSONText.quoted(generator)),\n"
        text += "  \"run\": " + facts.replacingOccurrences(of: "\n", with: "\n  ") + ",\n"
        text += "  \"files\": ["
        for (index, file) in files.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            text += "    {\"path\": \(JSONText.quoted(file.path)), \"size\": \(file.size), \"sha256\": \"\(file.sha256)\"}"
        }
        text += files.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return Data(text.utf8)
    }

    public enum ReadError: Error, Equatable, Sendable, CustomStringConvertible {
        case missing(String)
        case unreadable(String, reason: String)

        public var description: String {
            switch self {
            case let .missing(path): "no \(Manifest.fileName) in \(path): is it a site made by feedsite?"
            case let .unreadable(path, reason): "cannot read \(path): \(reason)"
            }
        }
    }

    public static func read(from site: URL) throws(ReadError) -> Manifest {
        let file = site.appendingPathComponent(fileName)
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            let reason = FileSystemError.reason(for: error)
            if reason.isNoSuchFile { throw .missing(site.path) }
            throw .unreadable(file.path, reason: reason.description)
        }
        do {
            return try JSONDecoder().decode(Manifest.self, from: data)
        } catch {
            throw .unreadable(file.path, reason: "not a feedsite manifest")
        }
    }
}
