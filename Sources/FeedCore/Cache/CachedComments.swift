import Foundation

/// One image's saved comments, when they were saved, and the validators the API sent with
/// them, if any.
public struct CachedComments: Equatable, Sendable {
    public let comments: [ImageComment]
    public let timestamp: Date
    public let validators: HTTPValidators?

    public init(comments: [ImageComment], timestamp: Date, validators: HTTPValidators? = nil) {
        self.comments = comments
        self.timestamp = timestamp
        self.validators = validators
    }
}
