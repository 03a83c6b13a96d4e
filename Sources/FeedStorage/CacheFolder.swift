import FeedCore
import FileSystem
import Foundation

/// Whether a folder may be a cache, told from what it holds before anything is written
/// there: feedsite touches only what it made, so a folder holding anything else is not a
/// cache, and is refused whole.
///
/// What feedsite makes in a cache folder:
///
///     .lock                                 the run's lock
///     cache.sqlite, cache.sqlite-wal, -shm, -journal
///     cache.sqlite.damaged-<time>[-n][-wal] a damaged or empty database, set aside
///     images/blobs/<xx>/                    the blobs' shard folders (their files are not listed)
///     .feedsite-tmp-…                       a killed run's temporary files, here, in images/ or images/blobs/
///
/// and, from the earlier layout (`LegacyCache`), `feed.json`, `comments/<xx>/<ID>.json`,
/// `images/index/<xx>/<64 hex>` and `images/references`, each only when it reads as the
/// earlier release's file. Symbolic links are followed: a link to a folder or a file of the
/// right kind counts as that folder or file.
///
/// The cache's database must be feedsite's too: `CacheDatabase.inspect` tells it by its
/// schema, and another program's database is refused, never changed.
public enum CacheFolder {
    /// The lock file a run holds in the cache folder.
    public static let lockFileName = ".lock"

    /// Why a folder is not a cache; nothing was written.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        case notAFolder(String)
        case unlistable(String, reason: String)
        /// `count` entries feedsite did not make, the first by its path from the folder, as
        /// an example.
        case holdsOtherEntries(String, count: Int, example: String)
        /// The cache's database is another program's: it holds these tables, or none of
        /// feedsite's schema.
        case foreignDatabase(String, tables: [String])

        /// Whether the command line named the wrong folder, rather than the folder failing to
        /// read: a usage error.
        public var isUsage: Bool {
            if case .unlistable = self { return false }
            return true
        }

        public var description: String {
            switch self {
            case let .notAFolder(path):
                "cache \(path) exists and is not a folder; choose a folder for --cache"
            case let .unlistable(path, reason):
                "cannot list the cache folder \(path) to see what it holds: \(reason)"
            case let .holdsOtherEntries(path, count, example):
                "cache folder \(path) holds \(count == 1 ? "1 entry" : "\(count.formatted()) entries") feedsite did not make, "
                    + "such as \(example); it is not a feedsite cache: choose a new or empty folder for --cache"
            case let .foreignDatabase(path, tables):
                "cache database \(path) is not one feedsite made (\(tables.isEmpty ? "its schema is not feedsite's" : "its tables: \(tables.joined(separator: ", "))")); "
                    + "feedsite never changes it: move it away, or choose another folder for --cache"
            }
        }
    }

    /// What a cache folder holds that a run needs to know.
    public struct Contents: Equatable, Sendable {
        /// The earlier layout's files, if any.
        public var earlier = LegacyCache.Files()
        /// What the database is, or `nil` when there is none.
        public var database: CacheDatabase.Found?
    }

    /// Throws unless `folder` is missing, empty, or holds only what feedsite makes there,
    /// with a database of feedsite's schema, if any. Writes nothing.
    public static func check(_ folder: URL) throws(Refusal) -> Contents {
        let path = folder.path
        let kind: PlainFile.Kind
        do {
            kind = try PlainFile.kind(of: path)
        } catch {
            throw .unlistable(path, reason: error.description)
        }
        var contents = Contents()
        guard kind != .missing else { return contents }
        guard kind == .folder else { throw .notAFolder(path) }
        var others: [String] = []
        try sort(path, into: &contents.earlier, others: &others)
        if let example = others.sorted().first {
            throw .holdsOtherEntries(path, count: others.count, example: example)
        }
        let database = "\(path)/\(CacheDatabase.fileName)"
        if (try? PlainFile.kind(of: database)) != .missing {
            let found = CacheDatabase.inspect(database)
            if case let .foreign(tables) = found { throw .foreignDatabase(database, tables: tables) }
            contents.database = found
        }
        return contents
    }

    /// Sorts the folder's entries into feedsite's own, the earlier layout's and `others`.
    private static func sort(_ folder: String, into earlier: inout LegacyCache.Files, others: inout [String]) throws(Refusal) {
        let entries: [(name: String, isFolder: Bool)]
        do {
            entries = try PlainFile.entries(inFolder: folder)
        } catch {
            throw .unlistable(folder, reason: error.description)
        }
        for (name, isFolder) in entries {
            let path = "\(folder)/\(name)"
            let isFile = !isFolder && (try? PlainFile.kind(of: path)) == .file
            switch name {
            case _ where isFile && (name == lockFileName || name == CacheDatabase.fileName || isDatabaseCompanion(name)): continue
            case _ where isFile && name.hasPrefix(AtomicFile.temporaryMarker): continue
            case "images" where isFolder: sortImages(path, into: &earlier, others: &others)
            case LegacyCache.feedFile where isFile && LegacyCache.isFeedFile(path): earlier.feed = path
            case LegacyCache.commentsFolder where isFolder: LegacyCache.recognizeComments(in: path, &earlier, others: &others)
            default: others.append(name)
            }
        }
    }

    private static func sortImages(_ folder: String, into earlier: inout LegacyCache.Files, others: inout [String]) {
        guard let entries = try? PlainFile.entries(inFolder: folder) else {
            others.append("images")
            return
        }
        for (name, isFolder) in entries {
            let path = "\(folder)/\(name)"
            switch name {
            case "blobs" where isFolder: sortBlobs(path, others: &others)
            case _ where name.hasPrefix(AtomicFile.temporaryMarker) && !isFolder: continue
            case LegacyCache.indexFolder where isFolder: LegacyCache.recognizeIndex(in: path, &earlier, others: &others)
            case LegacyCache.referencesFile where !isFolder && LegacyCache.isReferencesFile(path): earlier.references = path
            default: others.append("images/\(name)")
            }
        }
    }

    /// The blobs' folder holds shard folders and temporary downloads; the shards' files are
    /// not listed (100,000 blobs would make every run list them): a shard of a blob folder
    /// of a cache folder is feedsite's beyond doubt.
    private static func sortBlobs(_ folder: String, others: inout [String]) {
        guard let entries = try? PlainFile.entries(inFolder: folder) else {
            others.append("images/blobs")
            return
        }
        for (name, isFolder) in entries {
            if isFolder ? LegacyCache.isShardName(name) : name.hasPrefix(AtomicFile.temporaryMarker) { continue }
            others.append("images/blobs/\(name)")
        }
    }

    /// The database's journals and a database set aside: `cache.sqlite-wal`, `-shm`,
    /// `-journal`, `cache.sqlite.damaged-…`.
    private static func isDatabaseCompanion(_ name: String) -> Bool {
        let base = CacheDatabase.fileName
        return ["-wal", "-shm", "-journal"].contains { name == base + $0 } || name.hasPrefix(base + ".damaged-")
    }
}
