import Foundation

/// The comments cache's use cases, per image, with the feed cache's seven-day rule.
public struct LocalCommentsLoader: Sendable {
    private let store: CommentsStore
    private let now: @Sendable () -> Date

    public init(store: CommentsStore, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.now = now
    }

    /// Replaces the image's saved comments with these, stamped with `now`. One insert, which
    /// overrides: the store's atomic write replaces the old file in one step, so unlike the
    /// feed's save there is no moment without comments to fall back on.
    public func save(_ comments: [ImageComment], for imageID: UUID) async throws {
        try await store.insert(comments, timestamp: now(), imageID: imageID)
    }

    /// The image's saved comments while less than seven days old; `nil` when expired or none.
    public func load(for imageID: UUID) async throws -> CachedComments? {
        guard let cache = try await store.retrieve(imageID: imageID), CachePolicy.validate(cache.timestamp, against: now()) else {
            return nil
        }
        return cache
    }
}
