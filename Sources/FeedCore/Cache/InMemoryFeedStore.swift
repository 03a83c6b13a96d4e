import Foundation

/// `FeedStore` kept in memory, for tests and for runs that must not touch the disk.
public actor InMemoryFeedStore: FeedStore {
    private var cache: CachedFeed?

    public init(_ cache: CachedFeed? = nil) {
        self.cache = cache
    }

    public func retrieve() -> CachedFeed? {
        cache
    }

    public func insert(_ feed: [FeedImage], timestamp: Date) {
        cache = CachedFeed(feed: feed, timestamp: timestamp)
    }

    public func deleteCachedFeed() {
        cache = nil
    }
}
