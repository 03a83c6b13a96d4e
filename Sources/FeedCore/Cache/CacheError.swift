import Basics
import Foundation

/// Why a store could not do what it was asked, in the words the user is told. Every store
/// throws these, whatever it keeps its entries in, so the loading rules above the stores
/// never name a storage technology.
///
/// An entry that cannot be read, written or deleted is that entry's problem: a feed not
/// saved, one image failed. A full disk is the whole run's: it stops the run.
public enum CacheError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Operation: String, Equatable, Sendable {
        case read, write, delete
    }

    /// `entry` names what could not be read, written or deleted ("cache file
    /// /var/cache/feedsite/feed.json"), and `reason` says why ("Permission denied").
    case cannot(Operation, _ entry: String, reason: String)
    /// The disk the store writes to, or the user's quota on it, is full.
    case full(OutOfSpace)

    /// "cannot write cache file /var/cache/feedsite/feed.json: Permission denied"
    public var description: String {
        switch self {
        case let .cannot(operation, entry, reason): "cannot \(operation.rawValue) \(entry): \(reason)"
        case let .full(full): full.description
        }
    }
}

extension CacheError: SpaceAwareError {
    public var outOfSpace: OutOfSpace? {
        if case let .full(full) = self { return full }
        return nil
    }
}
