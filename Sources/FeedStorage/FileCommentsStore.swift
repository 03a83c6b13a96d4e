import FeedCore
import Foundation

/// `CommentsStore` as one JSON file per image: `<folder>/<first two hex digits>/<ID>.json`,
/// so no folder grows past a few thousand entries on a 100,000-item feed.
public actor FileCommentsStore: CommentsStore {
    private let folder: String

    public init(folder: URL) {
        self.folder = folder.path
    }

    /// Reads run in parallel; only inserts and deletes wait their turn on the actor. A read
    /// sees a file before or after a concurrent write's rename, never half of it.
    public nonisolated func retrieve(imageID: UUID) throws -> CachedComments? {
        guard let (comments, timestamp, fields) = try file(for: imageID).read() else { return nil }
        let validators = HTTPValidators(etag: fields["etag"]?.string, lastModified: fields["lastModified"]?.string)
        return CachedComments(comments: comments, timestamp: timestamp, validators: validators)
    }

    public func insert(_ comments: [ImageComment], validators: HTTPValidators?, timestamp: Date, imageID: UUID) throws {
        if let bad = comments.first(where: { !$0.createdAt.timeIntervalSinceReferenceDate.isFinite }) {
            throw CacheFileError(.write, file(for: imageID).url, reason: "cannot encode the date of comment \(bad.id.text)")
        }
        let json = comments.map { comment in
            "{\"id\":\"\(comment.id.text)\",\"message\":\(JSONText.quoted(comment.message)),\"createdAt\":\(JSONText.date(comment.createdAt)),\"username\":\(JSONText.quoted(comment.username))}"
        }
        var fields: [(String, String)] = []
        if let etag = validators?.etag { fields.append(("etag", etag)) }
        if let lastModified = validators?.lastModified { fields.append(("lastModified", lastModified)) }
        try file(for: imageID).write(elementsJSON: json, timestamp: timestamp, fields: fields)
    }

    public func delete(imageID: UUID) throws {
        try file(for: imageID).delete()
    }

    private nonisolated func file(for imageID: UUID) -> TimestampedJSONFile<ImageComment> {
        let name = imageID.text
        return TimestampedJSONFile(path: "\(folder)/\(name.prefix(2).lowercased())/\(name).json", decode: Self.decode)
    }

    private static func decode(_ item: JSONValue) -> ImageComment? {
        guard let id = item["id"]?.string.flatMap({ UUID(text: $0) }), let message = item["message"]?.string,
            let seconds = item["createdAt"]?.number, let username = item["username"]?.string
        else { return nil }
        return ImageComment(id: id, message: message, createdAt: Date(timeIntervalSinceReferenceDate: seconds), username: username)
    }
}
