import FeedCore
import Foundation

/// A cache file that could not be read, written or removed, naming the file.
public struct CacheFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Operation: String, Sendable {
        case read = "cannot read"
        case write = "cannot write"
        case delete = "cannot delete"
    }

    public let operation: Operation
    public let path: String
    public let reason: String

    public init(_ operation: Operation, _ url: URL, reason: String) {
        self.operation = operation
        self.path = url.path
        self.reason = reason
    }

    public var description: String { "\(operation.rawValue) cache file \(path): \(reason)" }
}
