import Foundation

/// One comment on a feed image, in the order the server returned it.
public struct ImageComment: Hashable, Sendable {
    public let id: UUID
    public let message: String
    public let createdAt: Date
    public let username: String

    public init(id: UUID, message: String, createdAt: Date, username: String) {
        self.id = id
        self.message = message
        self.createdAt = createdAt
        self.username = username
    }
}
