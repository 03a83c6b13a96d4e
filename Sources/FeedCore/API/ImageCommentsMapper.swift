import Basics
import Foundation

/// Turns a comments response into comments in server order, all or nothing.
///
/// Valid: any 2xx status, a JSON object with `items`, each with a UUID `id`, a `message`,
/// an ISO 8601 `created_at` and `author.username`.
public enum ImageCommentsMapper {
    public static func map(_ data: Data, from response: HTTPAnswer) throws(MappingError) -> [ImageComment] {
        guard (200...299).contains(response.status) else {
            throw MappingError("status \(response.status), expected 2xx")
        }
        return try JSONPayload.items(data).enumerated().map { (index, item) throws(MappingError) in
            let text = (id: try item.string("id"), message: try item.string("message"), createdAt: try item.string("created_at"))
            let username = try item.object("author").string("username")
            guard let id = UUID(text: text.id) else {
                throw MappingError("comment \(index + 1): id \"\(text.id.prefix(60))\" is not a UUID")
            }
            guard let date = ISO8601Date.parse(text.createdAt) else {
                throw MappingError("comment \(index + 1): created_at \"\(text.createdAt.prefix(60))\" is not an ISO 8601 date")
            }
            return ImageComment(id: id, message: text.message, createdAt: date, username: username)
        }
    }
}
