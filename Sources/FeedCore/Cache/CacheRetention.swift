import Foundation
import Hashing

/// What the cache keeps, and what it may remove: only what the seven-day
/// fallback can still need. Pure: the stores hand in what they hold and remove what the
/// rules give back.
public enum CacheRetention {
    /// The images of the feed in the feed cache and when that feed was saved.
    public struct CachedFeedImages: Equatable, Sendable {
        public let blobs: Set<SHA256.Digest>
        public let savedAt: Date

        public init(blobs: Set<SHA256.Digest>, savedAt: Date) {
            self.blobs = blobs
            self.savedAt = savedAt
        }
    }

    /// Which blobs go, and the record to save for the ones that stay.
    public struct ImagePlan: Equatable, Sendable {
        public let remove: Set<SHA256.Digest>
        public let record: ImageReferences
    }

    /// Comments saved at `savedAt` are kept while they are less than seven days old
    /// (`CachePolicy`'s rule): seven days old or more, they can never be shown again.
    public static func keepsComments(savedAt: Date, now: Date) -> Bool {
        CachePolicy.validate(savedAt, against: now)
    }

    /// A blob last referred to at `lastReferred` is kept while that is less than seven days
    /// ago: a feed saved then could still be loaded from the cache.
    static func keepsImage(lastReferred: Date, now: Date) -> Bool {
        CachePolicy.validate(lastReferred, against: now)
    }

    /// The blobs to remove among `stored`, and the record to keep for the others.
    ///
    /// - The cached feed's blobs count as referred to when it was saved, and are always kept,
    ///   so an offline run never lacks an image the cached feed shows.
    /// - A stored blob the record does not know (a cache older than the record, or a run
    ///   killed before it saved the record) counts as referred to now: it is kept seven
    ///   more days, never removed on sight.
    /// - Entries of blobs no longer stored are dropped.
    public static func plan(record: ImageReferences?, stored: some Sequence<SHA256.Digest>, cachedFeed: CachedFeedImages?, now: Date) -> ImagePlan {
        var record = record ?? ImageReferences()
        if let cachedFeed { record.refer(to: cachedFeed.blobs, at: cachedFeed.savedAt) }
        let stored = Set(stored)
        record.refer(to: stored.filter { record.lastReferred[$0] == nil }, at: now)
        let remove = stored.filter { blob in
            guard cachedFeed?.blobs.contains(blob) != true, let lastReferred = record.lastReferred(blob) else { return false }
            return !keepsImage(lastReferred: lastReferred, now: now)
        }
        return ImagePlan(remove: remove, record: record.restricted(to: stored.subtracting(remove)))
    }
}
