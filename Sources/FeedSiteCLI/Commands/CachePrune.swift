import Basics
import FeedCore
import FeedStorage
import Foundation

/// Pruning the caches, for `generate` (after publishing) and `validate-cache`: comments
/// saved seven days ago or more, and image blobs no feed of the last seven days refers to.
/// The rules are `CacheRetention`'s; the stores do the work.
struct CachePrune: Sendable {
    /// The images whose comments were removed.
    var comments = 0
    var images = ImagePruning()

    /// Prunes the comments cache, then, when `images` is given, the image cache, keeping
    /// `cachedFeed`'s blobs.
    static func run(
        cache: CacheDatabase, images: (store: SQLiteImageStore, cachedFeed: CacheRetention.CachedFeedImages?)?, now: Date
    ) throws -> CachePrune {
        var prune = CachePrune()
        prune.comments = try SQLiteCommentsStore(cache).prune(now: now)
        if let images {
            prune.images = try images.store.prune(cachedFeed: images.cachedFeed, now: now)
        }
        return prune
    }

    var isEmpty: Bool { comments == 0 && images.blobs.isEmpty && images.urls == 0 && images.renditions.isEmpty }

    var byteCount: Int { images.blobs.reduce(0) { $0 + $1.byteCount } }

    /// Every removed file, for `--verbose`.
    var files: [RemovedCacheFile] { images.blobs + images.renditions }

    /// "the comments of 12 images saved seven days ago or more and 30 images no feed of the
    /// last seven days refers to (4.2 MB) and 90 renditions no kept image has (1.1 MB)".
    var description: String {
        var parts: [String] = []
        if comments > 0 {
            parts.append("the comments of \(comments) image\(comments == 1 ? "" : "s") saved seven days ago or more")
        }
        let count = images.blobs.count
        if count > 0 || images.urls > 0 {
            parts.append("\(count) image\(count == 1 ? "" : "s") no feed of the last seven days refers to (\(ByteCountText.approximately(byteCount)))")
        }
        let renditions = images.renditions.count
        if renditions > 0 {
            let bytes = images.renditions.reduce(0) { $0 + $1.byteCount }
            parts.append("\(renditions) rendition\(renditions == 1 ? "" : "s") no kept image has (\(ByteCountText.approximately(bytes)))")
        }
        return parts.joined(separator: " and ")
    }
}
