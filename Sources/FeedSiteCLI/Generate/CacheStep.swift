import FeedCore
import Foundation
import SiteGenerator

/// After the run: the feed cache validated and, after a run that published, both
/// caches pruned to what the seven-day fallback can still need.
enum CacheStep {
    /// The images of the feed the cache now holds, when it holds the feed the site shows
    /// (`nil` when saving the live feed failed): pruning keeps them whatever their age.
    static func cachedFeedImages(
        of entries: [SiteEntry], source: FeedService.FeedSource, inCache: Bool, now: Date
    ) -> CacheRetention.CachedFeedImages? {
        guard inCache else { return nil }
        let savedAt = if case let .cache(savedAt) = source { savedAt } else { now }
        return .init(blobs: Set(entries.lazy.compactMap { $0.stored?.digest }), savedAt: savedAt)
    }

    static func run(_ context: RunContext, after result: Result<RunSummary, any Error>, code: ExitCode) async {
        guard code != .interrupted else { return }
        context.report.feedCacheValidated(await Result { try await context.feedCache.validateCache() })
        guard case let .success(summary) = result, code == .success || code == .degraded else { return }
        let images = summary.cachedFeedImages.map { (context.imageStore, Optional($0)) }
        context.report.cachePruned(await Result { try await CachePrune.run(cacheFolder: context.cacheFolder, images: images, now: context.now) })
    }
}
