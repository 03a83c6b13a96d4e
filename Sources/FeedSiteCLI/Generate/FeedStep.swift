import FeedCore
import Foundation

/// Phase 1: the feed, every page from the API (then saved to the cache), else the cache.
enum FeedStep {
    /// `inCache` is whether the feed cache now holds this feed: it came from there, or it
    /// loaded live and was saved.
    static func run(_ context: RunContext) async throws -> (feed: [FeedItem], source: FeedService.FeedSource, inCache: Bool) {
        let report = context.report
        let loaded = try await context.service.loadFeed(pageLimit: FeedEndpoint.defaultLimit, maxItems: context.options.maxItems) { _, items in
            report.progress("feed", done: items, total: nil)
        }
        report.feedLoaded(loaded, api: context.options.api)
        return (loaded.feed, loaded.source, loaded.source != .live || loaded.saveFailure == nil)
    }
}
