import FeedCore
import FileSystem
import Foundation
import Hashing

/// The cache layout of feedsite before the database, one file per fact, taken over once:
///
///     feed.json                     the saved feed (`CacheCodec.feed`)
///     comments/<xx>/<ID>.json       each image's comments (`CacheCodec.comments`)
///     images/index/<xx>/<sha(url)>  a hard link (or copy) of the URL's blob
///     images/references             when each blob was last referred to (binary, below)
///     images/blobs/…                the bytes: the same in both layouts, left where they are
///
/// A file that does not read is skipped: that entry is then simply not cached.
public enum LegacyCache {
    /// What was taken over.
    public struct Imported: Equatable, Sendable {
        /// The cached feed's items, `nil` when there was no readable feed.
        public var feedItems: Int?
        public var comments = 0
        public var imageURLs = 0
        /// Files that were there but did not read.
        public var skipped = 0
    }

    static let feedFile = "feed.json"
    static let commentsFolder = "comments"
    static let indexFolder = "images/index"
    static let referencesFile = "images/references"

    /// Imports the old files in `folder`, if there are any, in the caller's transaction.
    static func importFiles(in folder: URL, _ connection: CacheDatabase.Connection, now: Date) throws -> Imported? {
        let base = folder.path
        let present = [feedFile, commentsFolder, indexFolder, referencesFile].contains { FileManager.default.fileExists(atPath: "\(base)/\($0)") }
        guard present else { return nil }
        var imported = Imported()
        if let data = try? PlainFile.read("\(base)/\(feedFile)") {
            if let contents = CacheCodec.feed.decode(data) {
                let feed = contents.value.map { FeedItem(image: $0.image, firstSeen: $0.firstSeen ?? contents.timestamp) }
                try SQLiteFeedStore.replace(with: feed, savedAt: contents.timestamp, connection)
                imported.feedItems = feed.count
                imported.imageURLs = try indexImages(of: feed, base: base, connection, now: now)
            } else {
                imported.skipped += 1
            }
        }
        for file in ShardedFolder.files(in: "\(base)/\(commentsFolder)") where file.name.hasSuffix(".json") {
            guard let id = UUID(text: String(file.name.dropLast(5))), let data = try? PlainFile.read(file.path),
                let contents = CacheCodec.comments.decode(data), let json = try? CacheCodec.comments.array(contents.value)
            else {
                imported.skipped += 1
                continue
            }
            try SQLiteCommentsStore.save(json, validators: contents.validators, savedAt: contents.timestamp, imageID: id, connection)
            imported.comments += 1
        }
        if let data = try? PlainFile.read("\(base)/\(referencesFile)") {
            guard let records = references(in: data) else {
                imported.skipped += 1
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
            guard let digest = try? FileDigest.sha256(ofFileAtPath: "\(base)/\(indexFolder)/\(key.prefix(2))/\(key)"),
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

    /// Removes the old files that are still there; what could not be removed, each with why.
    static func removeFiles(in folder: URL) -> [String] {
        var problems: [String] = []
        for name in [feedFile, referencesFile, commentsFolder, indexFolder] {
            let path = "\(folder.path)/\(name)"
            guard FileManager.default.fileExists(atPath: path) else { continue }
            do {
                try FileManager.default.removeItem(atPath: path)
            } catch {
                problems.append("\(path): \(error.localizedDescription)")
            }
        }
        return problems
    }
}
