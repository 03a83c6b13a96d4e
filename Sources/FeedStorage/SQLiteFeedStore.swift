import FeedCore
import Foundation
import SQLite

/// `FeedStore` in the cache database: the feed's save time in `feed` (one row, none when
/// nothing is saved) and its items in `feed_items`, in feed order.
public final class SQLiteFeedStore: FeedStore {
    private let cache: CacheDatabase

    public init(_ cache: CacheDatabase) {
        self.cache = cache
    }

    /// An item whose id or URL does not read back (an edited database) is a read error: the
    /// API mapper would never have let such an item in.
    public func retrieve() throws(CacheError) -> CachedFeed? {
        try cache.read { connection in
            guard let savedAt = try Self.savedAt(connection) else { return nil }
            var feed: [FeedItem] = []
            try connection.statement("SELECT id, url, description, location, first_seen FROM feed_items ORDER BY position").forEachRow { row in
                feed.append(try Self.item(row))
            }
            return CachedFeed(feed: feed, timestamp: savedAt)
        }
    }

    public func insert(_ feed: [FeedItem], timestamp: Date) throws(CacheError) {
        try cache.write { try Self.replace(with: feed, savedAt: timestamp, $0) }
    }

    /// Replaces the saved feed, in the caller's transaction.
    static func replace(with feed: [FeedItem], savedAt: Date, _ connection: CacheDatabase.Connection) throws {
        try connection.statement("DELETE FROM feed_items").run()
        let insert = try connection.statement("INSERT INTO feed_items (position, id, url, description, location, first_seen) VALUES (?, ?, ?, ?, ?, ?)")
        for (position, item) in feed.enumerated() {
            let image = item.image
            try insert.run(
                .integer(Int64(position)), .text(image.id.text), .text(image.address), SQLiteValue(image.description),
                SQLiteValue(image.location), .real(item.firstSeen.timeIntervalSinceReferenceDate))
        }
        try connection.statement("INSERT OR REPLACE INTO feed (singleton, saved_at) VALUES (1, ?)").run(.real(savedAt.timeIntervalSinceReferenceDate))
    }

    public func deleteCachedFeed() throws(CacheError) {
        try cache.write { connection in
            try connection.statement("DELETE FROM feed_items").run()
            try connection.statement("DELETE FROM feed").run()
        }
    }

    /// Read without building a single image, so a run does not hold the cached feed whole
    /// beside the one just loaded.
    public func firstSeenDates() throws(CacheError) -> [UUID: Date] {
        try cache.read { connection in
            guard try Self.savedAt(connection) != nil else { return [:] }
            var pairs: [(UUID, Date)] = []
            try connection.statement("SELECT id, first_seen FROM feed_items ORDER BY position").forEachRow { row in
                pairs.append((try Self.id(row), Date(timeIntervalSinceReferenceDate: row.double(at: 1))))
            }
            return [UUID: Date](firstSeen: pairs)
        }
    }

    /// Reads every item back as `retrieve` does, one row at a time, and keeps none: validating
    /// the cache after a run held a second copy of the feed (BENCHMARKS.md, "What each trick
    /// buys", row "the cache validated a row at a time").
    public func retrieveTimestamp() throws(CacheError) -> Date? {
        try cache.read { connection in
            guard let savedAt = try Self.savedAt(connection) else { return nil }
            try connection.statement("SELECT id, url, description, location, first_seen FROM feed_items ORDER BY position").forEachRow { row in
                _ = try Self.item(row)
            }
            return savedAt
        }
    }

    /// When the saved feed was saved; `nil` when none is.
    static func savedAt(_ connection: CacheDatabase.Connection) throws -> Date? {
        let select = try connection.statement("SELECT saved_at FROM feed WHERE singleton = 1")
        defer { select.reset() }
        return try select.step() ? Date(timeIntervalSinceReferenceDate: select.double(at: 0)) : nil
    }

    private static func id(_ row: Statement) throws -> UUID {
        guard let id = row.text(at: 0).flatMap(UUID.init(text:)) else {
            throw UnreadableRow("the cached feed holds an item whose id is not a UUID: \(row.text(at: 0)?.prefix(60) ?? "NULL")")
        }
        return id
    }

    private static func item(_ row: Statement) throws -> FeedItem {
        let id = try id(row)
        guard let url = row.text(at: 1).flatMap(WebURL.parse) else {
            throw UnreadableRow("the cached feed holds an image URL that is not http(s): \(row.text(at: 1)?.prefix(60) ?? "NULL")")
        }
        let image = FeedImage(id: id, description: row.text(at: 2), location: row.text(at: 3), url: url)
        return FeedItem(image: image, firstSeen: Date(timeIntervalSinceReferenceDate: row.double(at: 4)))
    }
}

extension SQLiteValue {
    /// Text, or NULL for `nil`.
    init(_ text: String?) {
        self = text.map(SQLiteValue.text) ?? .null
    }
}
