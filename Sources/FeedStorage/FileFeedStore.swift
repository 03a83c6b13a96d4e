import FeedCore
import Foundation

/// `FeedStore` in one JSON file (`<cache>/feed.json`).
public actor FileFeedStore: FeedStore {
    private let file: TimestampedJSONFile<FeedCacheLine>

    public init(fileURL: URL) {
        self.file = TimestampedJSONFile(path: fileURL.path, codec: .feed)
    }

    /// A file that does not decode, or that holds an image URL other than http(s) (the API
    /// mapper would never have let one in), is a read error.
    public func retrieve() throws -> CachedFeed? {
        guard let contents = try file.read() else { return nil }
        if let bad = contents.value.first(where: { WebURL.parse($0.image.url.absoluteString) == nil }) {
            throw CacheError.file(.read, file.path, reason: "holds an image URL that is not http(s): \(bad.image.url.absoluteString.prefix(60))")
        }
        let feed = contents.value.map { FeedItem(image: $0.image, firstSeen: Self.firstSeen($0.firstSeen, savedAt: contents.timestamp)) }
        return CachedFeed(feed: feed, timestamp: contents.timestamp)
    }

    public func insert(_ feed: [FeedItem], timestamp: Date) throws {
        try file.write(feed.lazy.map { FeedCacheLine(image: $0.image, firstSeen: $0.firstSeen) }, timestamp: timestamp)
    }

    /// Read without building a single image, so a run does not hold the cached feed whole
    /// beside the one just loaded (BENCHMARKS.md, "First-seen dates and feeds").
    public func firstSeenDates() throws -> [UUID: Date] {
        guard let contents = try file.read(as: CacheCodec<FeedCacheLine>.firstSeenDates) else { return [:] }
        return [UUID: Date](firstSeen: contents.lines.lazy.map { ($0.id, Self.firstSeen($0.firstSeen, savedAt: contents.timestamp)) })
    }

    /// A line's first-seen date; a line saved before those dates were kept was first seen,
    /// as far as anyone knows, when its file was saved.
    private static func firstSeen(_ date: Date?, savedAt: Date) -> Date {
        date ?? savedAt
    }

    public func deleteCachedFeed() throws {
        try file.delete()
    }
}
