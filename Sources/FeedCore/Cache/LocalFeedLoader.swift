import Foundation

/// The feed cache's use cases: save, load, validate, on any `FeedStore`.
public struct LocalFeedLoader: Sendable {
    /// What validating found and did.
    public enum Validation: Equatable, Sendable {
        case empty
        case kept(savedAt: Date)
        case deletedExpired(savedAt: Date)
        case deletedUnreadable(reason: String)
    }

    private let store: FeedStore
    private let now: @Sendable () -> Date

    public init(store: FeedStore, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.now = now
    }

    /// Each image of `feed` with when feedsite first saw it: its date in the cached feed, of
    /// any age, else now (never later than now, should the clock have gone back). An item
    /// that left the feed and came back is not in the cache any more, so it is new again; a
    /// cache that cannot be read dates every item now.
    public func dated(_ feed: [FeedImage]) async -> [FeedItem] {
        let now = now()
        let seen = (try? await store.firstSeenDates()) ?? [:]
        return feed.map { FeedItem(image: $0, firstSeen: min(seen[$0.id] ?? now, now)) }
    }

    /// Replaces the cache with this feed stamped with `now`, in one insert: the
    /// "delete old, then insert" without the moment between the two when neither is there,
    /// so a failed save (a full disk) keeps the old feed. An insert replaces the cached feed
    /// whole (`FeedStoreSpecs`).
    public func save(_ feed: [FeedItem]) async throws(CacheError) {
        try await store.insert(feed, timestamp: now())
    }

    /// The cached feed while it is less than seven days old; `nil` when expired or empty.
    public func load() async throws(CacheError) -> CachedFeed? {
        guard let cache = try await store.retrieve(), CachePolicy.validate(cache.timestamp, against: now()) else {
            return nil
        }
        return cache
    }

    /// Deletes a cache that is expired or cannot be read; leaves an empty or valid one alone.
    public func validateCache() async throws(CacheError) -> Validation {
        let savedAt: Date?
        do {
            savedAt = try await store.retrieveTimestamp()
        } catch {
            try await store.deleteCachedFeed()
            return .deletedUnreadable(reason: "\(error)")
        }
        guard let savedAt else { return .empty }
        guard CachePolicy.validate(savedAt, against: now()) else {
            try await store.deleteCachedFeed()
            return .deletedExpired(savedAt: savedAt)
        }
        return .kept(savedAt: savedAt)
    }
}
