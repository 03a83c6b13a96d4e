import FeedCore
import Foundation

/// `FeedStore` kept in memory, for tests.
actor InMemoryFeedStore: FeedStore {
    private var cache: CachedFeed?

    init(_ cache: CachedFeed? = nil) {
        self.cache = cache
    }

    func retrieve() -> CachedFeed? {
        cache
    }

    func insert(_ feed: [FeedItem], timestamp: Date) {
        cache = CachedFeed(feed: feed, timestamp: timestamp)
    }

    func deleteCachedFeed() {
        cache = nil
    }
}
