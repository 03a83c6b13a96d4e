import Foundation
import Hashing

/// What the cache keeps, and what it may remove: only what the seven-day fallback can still
/// need.
///
/// - Comments saved seven days ago or more can never be shown again.
/// - A blob is kept while a feed saved less than seven days ago referred to it. The cached
///   feed's blobs count as referred to when it was saved, and are always kept, so an offline
///   run never lacks an image the cached feed shows. A stored blob the cache has no record of
///   (a run killed before it recorded it) counts as referred to now: it is kept seven more
///   days, never removed on sight.
public enum CacheRetention {
    /// The images of the feed in the feed cache and when that feed was saved.
    public struct CachedFeedImages: Equatable, Sendable {
        /// Each image once or more (a picture several items show, once for each): a list,
        /// read from the cache when it is pruned, as a set of 100,000 digests takes over
        /// twice the memory (BENCHMARKS.md, "What each trick buys", row "the cached feed's
        /// pictures kept as a list").
        public let blobs: [SHA256.Digest]
        public let savedAt: Date

        public init(blobs: [SHA256.Digest], savedAt: Date) {
            self.blobs = blobs
            self.savedAt = savedAt
        }
    }

    /// The latest save time, or last reference, that is expired at `now`: seven days before
    /// it, by `CachePolicy`'s rule. Whatever is dated at or before it may go.
    public static func expiredSince(_ now: Date) -> Date {
        CachePolicy.latestExpired(at: now)
    }
}
