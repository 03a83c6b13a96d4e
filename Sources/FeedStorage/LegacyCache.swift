import FeedCore
import FileSystem
import Foundation
import Hashing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The cache layout of feedsite before the database, one file per fact, taken over once:
///
///     feed.json                     the saved feed (`CacheCodec.feed`)
///     comments/<xx>/<ID>.json       each image's comments (`CacheCodec.comments`)
///     images/index/<xx>/<sha(url)>  a hard link (or copy) of the URL's blob
///     images/references             when each blob was last referred to (binary, below)
///     images/blobs/…                the bytes: the same in both layouts, left where they are
///
/// `<xx>` is the first two hex digits of the name, lower-case. A file is taken for one of
/// the earlier release's only when its name has that shape and its bytes read as that
/// file; `CacheFolder` refuses a folder holding anything else, so the import never reads,
/// and never removes, a file that is not the earlier release's.
public enum LegacyCache {
    /// What was taken over.
    public struct Imported: Equatable, Sendable {
        /// The cached feed's items, `nil` when there was no feed.
        public var feedItems: Int?
        public var comments = 0
        public var imageURLs = 0
        /// Files recognised as the earlier layout's that no longer read when imported (changed
        /// meanwhile): not imported, and left where they are.
        public var skipped = 0
    }

    /// The earlier layout's files in a cache folder, as absolute paths: each one whole and
    /// of the earlier release's shape.
    public struct Files: Equatable, Sendable {
        var feed: String?
        var comments: [String] = []
        var index: [String] = []
        var references: String?
        /// The layout's folders (`comments`, its shards, `images/index`, its shards),
        /// deepest first: removed once the files are, when they hold nothing else.
        var folders: [String] = []

        public var isEmpty: Bool { feed == nil && comments.isEmpty && index.isEmpty && references == nil && folders.isEmpty }
    }

    static let feedFile = "feed.json"
    static let commentsFolder = "comments"
    static let indexFolder = "index"
    static let referencesFile = "references"

    // MARK: - Recognising

    /// Whether the file at `path` is the earlier release's `feed.json`.
    static func isFeedFile(_ path: String) -> Bool {
        read(path).flatMap(CacheCodec.feed.decode) != nil
    }

    /// Whether the file at `path` is the earlier release's `images/references`.
    static func isReferencesFile(_ path: String) -> Bool {
        read(path).flatMap(references(in:)) != nil
    }

    /// Sorts the entries of the earlier layout's `comments` folder: each
    /// `<xx>/<ID>.json` that reads as a comments file goes into `files`; anything else, by
    /// its path from the cache folder, into `others`.
    static func recognizeComments(in folder: String, _ files: inout Files, others: inout [String]) {
        recognizeSharded(folder, relative: commentsFolder, &files.folders, others: &others) { shard, name, path in
            guard name.hasSuffix(".json"), let id = UUID(text: name.dropLast(5)), shard == shardName(of: id.uuidString),
                let data = read(path), let contents = CacheCodec.comments.decode(data), (try? CacheCodec.comments.array(contents.value)) != nil
            else { return false }
            files.comments.append(path)
            return true
        }
    }

    /// Sorts the entries of the earlier layout's `images/index` folder: each
    /// `<xx>/<64 hex digits>` file goes into `files` (its bytes are an image, any image);
    /// anything else into `others`.
    static func recognizeIndex(in folder: String, _ files: inout Files, others: inout [String]) {
        recognizeSharded(folder, relative: "images/\(indexFolder)", &files.folders, others: &others) { shard, name, path in
            guard SHA256.Digest(hex: name) != nil, name == name.lowercased(), shard == shardName(of: name),
                (try? PlainFile.kind(of: path)) == .file
            else { return false }
            files.index.append(path)
            return true
        }
    }

    /// Walks `<folder>/<xx>/<name>`: `accept` takes the files it recognises; temporary files
    /// are a killed run's and are left to `CacheJanitor`; the rest goes into `others`.
    private static func recognizeSharded(
        _ folder: String, relative: String, _ folders: inout [String], others: inout [String], accept: (String, String, String) -> Bool
    ) {
        guard let shards = try? PlainFile.entries(inFolder: folder) else {
            others.append(relative)
            return
        }
        for shard in shards {
            let shardPath = "\(folder)/\(shard.name)"
            guard shard.isFolder, isShardName(shard.name), let names = try? PlainFile.entries(inFolder: shardPath) else {
                if !shard.name.hasPrefix(AtomicFile.temporaryMarker) { others.append("\(relative)/\(shard.name)") }
                continue
            }
            for entry in names where !entry.name.hasPrefix(AtomicFile.temporaryMarker) {
                if entry.isFolder || !accept(shard.name, entry.name, "\(shardPath)/\(entry.name)") {
                    others.append("\(relative)/\(shard.name)/\(entry.name)")
                }
            }
            folders.append(shardPath)
        }
        folders.append(folder)
    }

