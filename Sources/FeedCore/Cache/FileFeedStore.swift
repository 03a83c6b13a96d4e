import Foundation

/// `FeedStore` in one JSON file (`<cache>/feed.json`).
public actor FileFeedStore: FeedStore {
    private struct StoredImage: Decodable {
        let id: UUID
        let description: String?
        let location: String?
        let url: URL
    }

    private let file: TimestampedJSONFile<[StoredImage]>

    public init(fileURL: URL) {
        self.file = TimestampedJSONFile(path: fileURL.path)
    }

    /// A file that does not decode, or that holds an image URL other than http(s) (the API
    /// mapper would never have let one in), is a read error.
    public func retrieve() throws -> CachedFeed? {
        guard let (stored, timestamp) = try file.read() else { return nil }
        if let bad = stored.first(where: { WebURL.parse($0.url.absoluteString) == nil }) {
            throw CacheFileError(.read, file.url, reason: "holds an image URL that is not http(s): \(bad.url.absoluteString.prefix(60))")
        }
        let feed = stored.map { FeedImage(id: $0.id, description: $0.description, location: $0.location, url: $0.url) }
        return CachedFeed(feed: feed, timestamp: timestamp)
    }

    public func insert(_ feed: [FeedImage], timestamp: Date) throws {
        var json = "["
        json.reserveCapacity(feed.count * 160)
        for (index, image) in feed.enumerated() {
            if index > 0 { json += "," }
            json += "{\"id\":\"\(image.id.uuidString)\",\"url\":\(JSONText.quoted(image.url.absoluteString))"
            if let description = image.description { json += ",\"description\":\(JSONText.quoted(description))" }
            if let location = image.location { json += ",\"location\":\(JSONText.quoted(location))" }
            json += "}"
        }
        try file.write(valueJSON: json + "]", timestamp: timestamp)
    }

    public func deleteCachedFeed() throws {
        try file.delete()
    }
}
