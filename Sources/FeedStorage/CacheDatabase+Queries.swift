import FeedCore
import Foundation
import Hashing
import SQLite

extension CacheDatabase {
    /// The blobs the cached feed's image URLs lead to, and when it was saved; `nil` when no
    /// feed is saved.
    public func cachedFeedImages() throws(CacheError) -> CacheRetention.CachedFeedImages? {
        try read { connection in
            guard let savedAt = try SQLiteFeedStore.savedAt(connection) else { return nil }
            var blobs: [SHA256.Digest] = []
            try connection.statement("SELECT DISTINCT images.sha256 FROM feed_items JOIN images ON images.url = feed_items.url").forEachRow { row in
                if let digest = row.text(at: 0).flatMap(SHA256.Digest.init(hex:)) { blobs.append(digest) }
            }
            return CacheRetention.CachedFeedImages(blobs: blobs, savedAt: savedAt)
        }
    }

    /// Each table of the schema and how many rows it holds, in the schema's order.
    public func tableCounts() throws(CacheError) -> [(table: String, rows: Int)] {
        try read { connection in
            var tables: [String] = []
            try connection.statement("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid").forEachRow { row in
                if let name = row.text(at: 0) { tables.append(name) }
            }
            return try tables.map { table in
                let count = try connection.database.prepare("SELECT count(*) FROM \"\(table)\"")
                return (table, try count.step() ? Int(count.int64(at: 0)) : 0)
            }
        }
    }
}
