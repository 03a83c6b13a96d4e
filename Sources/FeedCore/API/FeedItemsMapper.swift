import Foundation

/// Turns one feed page response into feed images, all or nothing.
///
/// Valid: status exactly 200, a JSON object with `items`, every item with a UUID `id` and an
/// absolute http(s) `image` URL; `description` and `location` may be missing or null.
public enum FeedItemsMapper {
    public static func map(_ data: Data, from response: HTTPAnswer) throws(MappingError) -> [FeedImage] {
        guard response.status == 200 else {
            throw MappingError("status \(response.status), expected 200")
        }
        return try JSONPayload.items(data).enumerated().map { (index, item) throws(MappingError) in
            let text = (id: try item.string("id"), image: try item.string("image"))
            let description = try item.optionalString("description")
            let location = try item.optionalString("location")
            guard let id = UUID(text: text.id) else {
                throw MappingError("item \(index + 1): id \"\(text.id.prefix(60))\" is not a UUID")
            }
            guard let url = WebURL.parse(text.image) else {
                throw MappingError("item \(index + 1): image \"\(text.image.prefix(60))\" is not an http(s) URL")
            }
            return FeedImage(id: id, description: description, location: location, url: url)
        }
    }
}
