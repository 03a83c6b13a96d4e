import FeedCore
import Foundation
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// A whole run, step by step, over stubs and memory.
final class GenerateRunTests: XCTestCase {
    func test_run_publishesEveryPageOfALiveFeedAndFoldsEachStepIntoTheSummary() async throws {
        let feed = uniqueImageFeed(count: 3)
        let fixture = RunFixture(feed: feed)

        let (summary, error) = try await fixture.run()

        XCTAssertNil(error)
        XCTAssertTrue(fixture.site.published)
        XCTAssertEqual(summary.feedSource, .live)
        XCTAssertEqual(summary.items, 3)
        XCTAssertEqual(summary.images, ImageTally(downloaded: 3, fromCache: 0, failed: 0, files: 3))
        XCTAssertEqual(summary.comments, CommentsTally(live: 3, fromCache: 0, unavailable: 0, count: 3))
        XCTAssertEqual(summary.feedPages, 1)
        XCTAssertTrue(summary.published)
        XCTAssertEqual(summary.phases.map(\.name), ["feed", "images", "renditions", "comments", "render", "publish"])
        let files = fixture.site.files.keys
        XCTAssertTrue(files.contains("index.html"))
        for image in feed { XCTAssertTrue(files.contains("comments/\(image.id.text).html"), "\(files.sorted())") }
        XCTAssertTrue(files.contains("search/index.js"))
        XCTAssertTrue(files.contains("manifest.json"))
        XCTAssertEqual(fixture.site.manifest?.items, 3)
        XCTAssertEqual(fixture.site.flushesStarted, 1)
    }

    func test_run_endsWithExitZeroAndTheClosingLineWhenEverythingCameLive() async throws {
        let fixture = RunFixture(feed: uniqueImageFeed(count: 2))

        let (summary, error) = try await fixture.run()
        let ending = RunEnding.of(summary, error: error, facts: .init(previousSiteExists: false, output: fixture.site.output))

        XCTAssertEqual(ending.code, .success)
        XCTAssertEqual(ending.lines.last, .result(summary.line(elapsed: 0, age: { _ in "" })))
        XCTAssertTrue(ending.lines.contains(.info("published /nowhere/site/index.html")))
    }

    func test_run_publishesTheCachedFeedAsDegradedWhenTheAPICannotBeReached() async throws {
        let cached = uniqueFeedItems(count: 2)
        var fixture = RunFixture(feed: [])
        fixture.apiUp = false
        await fixture.feedStore.insert(cached, timestamp: fixedNow().addingTimeInterval(-3600))

        let (summary, error) = try await fixture.run()

        XCTAssertNil(error)
        XCTAssertTrue(fixture.site.published)
        XCTAssertEqual(summary.items, 2)
        XCTAssertEqual(summary.feedSource, .cache(savedAt: fixedNow().addingTimeInterval(-3600)))
        XCTAssertEqual(summary.images.failed, 2, "no image was ever cached")
        XCTAssertEqual(RunEnding.of(summary, error: error, facts: .init(previousSiteExists: true)).code, .degraded)
    }

    func test_run_withStrictPublishesNothingWhenTheRunIsDegraded() async throws {
        var fixture = RunFixture(feed: [])
        fixture.apiUp = false
        fixture.options.strict = true
        await fixture.feedStore.insert(uniqueFeedItems(count: 1), timestamp: fixedNow().addingTimeInterval(-3600))

        let (summary, error) = try await fixture.run()

        guard case let .strictRefusal(reasons)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(reasons, summary.degradedReasons)
        XCTAssertFalse(fixture.site.published)
        XCTAssertFalse(summary.published)
        XCTAssertEqual(RunEnding.of(summary, error: error, facts: .init(previousSiteExists: true)).code, .failure)
    }

    func test_run_stopsAtTheFeedWhenNeitherTheAPINorTheCacheHasIt() async throws {
        var fixture = RunFixture(feed: [])
        fixture.apiUp = false

        let (summary, error) = try await fixture.run()

        guard case .feedUnavailable? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(summary.phases.map(\.name), ["feed"])
        XCTAssertTrue(fixture.site.files.isEmpty)
        XCTAssertFalse(fixture.site.published)
    }

    func test_run_publishingThatFailsIsTheRunsErrorAndPublishesNothing() async throws {
        struct Refused: Error {}
        let fixture = RunFixture(feed: uniqueImageFeed(count: 1), site: InMemoryStagingSite(publishError: Refused()))

        let (summary, error) = try await fixture.run()

        guard case let .failed(underlying)? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(underlying is Refused)
        XCTAssertFalse(summary.published)
        XCTAssertEqual(summary.phases.map(\.name).last, "publish")
    }

    func test_run_inACancelledTaskRunsNoStepAndEndsAsInterrupted() async throws {
        let fixture = RunFixture(feed: uniqueImageFeed(count: 1))

        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await fixture.run()
        }
        let (summary, error) = try await task.value

        guard case .interrupted? = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(summary.phases.isEmpty)
        XCTAssertTrue(fixture.site.files.isEmpty)
    }
}
