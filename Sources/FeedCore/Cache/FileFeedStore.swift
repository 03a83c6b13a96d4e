import Foundation

/// `FeedStore` in one JSON file (`<cache>/feed.json`).
public actor FileFeedStore: FeedStore {
    private struct StoredImage: Codable {
        let id: UUID
        let description: String?
        let location: String?
        let url: URL
    }

    private let file: TimestampedJSONFile<[StoredImage]>

    public init(fileURL: URL) {
        self.file = TimestampedJSONFile(url: fileURL)
    }

    public func retrieve() throws -> CachedFeed? {
        guard let (stored, timestamp) = try file.read() else { return nil }
        let feed = stored.map { FeedImage(id: $0.id, description: $0.description, location: $0.location, url: $0.url) }
        return CachedFeed(feed: feed, timestamp: timestamp)
    }

    public func insert(_ feed: [FeedImage], timestamp: Date) throws {
        let stored = feed.map { StoredImage(id: $0.id, description: $0.description, location: $0.location, url: $0.url) }
        try file.write(stored, timestamp: timestamp)
    }

    public func deleteCachedFeed() throws {
        try file.delete()
    }
}
