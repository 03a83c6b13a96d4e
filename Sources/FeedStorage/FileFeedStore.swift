import FeedCore
import Foundation

/// `FeedStore` in one JSON file (`<cache>/feed.json`).
public actor FileFeedStore: FeedStore {
    private let file: TimestampedJSONFile<FeedImage>

    public init(fileURL: URL) {
        self.file = TimestampedJSONFile(path: fileURL.path, codec: .feed)
    }

    /// A file that does not decode, or that holds an image URL other than http(s) (the API
    /// mapper would never have let one in), is a read error.
    public func retrieve() throws -> CachedFeed? {
        guard let contents = try file.read() else { return nil }
        if let bad = contents.value.first(where: { WebURL.parse($0.url.absoluteString) == nil }) {
            throw CacheFileError(.read, file.url, reason: "holds an image URL that is not http(s): \(bad.url.absoluteString.prefix(60))")
        }
        return CachedFeed(feed: contents.value, timestamp: contents.timestamp)
    }

    public func insert(_ feed: [FeedImage], timestamp: Date) throws {
        try file.write(feed, timestamp: timestamp)
    }

    public func deleteCachedFeed() throws {
        try file.delete()
    }
}
