import Foundation

/// The disk ran out of space writing `path`: the disk itself, or the user's quota on it.
///
/// A full disk is a condition of the whole run, not of the one file that hit it: every
/// later write there would fail the same way. So it is not counted as one failed image or
/// one unsaved comments list; it stops the run, and the caller words it once. The caches
/// (`CacheError.full`) and the site being written both end this way.
public struct OutOfSpace: Error, Equatable, Sendable, CustomStringConvertible {
    /// What ran out.
    public enum Limit: Equatable, Sendable {
        /// The disk (`ENOSPC`).
        case device
        /// The user's quota on it (`EDQUOT`).
        case quota
    }

    /// What was being written when the space ran out.
    public let path: String
    public let limit: Limit

    public init(path: String, limit: Limit) {
        self.path = path
        self.limit = limit
    }

    /// The full disk behind `error`, looking through the errors that wrap one.
    public static func found(in error: any Error) -> OutOfSpace? {
        (error as? any SpaceAwareError)?.outOfSpace
    }

    public var description: String {
        switch limit {
        case .device: "no space left on device writing \(path)"
        case .quota: "no space left in the disk quota writing \(path)"
        }
    }
}

extension OutOfSpace: SpaceAwareError {
    public var outOfSpace: OutOfSpace? { self }
}
