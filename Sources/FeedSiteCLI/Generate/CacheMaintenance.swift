import FeedCore
import FeedStorage
import Foundation
import SiteGenerator

/// After the run: the feed cache validated and, after a run that published, both caches
/// pruned to what the seven-day fallback can still need. Not after an interrupted run,
/// which should end at once.
struct CacheMaintenance {
    let feedCache: LocalFeedLoader
    let cache: CacheDatabase
    let imageStore: SQLiteImageStore
    let now: Date
    let report: RunReport

    /// `published`: every step ran, so the site shows the feed; `cachedFeedImages`: its
    /// images, when the feed cache holds that feed.
    func run(published: Bool, interrupted: Bool, cachedFeedImages: CacheRetention.CachedFeedImages?) async {
        guard !interrupted else { return }
        report.feedCacheValidated(await Result { try await feedCache.validateCache() })
        guard published else { return }
        let images = cachedFeedImages.map { (imageStore, Optional($0)) }
        report.cachePruned(Result { try CachePrune.run(cache: cache, images: images, now: now) })
    }
}

extension CacheRetention.CachedFeedImages {
    /// The images of the feed the cache now holds, when it holds the feed the site shows
    /// (`nil` when saving the live feed failed): pruning keeps them whatever their age.
    init?(of entries: [SiteEntry], source: FeedService.FeedSource, inCache: Bool, now: Date) {
        guard inCache else { return nil }
        let savedAt = if case let .cache(savedAt) = source { savedAt } else { now }
        self.init(blobs: entries.compactMap { $0.stored?.digest }, savedAt: savedAt)
    }
}

extension Result where Failure == any Error {
    /// The result of an `async` throwing call.
    init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
