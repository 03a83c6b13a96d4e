import FeedCore
import Foundation

/// `FeedStore` in one JSON file (`<cache>/feed.json`).
public actor FileFeedStore: FeedStore {
    private let file: TimestampedJSONFile<FeedImage>

    public init(fileURL: URL) {
        self.file = TimestampedJSONFile(path: fileURL.path, decode: Self.decode)
    }

    /// A file that does not decode, or that holds an image URL other than http(s) (the API
    /// mapper would never have let one in), is a read error.
    public func retrieve() throws -> CachedFeed? {
        guard let (feed, timestamp, _) = try file.read() else { return nil }
        if let bad = feed.first(where: { WebURL.parse($0.url.absoluteString) == nil }) {
            throw CacheFileError(.read, file.url, reason: "holds an image URL that is not http(s): \(bad.url.absoluteString.prefix(60))")
        }
        return CachedFeed(feed: feed, timestamp: timestamp)
    }

    public func insert(_ feed: [FeedImage], timestamp: Date) throws {
        try file.write(streaming: feed, timestamp: timestamp) { image in
            var json = "{\"id\":\"\(image.id.text)\",\"url\":\(JSONText.quoted(image.url.absoluteString))"
            if let description = image.description { json += ",\"description\":\(JSONText.quoted(description))" }
            if let location = image.location { json += ",\"location\":\(JSONText.quoted(location))" }
            return json + "}"
        }
    }

    public func deleteCachedFeed() throws {
        try file.delete()
    }

    private static func decode(_ item: JSONValue) -> FeedImage? {
        guard let id = item["id"]?.string.flatMap({ UUID(text: $0) }), let url = item["url"]?.string.flatMap(URL.init(string:)) else { return nil }
        return FeedImage(id: id, description: item["description"]?.string, location: item["location"]?.string, url: url)
    }
}
