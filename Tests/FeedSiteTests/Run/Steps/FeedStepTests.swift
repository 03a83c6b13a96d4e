import FeedCore
import Foundation
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// The feed step on its own: the feed from the API (saved), else the cache, else the run
/// stops; what it says, and what it counts in the run's summary.
final class FeedStepTests: XCTestCase {
    func test_run_deliversTheLiveFeedSavesItToTheCacheAndSaysWhereItCameFrom() async throws {
        let world = StepWorld()
        let feed = uniqueImageFeed(count: 3)
        world.api.serve(feed: feed)

        let outcome = try await run(FeedStep(world))

        XCTAssertEqual(outcome.feed, feed.seen(at: fixedNow()))
        XCTAssertEqual(outcome.source, .live)
        XCTAssertTrue(outcome.inCache)
        XCTAssertNil(outcome.stoppedAfterPages)
        let cached = try await world.service.feedCache.load()
        XCTAssertEqual(cached?.feed, outcome.feed, "saved to the cache")
        XCTAssertEqual(world.lines, ["feed: 3 items from http://api.example/v1"])
        var summary = RunSummary()
        outcome.record(in: &summary)
        XCTAssertEqual(summary.items, 3)
        XCTAssertEqual(summary.feedSource, .live)
        XCTAssertTrue(summary.feedInCache, "pruning keeps its images")
        XCTAssertFalse(summary.isDegraded)
    }

    func test_record_ofALiveFeedTheCacheCouldNotSaveLeavesItsImagesOutOfPruning() {
        let outcome = FeedStep.Outcome(feed: uniqueFeedItems(count: 1), source: .live, inCache: false, stoppedAfterPages: nil)
        var summary = RunSummary()
        summary.feedInCache = true

        outcome.record(in: &summary)

        XCTAssertFalse(summary.feedInCache)
    }

    func test_run_withTheAPIDownFallsBackToTheCachedFeedWarnsAndDegradesTheRun() async throws {
        let world = StepWorld()
        let feed = uniqueFeedItems(count: 2)
        try await world.service.feedCache.save(feed)
        world.api.goDown()

        let outcome = try await run(FeedStep(world))

        XCTAssertEqual(outcome.feed, feed)
        XCTAssertEqual(outcome.source, .cache(savedAt: fixedNow()))
        XCTAssertTrue(outcome.inCache)
        XCTAssertEqual(
            world.lines,
            [
                "feedsite: warning: feed: connectivity error from http://api.example/v1/feed?limit=\(FeedEndpoint.defaultLimit): connection refused; using the cached feed",
                "feed: 2 items from the cache, saved 2024-05-20T11:24:59Z",
            ])
        var summary = RunSummary()
        outcome.record(in: &summary)
        XCTAssertEqual(summary.feedSource, .cache(savedAt: fixedNow()))
        XCTAssertEqual(summary.degradedReasons, ["the feed came from the cache"])
    }

    func test_run_withTheAPIDownAndNothingCachedFailsTheRunAsFeedUnavailableAndSaysNothing() async {
        let world = StepWorld()
        world.api.goDown()

        let error = await errorOf { try await self.run(FeedStep(world)) }

        let unavailable: FeedService.FeedUnavailable? = if case let .feedUnavailable(unavailable)? = error as? RunError { unavailable } else { nil }
        XCTAssertEqual(unavailable?.remoteFailure?.kind, .connectivity)
        XCTAssertEqual(unavailable?.cacheProblem, "no cached feed less than 7 days old")
        XCTAssertEqual(world.lines, [])
    }

    func test_run_offlineWithNothingCachedFailsTheRunAsFeedUnavailableWithoutARequest() async {
        let world = StepWorld(offline: true)
        world.api.serve(feed: uniqueImageFeed())

        let error = await errorOf { try await self.run(FeedStep(world)) }

        let unavailable: FeedService.FeedUnavailable? = if case let .feedUnavailable(unavailable)? = error as? RunError { unavailable } else { nil }
        XCTAssertNotNil(unavailable)
        XCTAssertNil(unavailable?.remoteFailure)
        XCTAssertEqual(world.client.requestedURLs, [])
    }

    func test_run_stoppedByMaxPagesRecordsThePagesReadWarnsAndDegradesTheRun() async throws {
        let world = StepWorld()
        world.api.serveAnEndlessFeed()

        let outcome = try await run(FeedStep(world, maxPages: 3))

        XCTAssertEqual(outcome.feed.count, 6)
        XCTAssertEqual(outcome.stoppedAfterPages, 3)
        XCTAssertEqual(
            world.lines.last, "feedsite: warning: feed: stopped after 3 pages (--max-pages): the API kept sending new pages; 6 items were read")
        var summary = RunSummary()
        outcome.record(in: &summary)
        XCTAssertEqual(summary.feedStoppedAfterPages, 3)
        XCTAssertEqual(summary.items, 6)
        XCTAssertEqual(summary.degradedReasons, ["the feed was stopped after 3 pages (--max-pages)"])
    }

    func test_run_withMaxItemsKeepsTheFeedsFirstItems() async throws {
        let world = StepWorld()
        let feed = uniqueImageFeed(count: 5)
        world.api.serve(feed: feed)

        let outcome = try await run(FeedStep(world, maxItems: 2))

        XCTAssertEqual(outcome.feed.map(\.image), Array(feed.prefix(2)))
    }

    // MARK: - Helpers

    private func run(_ step: FeedStep) async throws -> FeedStep.Outcome {
        try await step.run(StepProgress(report: step.report, label: step.name))
    }
}

extension FeedStep {
    /// The step over `world`'s service and report.
    fileprivate init(_ world: StepWorld, maxItems: Int? = nil, maxPages: Int = 10_000) {
        self.init(service: world.service, api: FakeFeedAPI.root, maxItems: maxItems, maxPages: maxPages, report: world.report)
    }
}
