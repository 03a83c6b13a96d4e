import FeedCore
import Foundation

/// Phase 1: the feed, every page from the API (then saved to the cache), else the cache.
enum FeedStep {
    static func run(_ context: RunContext) async throws -> (feed: [FeedImage], source: FeedService.FeedSource) {
        let report = context.report
        let loaded = try await context.service.loadFeed(pageLimit: FeedEndpoint.defaultLimit, maxItems: context.options.maxItems) { _, items in
            report.progress("feed", done: items, total: nil)
        }
        report.feedLoaded(loaded, api: context.options.api)
        return (loaded.feed, loaded.source)
    }
}
