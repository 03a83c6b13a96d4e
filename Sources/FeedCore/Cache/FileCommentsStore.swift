import Foundation

/// `CommentsStore` as one JSON file per image: `<folder>/<first two hex digits>/<ID>.json`,
/// so no folder grows past a few thousand entries on a 100,000-item feed.
public actor FileCommentsStore: CommentsStore {
    private struct StoredComment: Decodable {
        let id: UUID
        let message: String
        let createdAt: Date
        let username: String
    }

    private let folder: String

    public init(folder: URL) {
        self.folder = folder.path
    }

    /// Reads run in parallel; only inserts and deletes wait their turn on the actor. A read
    /// sees a file before or after a concurrent write's rename, never half of it.
    public nonisolated func retrieve(imageID: UUID) throws -> CachedComments? {
        guard let (stored, timestamp) = try file(for: imageID).read() else { return nil }
        let comments = stored.map { ImageComment(id: $0.id, message: $0.message, createdAt: $0.createdAt, username: $0.username) }
        return CachedComments(comments: comments, timestamp: timestamp)
    }

    public func insert(_ comments: [ImageComment], timestamp: Date, imageID: UUID) throws {
        if let bad = comments.first(where: { !$0.createdAt.timeIntervalSinceReferenceDate.isFinite }) {
            throw CacheFileError(.write, file(for: imageID).url, reason: "cannot encode the date of comment \(bad.id.uuidString)")
        }
        let json = comments.map { comment in
            "{\"id\":\"\(comment.id.uuidString)\",\"message\":\(JSONText.quoted(comment.message)),\"createdAt\":\(JSONText.date(comment.createdAt)),\"username\":\(JSONText.quoted(comment.username))}"
        }
        try file(for: imageID).write(valueJSON: "[" + json.joined(separator: ",") + "]", timestamp: timestamp)
    }

    public func delete(imageID: UUID) throws {
        try file(for: imageID).delete()
    }

    private nonisolated func file(for imageID: UUID) -> TimestampedJSONFile<[StoredComment]> {
        let name = imageID.uuidString.uppercased()
        return TimestampedJSONFile(path: "\(folder)/\(name.prefix(2).lowercased())/\(name).json")
    }
}
