import FeedCore
import Foundation

/// A cache file that could not be read, written or removed, naming the file.
public struct CacheFileError: SpaceAwareError, Equatable, Sendable, CustomStringConvertible {
    public enum Operation: String, Sendable {
        case read = "cannot read"
        case write = "cannot write"
        case delete = "cannot delete"
    }

    public let operation: Operation
    public let path: String
    public let reason: String
    /// The `errno` value behind `reason`, when the failure came from the system.
    public let code: Int32?

    public init(_ operation: Operation, _ url: URL, reason: String, code: Int32? = nil) {
        self.operation = operation
        self.path = url.path
        self.reason = reason
        self.code = code
    }

    /// Keeps the system's reason and `errno` value of a `FileSystemError`; any other error is
    /// kept as its text.
    public init(_ operation: Operation, _ url: URL, _ error: any Error) {
        self.init(operation, url, reason: "\(error)", code: (error as? FileSystemError)?.code)
    }

    /// A write that failed because the disk is full names the cache file it could not write.
    public var outOfSpace: OutOfSpace? {
        guard operation != .read, OutOfSpace.isOutOfSpace(code), let code else { return nil }
        return OutOfSpace(path: path, code: code)
    }

    public var description: String { "\(operation.rawValue) cache file \(path): \(reason)" }
}
