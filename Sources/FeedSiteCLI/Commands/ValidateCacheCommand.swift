import FeedCore
import FeedStorage
import FileSystem
import Foundation

/// `feedsite validate-cache`: sweeps temporary files a killed run left, deletes the feed
/// cache when it is expired or unreadable (keeps it when valid or empty), then prunes the
/// comments and images no feed of the last seven days needs, and says what it did.
struct ValidateCacheCommand {
    let cacheFolder: URL
    /// The run's clock, for the cache's age.
    let now: Date
    /// The time the command started, for the lock.
    let startedAt: Date
    /// Lists every file removed.
    var verbose = false
    let console: Console

    func run() async -> ExitCode {
        let file = cacheFolder.appendingPathComponent("feed.json")
        let now = self.now
        let lock: RunLock
        do {
            lock = try RunLock.acquire(cacheFolder.appendingPathComponent(".lock"), startedAt: startedAt)
        } catch {
            console.error("\(error)")
            return .failure
        }
        defer { lock.markFinished() }
        let temporary = CacheJanitor.removeTemporaryFiles(in: cacheFolder)
        if temporary > 0 {
            console.output("cache \(cacheFolder.path): removed \(temporary) temporary file\(temporary == 1 ? "" : "s") an interrupted run left")
        }
        let store = FileFeedStore(fileURL: file)
        let loader = LocalFeedLoader(store: store, now: { now })
        let kept: Bool
        do {
            switch try await loader.validateCache() {
            case .empty:
                console.output("feed cache \(file.path): empty, nothing to do")
                kept = false
            case let .kept(savedAt):
                console.output("feed cache \(file.path): valid (saved \(ISO8601Date.format(savedAt))), kept")
                kept = true
            case let .deletedExpired(savedAt):
                console.output("feed cache \(file.path): expired (saved \(ISO8601Date.format(savedAt)), seven days old or more), deleted")
                kept = false
            case let .deletedUnreadable(reason):
                console.output("feed cache \(file.path): unreadable (\(reason)), deleted")
                kept = false
            }
        } catch {
            console.error("cannot validate the feed cache: \(error)")
            return .failure
        }
        return await prune(keepingImagesOf: kept ? store : nil)
    }

    /// Prunes the comments and the images, keeping every image of the cached feed, if any.
    private func prune(keepingImagesOf feedStore: FileFeedStore?) async -> ExitCode {
        let imageStore = FileImageStore(folder: cacheFolder.appendingPathComponent("images"))
        do {
            var cachedFeed: CacheRetention.CachedFeedImages?
            if let feedStore, let feed = try await feedStore.retrieve() {
                // Each URL's blob, as an offline run would find it (the index entry, hashed).
                let blobs = try feed.feed.compactMap { try imageStore.retrieve(for: $0.image.url)?.digest }
                cachedFeed = CacheRetention.CachedFeedImages(blobs: Set(blobs), savedAt: feed.timestamp)
            }
            let prune = try await CachePrune.run(cacheFolder: cacheFolder, images: (imageStore, cachedFeed), now: now)
            guard !prune.isEmpty else {
                console.output(
                    "cache \(cacheFolder.path): nothing to prune; every comments file is less than seven days old and every image is referred to by a feed of the last seven days"
                )
                return .success
            }
            console.output("cache \(cacheFolder.path): removed \(prune.description)")
            if verbose {
                for file in prune.files { console.output("removed \(file.path) (\(ByteCountText.approximately(file.byteCount)))") }
            }
            return .success
        } catch {
            console.error("cannot prune the cache: \(error)")
            return .failure
        }
    }
}
