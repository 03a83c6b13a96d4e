import Foundation

/// The saved feed and when it was saved.
public struct CachedFeed: Equatable, Sendable {
    public let feed: [FeedImage]
    public let timestamp: Date

    public init(feed: [FeedImage], timestamp: Date) {
        self.feed = feed
        self.timestamp = timestamp
    }
}

/// Where the last good feed is kept. Retrieve delivers `nil` when empty; insert replaces;
/// delete on an empty store does nothing. Side effects run serially, writes are atomic, and
/// errors are thrown, never swallowed.
public protocol FeedStore: Sendable {
    func retrieve() async throws -> CachedFeed?
    func insert(_ feed: [FeedImage], timestamp: Date) async throws
    func deleteCachedFeed() async throws
}
