import FeedCore
import Foundation

/// The feed phase: every page from the API (then saved to the cache), else the cache.
struct FeedStep {
    let service: FeedService
    let api: URL
    let maxItems: Int?
    /// `--max-pages`: the most pages of the API read.
    let maxPages: Int
    let report: RunReport

    /// `inCache` is whether the feed cache now holds this feed: it came from there, or it
    /// loaded live and was saved. `stoppedAfterPages`: `--max-pages` cut the feed short.
    func run() async throws -> (feed: [FeedItem], source: FeedService.FeedSource, inCache: Bool, stoppedAfterPages: Int?) {
        let report = report
        let loaded = try await service.loadFeed(pageLimit: FeedEndpoint.defaultLimit, maxItems: maxItems, maxPages: maxPages) { _, items in
            report.progress("feed", done: items, total: nil)
        }
        report.feedLoaded(loaded, api: api)
        return (loaded.feed, loaded.source, loaded.source != .live || loaded.saveFailure == nil, loaded.stoppedAfterPages)
    }
}
