import FeedCore
import Foundation

/// Every page of the feed from the API (then saved to the cache), else the cache.
struct FeedStep: RunStep {
    let service: FeedService
    let api: URL
    let maxItems: Int?
    /// `--max-pages`: the most pages of the API read.
    let maxPages: Int
    let report: RunReport

    var name: String { "feed" }
    var phase: RunPhase { .feed }

    struct Outcome: StepOutcome {
        let feed: [FeedItem]
        let source: FeedService.FeedSource
        /// Whether the feed cache now holds this feed: it came from there, or it loaded
        /// live and was saved.
        let inCache: Bool
        /// The pages read when `--max-pages` cut the feed short; `nil` when it was read whole.
        let stoppedAfterPages: Int?

        func record(in summary: inout RunSummary) {
            (summary.feedSource, summary.items, summary.feedStoppedAfterPages) = (source, feed.count, stoppedAfterPages)
            summary.feedInCache = inCache
        }
    }

    func run(_ progress: StepProgress) async throws(RunError) -> Outcome {
        try await failing { try await work(progress) }
    }

    private func work(_ progress: StepProgress) async throws -> Outcome {
        let loaded = try await service.loadFeed(pageLimit: FeedEndpoint.defaultLimit, maxItems: maxItems, maxPages: maxPages) { _, items in
            progress.update(done: items, total: nil)
        }
        report.feedLoaded(loaded, api: api)
        return Outcome(
            feed: loaded.feed, source: loaded.source, inCache: loaded.source != .live || loaded.saveFailure == nil, stoppedAfterPages: loaded.stoppedAfterPages)
    }
}
