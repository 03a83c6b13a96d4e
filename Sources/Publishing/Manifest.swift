import Basics
import FileSystem
import Foundation

/// `manifest.json`: every file of the site with its size and SHA-256, sorted by path, and
/// the facts of the run that made it. It holds nothing that changes between two runs over
/// the same data and clock (no elapsed time, no download counts), so an unchanged site has
/// an unchanged manifest. It is written and read a file at a time: one line per file, so it
/// reads and diffs well, and never whole in memory for a 100,000-item site.
public struct Manifest: Equatable, Sendable {
    public struct File: Equatable, Sendable {
        public let path: String
        public let size: Int
        public let sha256: String

        public init(path: String, size: Int, sha256: String) {
            self.path = path
            self.size = size
            self.sha256 = sha256
        }

        /// The file as the manifest lists it, one JSON object on one line.
        var json: String { "{\"path\": \(JSONText.quoted(path)), \"size\": \(size), \"sha256\": \"\(sha256)\"}" }
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
    /// How every manifest feedsite writes begins its `generator`, followed by the version.
    public static let generatorName = "feedsite"

    public let generator: String
    public let run: Run
    public let files: [File]

    public init(generator: String, run: Run, files: [File]) {
        self.generator = generator
        self.run = run
        self.files = files.sorted { $0.path < $1.path }
    }

    /// Writes a manifest a file at a time; files must come sorted by path, one per path.
    final class Writer {
        private let output: BufferedFileWriter
        private var first = true

        init(generator: String, run: Run, to output: BufferedFileWriter) throws(FileSystemError) {
            self.output = output
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let facts = (try? encoder.encode(run)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            try output.write("{\n  \"generator\": \(JSONText.quoted(generator)),\n")
            try output.write("  \"run\": " + facts.replacingOccurrences(of: "\n", with: "\n  ") + ",\n")
            try output.write("  \"files\": [")
        }

        func add(_ file: File) throws(FileSystemError) {
            try output.write((first ? "\n" : ",\n") + "    " + file.json)
            first = false
        }

        /// Ends the list of files; `parts` names the files that list the rest (`Manifest+Parts`).
        func finish(parts: [String] = []) throws(FileSystemError) {
            try output.write(first ? "]" : "\n  ]")
            if !parts.isEmpty { try output.write(",\n  \"parts\": [" + parts.map(JSONText.quoted).joined(separator: ", ") + "]") }
            try output.write("\n}\n")
        }
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

    /// The whole manifest.
    public static func read(from site: URL) throws(ReadError) -> Manifest {
        var files: [File] = []
        let (generator, run) = try read(from: site) { files.append($0) }
        return Manifest(generator: generator, run: run, files: files)
    }

    /// `read(from:eachFile:)` for a `body` that may throw: its first error stops the files
    /// handed to it and is thrown once the manifest is read.
    public static func read(from site: URL, eachFileThrowing body: (File) throws -> Void) throws -> (generator: String, run: Run) {
        try withoutActuallyEscaping(body) { body in
            var failure: (any Error)?
            let facts = try read(from: site) { file in
                guard failure == nil else { return }
                do { try body(file) } catch { failure = error }
            }
            if let failure { throw failure }
            return facts
        }
    }

    /// The manifest's facts, handing its files to `eachFile` one at a time.
    public static func read(from site: URL, eachFile: @escaping (File) -> Void) throws(ReadError) -> (generator: String, run: Run) {
        let path = site.appendingPathComponent(fileName).path
        let data: Data
        do {
            guard let contents = try PlainFile.read(path) else { throw ReadError.missing(site.path) }
            data = contents
        } catch let error as ReadError {
            throw error
        } catch {
            throw .unreadable(path, reason: "\(error)")
        }
        let json = try? JSONReader.read(data, streaming: "files") { value in
            guard let filePath = value["path"]?.string, let size = value["size"]?.number, let sha256 = value["sha256"]?.string else { return false }
            eachFile(File(path: filePath, size: Int(size), sha256: sha256))
            return true
        }
        guard let json, let generator = json["generator"]?.string, let facts = json["run"], let run = Run(facts) else {
            throw .unreadable(path, reason: "not a feedsite manifest")
        }
        for part in json["parts"]?.array ?? [] {
            guard let name = part.string else { throw .unreadable(path, reason: "a part that is not a path") }
            try readPart(name, of: site, eachFile: eachFile)
        }
        return (generator, run)
    }
}

extension Manifest.Run {
    init?(_ json: JSONValue) {
        func text(_ key: String) -> String? { json[key]?.string }
        func count(_ key: String) -> Int? { json[key]?.number.map { Int($0) } }
        guard let api = text("api"), let now = text("now"), let feedSource = text("feedSource"),
            let locales = json["locales"]?.array?.compactMap(\.string),
            let items = count("items"), let feedPages = count("feedPages"), let commentsPages = count("commentsPages"), let images = count("images"),
            let imagesFailed = count("imagesFailed"), let comments = count("comments"), let commentsFromCache = count("commentsFromCache"),
            let commentsUnavailable = count("commentsUnavailable")
        else { return nil }
        self.init(
            api: api, now: now, feedSource: feedSource, feedSavedAt: text("feedSavedAt"), locales: locales, items: items, feedPages: feedPages,
            commentsPages: commentsPages, images: images, imagesFailed: imagesFailed, comments: comments, commentsFromCache: commentsFromCache,
            commentsUnavailable: commentsUnavailable
        )
    }
}
