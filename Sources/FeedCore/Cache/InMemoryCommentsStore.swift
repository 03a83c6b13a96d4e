import Foundation

/// `CommentsStore` kept in memory, for tests.
public actor InMemoryCommentsStore: CommentsStore {
    private var cache: [UUID: CachedComments] = [:]

    public init() {}

    public func retrieve(imageID: UUID) -> CachedComments? {
        cache[imageID]
    }

    public func insert(_ comments: [ImageComment], timestamp: Date, imageID: UUID) {
        cache[imageID] = CachedComments(comments: comments, timestamp: timestamp)
    }

    public func delete(imageID: UUID) {
        cache[imageID] = nil
    }
}
