import Foundation

/// The comments cache's use cases, per image, with the feed cache's seven-day rule.
public struct LocalCommentsLoader: Sendable {
    private let store: CommentsStore
    private let now: @Sendable () -> Date

    public init(store: CommentsStore, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.now = now
    }

    /// Replaces the image's saved comments with these, stamped with `now`, with the
    /// validators the API sent for them. One insert, which overrides: the store's atomic write
    /// replaces the old file in one step, so unlike the feed's save there is no moment without
    /// comments to fall back on.
    public func save(_ comments: [ImageComment], validators: HTTPValidators? = nil, for imageID: UUID) async throws(CacheError) {
        try await store.insert(comments, validators: validators, timestamp: now(), imageID: imageID)
    }

    /// Stamps the image's saved comments with `now` and these validators, without writing
    /// them again: the API answered that they have not changed (BENCHMARKS.md, "What each
    /// trick buys", row "a 304 saved as a new time").
    public func refresh(validators: HTTPValidators?, for imageID: UUID) async throws(CacheError) {
        try await store.refresh(validators: validators, timestamp: now(), imageID: imageID)
    }

    /// The image's saved comments whatever their age: their validators can still make the
    /// next request conditional, and a 304 makes even old comments live again.
    public func stored(for imageID: UUID) async throws(CacheError) -> CachedComments? {
        try await store.retrieve(imageID: imageID)
    }

    /// Whether saved comments are less than seven days old.
    public func isValid(_ cache: CachedComments) -> Bool {
        CachePolicy.validate(cache.timestamp, against: now())
    }
}
