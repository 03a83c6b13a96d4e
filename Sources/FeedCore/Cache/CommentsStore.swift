import Foundation

/// Where each image's last good comments are kept, with the `FeedStore` semantics per image
/// (its failures `CacheError`s too).
public protocol CommentsStore: Sendable {
    func retrieve(imageID: UUID) async throws(CacheError) -> CachedComments?
    func insert(_ comments: [ImageComment], validators: HTTPValidators?, timestamp: Date, imageID: UUID) async throws(CacheError)
    /// Stamps the image's saved comments with `timestamp` and `validators`, the comments left
    /// as they are (a 304 confirmed them); nothing when none are saved.
    func refresh(validators: HTTPValidators?, timestamp: Date, imageID: UUID) async throws(CacheError)
    func delete(imageID: UUID) async throws(CacheError)
}
