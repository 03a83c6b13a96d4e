import FeedCore
import Foundation

/// One line of the feed file: an image and when it was first seen, which files written before
/// first-seen dates were kept lack (`LegacyCache` dates those by the file's timestamp).
struct FeedCacheLine: Equatable, Sendable {
    let image: FeedImage
    let firstSeen: Date?
}
