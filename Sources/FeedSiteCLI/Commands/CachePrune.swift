import FeedCore
import FeedStorage
import Foundation

/// Pruning the caches, for `generate` (after publishing) and `validate-cache`: comments
/// files seven days old or more, and image blobs no feed of the last seven days refers to.
/// The rules are `CacheRetention`'s; the stores do the file work.
struct CachePrune: Sendable {
    var comments: [RemovedCacheFile] = []
    var images = ImagePruning()

    /// Prunes the comments cache, then, when `images` is given, the image cache, keeping
    /// `cachedFeed`'s blobs.
    static func run(
        cacheFolder: URL, images: (store: FileImageStore, cachedFeed: CacheRetention.CachedFeedImages?)?, now: Date
    ) async throws -> CachePrune {
        var prune = CachePrune()
        prune.comments = try await FileCommentsStore(folder: cacheFolder.appendingPathComponent("comments")).prune(now: now)
        if let images {
            prune.images = try await images.store.prune(cachedFeed: images.cachedFeed, now: now)
        }
        return prune
    }

    var isEmpty: Bool { comments.isEmpty && images.blobs.isEmpty && images.indexEntries == 0 }

    var byteCount: Int { (comments + images.blobs).reduce(0) { $0 + $1.byteCount } }

    /// Every removed file, comments first, for `--verbose`.
    var files: [RemovedCacheFile] { comments + images.blobs }

    /// "12 comments files saved seven days ago or more and 30 images no feed of the last
    /// seven days refers to (4.2 MB)".
    var description: String {
        var parts: [String] = []
        if !comments.isEmpty {
            parts.append("\(comments.count) comments file\(comments.count == 1 ? "" : "s") saved seven days ago or more")
        }
        let count = images.blobs.count
        if count > 0 || images.indexEntries > 0 {
            parts.append("\(count) image\(count == 1 ? "" : "s") no feed of the last seven days refers to")
        }
        return "\(parts.joined(separator: " and ")) (\(ByteCountText.approximately(byteCount)))"
    }
}
