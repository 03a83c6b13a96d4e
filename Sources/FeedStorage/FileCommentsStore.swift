import FeedCore
import Foundation

/// `CommentsStore` as one JSON file per image: `<folder>/<first two hex digits>/<ID>.json`,
/// so no folder grows past a few thousand entries on a 100,000-item feed.
public actor FileCommentsStore: CommentsStore {
    let folder: String

    public init(folder: URL) {
        self.folder = folder.path
    }

    /// Reads run in parallel; only inserts and deletes wait their turn on the actor. A read
    /// sees a file before or after a concurrent write's rename, never half of it.
    public nonisolated func retrieve(imageID: UUID) throws -> CachedComments? {
        guard let contents = try file(for: imageID).read() else { return nil }
        return CachedComments(comments: contents.value, timestamp: contents.timestamp, validators: contents.validators)
    }

    public func insert(_ comments: [ImageComment], validators: HTTPValidators?, timestamp: Date, imageID: UUID) throws {
        try file(for: imageID).write(comments, timestamp: timestamp, validators: validators)
    }

    public func delete(imageID: UUID) throws {
        try file(for: imageID).delete()
    }

    private nonisolated func file(for imageID: UUID) -> TimestampedJSONFile<ImageComment> {
        let name = imageID.text
        return TimestampedJSONFile(path: "\(folder)/\(name.prefix(2).lowercased())/\(name).json", codec: .comments)
    }
}
