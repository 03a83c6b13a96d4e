import FeedCore
import Foundation

/// `CommentsStore` kept in memory, for tests.
actor InMemoryCommentsStore: CommentsStore {
    private var cache: [UUID: CachedComments] = [:]

    init() {}

    func retrieve(imageID: UUID) -> CachedComments? {
        cache[imageID]
    }

    func insert(_ comments: [ImageComment], validators: HTTPValidators?, timestamp: Date, imageID: UUID) {
        cache[imageID] = CachedComments(comments: comments, timestamp: timestamp, validators: validators)
    }

    func refresh(validators: HTTPValidators?, timestamp: Date, imageID: UUID) {
        guard let saved = cache[imageID] else { return }
        cache[imageID] = CachedComments(comments: saved.comments, timestamp: timestamp, validators: validators)
    }

    func delete(imageID: UUID) {
        cache[imageID] = nil
    }
}
