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

    /// `published`: every step ran, so the site shows the feed; `feedInCache`: the feed
    /// cache holds that feed, whose images pruning keeps whatever their age.
    func run(published: Bool, interrupted: Bool, feedInCache: Bool) async {
        guard !interrupted else { return }
        report.feedCacheValidated(await Result { try await feedCache.validateCache() })
        guard published else { return }
        // The images are left alone when the cache does not hold the feed shown.
        report.cachePruned(
            Result {
                try CachePrune.run(cache: cache, images: feedInCache ? (imageStore, try cache.cachedFeedImages()) : nil, now: now)
            })
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
