import Foundation

/// One image's saved comments and when they were saved.
public struct CachedComments: Equatable, Sendable {
    public let comments: [ImageComment]
    public let timestamp: Date

    public init(comments: [ImageComment], timestamp: Date) {
        self.comments = comments
        self.timestamp = timestamp
    }
}

/// Where each image's last good comments are kept, with the `FeedStore` semantics per image.
public protocol CommentsStore: Sendable {
    func retrieve(imageID: UUID) async throws -> CachedComments?
    func insert(_ comments: [ImageComment], timestamp: Date, imageID: UUID) async throws
    func delete(imageID: UUID) async throws
}
