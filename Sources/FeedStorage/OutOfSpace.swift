import FeedCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file system under `path` is full (`ENOSPC`), or the user's quota on it is (`EDQUOT`).
///
/// A full disk is a condition of the whole run, not of the one file that hit it: every
/// later write there would fail the same way. So it is not counted as one failed image or
/// one unsaved comments list; it stops the run, and the caller words it once.
public struct OutOfSpace: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was being written when the space ran out.
    public let path: String
    /// `ENOSPC` or `EDQUOT`.
    public let code: Int32

    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
    }

    /// The full disk behind `error` while writing `path`, or `nil` when `error` is about
    /// something else. An error that already names where the space ran out keeps its path.
    public init?(writing path: String, _ error: any Error) {
        if let found = Self.found(in: error) {
            self = found
        } else if let error = error as? FileSystemError, error.isOutOfSpace, let code = error.code {
            self.init(path: path, code: code)
        } else {
            return nil
        }
    }

    /// The full disk behind `error`, looking through the file errors that wrap one.
    public static func found(in error: any Error) -> OutOfSpace? {
        (error as? any SpaceAwareError)?.outOfSpace
    }

    /// Whether an `errno` value means the space ran out.
    public static func isOutOfSpace(_ code: Int32?) -> Bool {
        code == ENOSPC || code == EDQUOT
    }

    public var description: String {
        code == EDQUOT ? "no space left in the disk quota writing \(path)" : "no space left on device writing \(path)"
    }
}

/// A file error that can tell whether it was a full disk.
public protocol SpaceAwareError: Error {
    /// The full disk behind this error, or `nil` when it failed for another reason.
    var outOfSpace: OutOfSpace? { get }
}

extension OutOfSpace: SpaceAwareError {
    public var outOfSpace: OutOfSpace? { self }
}

extension FileSystemError {
    /// The disk, or the user's quota on it, is full.
    public var isOutOfSpace: Bool { OutOfSpace.isOutOfSpace(code) }
}
