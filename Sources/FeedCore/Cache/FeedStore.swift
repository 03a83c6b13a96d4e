import Foundation

/// The saved feed, each item with when it was first seen, and when it was saved.
public struct CachedFeed: Equatable, Sendable {
    public let feed: [FeedItem]
    public let timestamp: Date

    public init(feed: [FeedItem], timestamp: Date) {
        self.feed = feed
        self.timestamp = timestamp
    }
}

/// Where the last good feed is kept. Retrieve delivers `nil` when empty; insert replaces;
/// delete on an empty store does nothing. Side effects run serially, writes are atomic, and
/// errors are thrown, never swallowed.
public protocol FeedStore: Sendable {
    func retrieve() async throws -> CachedFeed?
    func insert(_ feed: [FeedItem], timestamp: Date) async throws
    func deleteCachedFeed() async throws
}
