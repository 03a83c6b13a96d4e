import Foundation

/// Where the last good feed is kept. Retrieve delivers `nil` when empty; insert replaces;
/// delete on an empty store does nothing. Side effects run serially, writes are atomic, and
/// errors are thrown as `CacheError`s, never swallowed.
public protocol FeedStore: Sendable {
    func retrieve() async throws(CacheError) -> CachedFeed?
    func insert(_ feed: [FeedItem], timestamp: Date) async throws(CacheError)
    func deleteCachedFeed() async throws(CacheError)
    /// When each item of the saved feed was first seen, by id (the first listing of an id
    /// counts); empty when the store is. Asked on every live run (`LocalFeedLoader.dated`),
    /// so a store may answer without building the whole feed.
    func firstSeenDates() async throws(CacheError) -> [UUID: Date]
    /// When the saved feed was saved, once every item of it has read back (one that does not
    /// is a read error, as `retrieve` has it); `nil` when none is saved. Asked when the cache
    /// is validated after every run, so a store may answer without holding the whole feed.
    func retrieveTimestamp() async throws(CacheError) -> Date?
}

extension FeedStore {
    /// The retrieved feed's timestamp.
    public func retrieveTimestamp() async throws(CacheError) -> Date? {
        try await retrieve()?.timestamp
    }

    /// The dates of the retrieved feed.
    public func firstSeenDates() async throws(CacheError) -> [UUID: Date] {
        guard let cache = try await retrieve() else { return [:] }
        return [UUID: Date](firstSeen: cache.feed.lazy.map { ($0.image.id, $0.firstSeen) })
    }
}

extension [UUID: Date] {
    /// First-seen dates by id, from (id, date) pairs in feed order: the first listing of an
    /// id counts.
    public init(firstSeen pairs: some Sequence<(UUID, Date)>) {
        self.init(pairs, uniquingKeysWith: { first, _ in first })
    }
}
