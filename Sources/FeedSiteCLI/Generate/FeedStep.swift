import FeedCore
import Foundation

/// The feed phase: every page from the API (then saved to the cache), else the cache.
struct FeedStep {
    let service: FeedService
    let api: URL
    let maxItems: Int?
    let report: RunReport

    /// `inCache` is whether the feed cache now holds this feed: it came from there, or it
    /// loaded live and was saved.
    func run() async throws -> (feed: [FeedItem], source: FeedService.FeedSource, inCache: Bool) {
        let report = report
        let loaded = try await service.loadFeed(pageLimit: FeedEndpoint.defaultLimit, maxItems: maxItems) { _, items in
            report.progress("feed", done: items, total: nil)
        }
        report.feedLoaded(loaded, api: api)
        return (loaded.feed, loaded.source, loaded.source != .live || loaded.saveFailure == nil)
    }
}
