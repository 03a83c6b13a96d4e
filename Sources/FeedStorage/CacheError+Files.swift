import Basics
import FeedCore
import FileSystem
import Foundation

extension CacheError {
    /// The cache file at `path` could not be read, written or deleted, for `reason`:
    /// "cannot read cache file <path>: <reason>".
    static func file(_ operation: Operation, _ path: String, reason: String) -> CacheError {
        .cannot(operation, "cache file \(path)", reason: reason)
    }

    /// A file operation on the cache file at `path` failed with `error`: a full disk while
    /// writing or deleting is `.full`, naming the file; anything else keeps the error's
    /// reason ("Permission denied").
    static func file(_ operation: Operation, _ path: String, _ error: any Error) -> CacheError {
        if operation != .read, let full = OutOfSpace(path: path, code: (error as? FileSystemError)?.code) {
            return .full(full)
        }
        return file(operation, path, reason: "\(error)")
    }
}
