import FeedCore
@testable import FeedStorage
import FileSystem
import Foundation
import SQLite
import TestSupport

/// What a cache folder holds, read the way a run reads it: its database opened with
/// `CacheDatabase.open` (which sets a damaged one aside and takes over the earlier layout),
/// and its blob files. Each look opens the database and lets it go before it returns, so the
/// next run, in this process or another, can take the database's exclusive lock.
struct CacheContents {
    let folder: URL

    var database: URL { folder.appendingPathComponent(CacheDatabase.fileName) }

    /// Opens the cache as a run does and hands what opening found to `body`.
    func opening<Value>(now: Date = fixedNow(), _ body: (CacheDatabase.Opening) throws -> Value) throws -> Value {
        try body(CacheDatabase.open(folder: folder, now: now))
    }

    /// The saved feed, as the next run would load it from the cache.
    func cachedFeed() throws -> CachedFeed? {
        try opening { try SQLiteFeedStore($0.database).retrieve() }
    }

    /// The rows `sql` selects, each column read as text (`nil` for NULL).
    func rows(_ sql: String) throws -> [[String?]] {
        try opening { opening in
            try opening.database.read { connection in
                var rows: [[String?]] = []
                try connection.statement(sql).forEachRow { row in rows.append((0..<row.columnCount).map { row.text(at: $0) }) }
                return rows
            }
        }
    }

    /// The first column of the rows `sql` selects, as a set.
    func values(_ sql: String) throws -> Set<String> {
        Set(try rows(sql).compactMap { $0.first ?? nil })
    }

    /// Changes the database by hand, as someone with the `sqlite3` shell might.
    func edit(_ sql: String) throws {
        try opening { opening in try opening.database.write { try $0.database.execute(sql) } }
    }

    /// Each table and its number of rows.
    func tableCounts() throws -> [String: Int] {
        try opening { opening in
            Dictionary(uniqueKeysWithValues: try opening.database.tableCounts().map { ($0.table, $0.rows) })
        }
    }

    /// The names (SHA-256) of the blob files under `images/blobs/<xx>/`.
    func blobNames() throws -> Set<String> {
        Set(try blobShards().flatMap(\.files))
    }

    /// Each shard folder under `images/blobs` and the files in it; not the temporary files of
    /// downloads beside them.
    func blobShards() throws -> [(name: String, files: [String])] {
        let manager = FileManager.default
        let blobs = folder.appendingPathComponent("images/blobs")
        return try manager.contentsOfDirectory(atPath: blobs.path).filter { !$0.hasPrefix(".") }.sorted().map { shard in
            (shard, try manager.contentsOfDirectory(atPath: blobs.appendingPathComponent(shard).path))
        }
    }

    /// The top-level entries of the cache folder, sorted.
    func entries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// Every file under the cache folder named as a temporary file.
    func temporaryFiles() -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).filter { $0.contains(AtomicFile.temporaryMarker) }
    }
}
