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
