import Foundation

/// Turns a comments response into comments in server order, all or nothing (SPEC §2).
///
/// Valid: any 2xx status, a JSON object with `items`, each with a UUID `id`, a `message`,
/// an ISO 8601 `created_at` and `author.username`.
public enum ImageCommentsMapper {
    private struct Root: Decodable {
        let items: [RemoteComment]
    }

    private struct RemoteComment: Decodable {
        let id: String
        let message: String
        let created_at: String
        let author: Author
    }

    private struct Author: Decodable {
        let username: String
    }

    public static func map(_ data: Data, from response: HTTPAnswer) throws -> [ImageComment] {
        guard (200...299).contains(response.status) else {
            throw MappingError("status \(response.status), expected 2xx")
        }
        let root = try JSONPayload.decode(Root.self, from: data)
        return try root.items.enumerated().map { index, item in
            guard let id = UUID(text: item.id) else {
                throw MappingError("comment \(index + 1): id \"\(item.id.prefix(60))\" is not a UUID")
            }
            guard let date = ISO8601Date.parse(item.created_at) else {
                throw MappingError("comment \(index + 1): created_at \"\(item.created_at.prefix(60))\" is not an ISO 8601 date")
            }
            return ImageComment(id: id, message: item.message, createdAt: date, username: item.author.username)
        }
    }
}
