import Foundation

/// `CommentsStore` kept in memory, for tests.
public actor InMemoryCommentsStore: CommentsStore {
    private var cache: [UUID: CachedComments] = [:]

    public init() {}

    public func retrieve(imageID: UUID) -> CachedComments? {
        cache[imageID]
    }

    public func insert(_ comments: [ImageComment], validators: HTTPValidators?, timestamp: Date, imageID: UUID) {
        cache[imageID] = CachedComments(comments: comments, timestamp: timestamp, validators: validators)
    }

    public func delete(imageID: UUID) {
        cache[imageID] = nil
    }
}
