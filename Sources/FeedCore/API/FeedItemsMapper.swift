import Foundation

/// Turns one feed page response into feed images, all or nothing (SPEC §2).
///
/// Valid: status exactly 200, a JSON object with `items`, every item with a UUID `id` and an
/// absolute http(s) `image` URL; `description` and `location` may be missing or null.
public enum FeedItemsMapper {
    private struct Root: Decodable {
        let items: [RemoteFeedItem]
    }

    private struct RemoteFeedItem: Decodable {
        let id: String
        let description: String?
        let location: String?
        let image: String
    }

    public static func map(_ data: Data, from response: HTTPAnswer) throws -> [FeedImage] {
        guard response.status == 200 else {
            throw MappingError("status \(response.status), expected 200")
        }
        let root = try JSONPayload.decode(Root.self, from: data)
        return try root.items.enumerated().map { index, item in
            guard let id = UUID(text: item.id) else {
                throw MappingError("item \(index + 1): id \"\(item.id.prefix(60))\" is not a UUID")
            }
            guard let url = WebURL.parse(item.image) else {
                throw MappingError("item \(index + 1): image \"\(item.image.prefix(60))\" is not an http(s) URL")
            }
            return FeedImage(id: id, description: item.description, location: item.location, url: url)
        }
    }
}