    /// Two lower-case hex digits: a shard folder's name in both layouts.
    static func isShardName(_ name: String) -> Bool {
        name.utf8.count == 2
            && name.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    private static func shardName(of name: String) -> String {
        String(name.prefix(2)).lowercased()
    }

    /// A regular file's bytes; `nil` for anything else (`PlainFile.read` never reads a device
    /// or a pipe).
    private static func read(_ path: String) -> Data? {
        (try? PlainFile.read(path)) ?? nil
    }

    // MARK: - Importing

    /// Imports `files` into the database, in the caller's transaction; a file that no longer
    /// reads is left out of `files`, so it is not removed.
    static func importFiles(_ files: inout Files, in folder: URL, _ connection: CacheDatabase.Connection, now: Date) throws -> Imported {
        let base = folder.path
        var imported = Imported()
        if let feedPath = files.feed {
            if let contents = read(feedPath).flatMap(CacheCodec.feed.decode) {
                let feed = contents.value.map { FeedItem(image: $0.image, firstSeen: $0.firstSeen ?? contents.timestamp) }
                try SQLiteFeedStore.replace(with: feed, savedAt: contents.timestamp, connection)
                imported.feedItems = feed.count
                imported.imageURLs = try indexImages(of: feed, base: base, connection, now: now)
            } else {
                imported.skipped += 1
                files.feed = nil
            }
        }
        var unread: Set<String> = []
        for path in files.comments {
            let name = (path as NSString).lastPathComponent
            guard let id = UUID(text: name.dropLast(5)), let contents = read(path).flatMap(CacheCodec.comments.decode),
                let json = try? CacheCodec.comments.array(contents.value)
            else {
                imported.skipped += 1
                unread.insert(path)
                continue
            }
            try SQLiteCommentsStore.save(json, validators: contents.validators, savedAt: contents.timestamp, imageID: id, connection)
            imported.comments += 1
        }
        files.comments.removeAll(where: unread.contains)
        if let referencesPath = files.references {
            guard let records = read(referencesPath).flatMap(references(in:)) else {
                imported.skipped += 1
                files.references = nil
                return imported
            }
            for (sha256, date) in records where FileManager.default.fileExists(atPath: SQLiteImageStore.blobPath(for: sha256, in: "\(base)/images")) {
                try SQLiteImageStore.refer(to: sha256, at: date, connection)
            }
        }
        return imported
    }

    /// Points each feed URL whose index entry leads to a stored blob at it: the entry's bytes,
    /// hashed, name the blob. The number of URLs.
    private static func indexImages(of feed: [FeedItem], base: String, _ connection: CacheDatabase.Connection, now: Date) throws -> Int {
        var count = 0
        for url in Set(feed.map(\.image.url)) {
            let key = SHA256.hexDigest(Array(url.absoluteString.utf8))
            let entry = "\(base)/images/\(indexFolder)/\(key.prefix(2))/\(key)"
            guard let digest = try? FileDigest.sha256(ofFileAtPath: entry),
                FileManager.default.fileExists(atPath: SQLiteImageStore.blobPath(for: digest.sha256, in: "\(base)/images"))
            else { continue }
            try SQLiteImageStore.refer(to: digest.sha256, at: now, connection)
            try SQLiteImageStore.index(url, to: digest.sha256, connection)
            count += 1
        }
        return count
    }

    /// The references file: a header line, then 36-byte records sorted by digest, each the
    /// blob's 32-byte SHA-256 and 4 bytes of hours since 1970, little-endian. `nil` when the
    /// bytes are not such a file.
    static func references(in data: Data) -> [(sha256: String, lastReferred: Date)]? {
        let header = Array("feedsite image references 1\n".utf8)
        let recordSize = 36
        guard data.count >= header.count, data.prefix(header.count).elementsEqual(header), (data.count - header.count) % recordSize == 0 else {
            return nil
        }
        let bytes = [UInt8](data.dropFirst(header.count))
        return stride(from: 0, to: bytes.count, by: recordSize).map { start in
            let digest = SHA256.Digest(Array(bytes[start..<start + 32]))
            let hours = bytes[start + 32..<start + recordSize].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            return (digest.hex, Date(timeIntervalSince1970: TimeInterval(Int32(bitPattern: hours)) * 3600))
        }
    }

    // MARK: - Removing

    /// Removes `files`, then each of their folders that is left empty; what could not be
    /// removed, each with why. Nothing else is touched: a folder still holding something
    /// stays.
    static func removeFiles(_ files: Files) -> [String] {
        var problems: [String] = []
        for path in [files.feed, files.references].compactMap({ $0 }) + files.comments + files.index where unlink(path) != 0 && errno != ENOENT {
            problems.append("\(path): \(String(cString: strerror(errno)))")
        }
        for folder in files.folders {
            rmdir(folder)  // only when empty
        }
        return problems
    }
}
