import FeedCore
import FeedStorage
import Foundation

/// `FeedStore` kept in memory: a fast double for tests. The product keeps its feed cache on
/// disk (`FileFeedStore`); both meet `FeedStoreSpecs`.
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
