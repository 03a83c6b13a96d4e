import FeedCore
import Foundation
import SiteGenerator
import Synchronization
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// The images step on its own: each distinct URL once, from the image cache or downloaded,
/// every stored image placed in the site, a failed one counted and warned of.
final class ImagesStepTests: XCTestCase {
    func test_run_downloadsEachDistinctURLOncePlacesEachImageAndCountsThem() async throws {
        let world = StepWorld()
        let (first, second) = (uniqueImage(), uniqueImage())
        let again = FeedImage(id: UUID(), description: nil, location: nil, url: first.url)
        world.api.serve(image: CacheFixtures.pngBytes("first"), at: first.url)
        world.api.serve(image: CacheFixtures.pngBytes("second"), at: second.url)

        let outcome = try await run(ImagesStep(world, feed: [first, second, again]))

        XCTAssertEqual(world.imageRequests.count, 2, "\(world.imageRequests)")
        XCTAssertEqual(Set(world.imageRequests), [first.url, second.url])
        XCTAssertEqual(outcome.entries.map(\.id), [first.id, second.id, again.id])
        let stored = try outcome.entries.map { try XCTUnwrap($0.stored) }
        XCTAssertEqual(stored[0], stored[2], "one URL, one image")
        XCTAssertNotEqual(stored[0], stored[1])
        XCTAssertEqual(world.site.folders, ["images"])
        XCTAssertEqual(Set(world.site.files.keys), Set(stored.map(SitePaths.image)))
        XCTAssertEqual(outcome.tally, ImageTally(downloaded: 2, fromCache: 0, failed: 0, files: 2))
        XCTAssertEqual(world.lines, ["images: 2 downloaded, 0 from the cache, 0 failed"])
        var summary = RunSummary()
        outcome.record(in: &summary)
        XCTAssertEqual(summary.images, outcome.tally)
    }

    func test_run_tellsOfEachImageStoredWithItsURLAsItIsStored() async throws {
        let world = StepWorld()
        let (downloaded, cached, missing) = (uniqueImage(), uniqueImage(), uniqueImage())
        world.api.serve(image: CacheFixtures.pngBytes("downloaded"), at: downloaded.url)
        _ = try await world.service.imageStore.insert(CacheFixtures.pngBytes("cached"), for: cached.url)
        let told = Mutex<[URL: StoredImage]>([:])
        var step = ImagesStep(world, feed: [downloaded, cached, missing])
        step.onStored = { stored, url in told.withLock { $0[url] = stored } }

        let outcome = try await run(step)

        XCTAssertEqual(told.withLock { $0 }, [downloaded.url: try XCTUnwrap(outcome.entries[0].stored), cached.url: try XCTUnwrap(outcome.entries[1].stored)])
    }

    func test_run_takesAnImageTheCacheHoldsWithoutARequest() async throws {
        let world = StepWorld()
        let image = uniqueImage()
        let cached = try await world.service.imageStore.insert(CacheFixtures.pngBytes(), for: image.url)

        let outcome = try await run(ImagesStep(world, feed: [image]))

        XCTAssertEqual(world.client.requestedURLs, [])
        XCTAssertEqual(outcome.entries.map(\.stored), [cached])
        XCTAssertEqual(outcome.tally, ImageTally(downloaded: 0, fromCache: 1, failed: 0, files: 1))
        XCTAssertEqual(world.site.files.keys.sorted(), [SitePaths.image(cached)])
        XCTAssertEqual(world.lines, ["images: 0 downloaded, 1 from the cache, 0 failed"])
    }

    func test_run_countsAFailedImageWarnsOfItLeavesItsItemWithoutAnImageAndDegradesTheRun() async throws {
        let world = StepWorld()
        let (found, missing) = (uniqueImage(), uniqueImage())
        world.api.serve(image: CacheFixtures.pngBytes(), at: found.url)

        let outcome = try await run(ImagesStep(world, feed: [missing, found]))

        XCTAssertNil(outcome.entries[0].stored)
        XCTAssertNotNil(outcome.entries[1].stored)
        XCTAssertEqual(outcome.tally, ImageTally(downloaded: 1, fromCache: 0, failed: 1, files: 1))
        XCTAssertEqual(world.site.files.count, 1, "only the image that came")
        XCTAssertEqual(world.lines.count, 2, "\(world.lines)")
        XCTAssertTrue(world.lines[0].hasPrefix("feedsite: warning: image \(missing.url.absoluteString): "), world.lines[0])
        XCTAssertTrue(world.lines[0].hasSuffix("; the page shows a placeholder"), world.lines[0])
        XCTAssertEqual(world.lines[1], "images: 1 downloaded, 0 from the cache, 1 failed")
        var summary = RunSummary()
        outcome.record(in: &summary)
        XCTAssertEqual(summary.degradedReasons, ["1 image failed"])
    }

    func test_run_countsTwoURLsOfIdenticalBytesAsOneFileOfTheSite() async throws {
        let world = StepWorld()
        let (one, other) = (uniqueImage(), uniqueImage())
        let bytes = CacheFixtures.pngBytes("the same")
        world.api.serve(image: bytes, at: one.url)
        world.api.serve(image: bytes, at: other.url)

        let outcome = try await run(ImagesStep(world, feed: [one, other]))

        XCTAssertEqual(outcome.tally, ImageTally(downloaded: 2, fromCache: 0, failed: 0, files: 1))
        XCTAssertEqual(world.site.files.count, 1)
    }

    func test_run_offlineFailsAnImageTheCacheDoesNotHoldWithoutARequest() async throws {
        let world = StepWorld(offline: true)
        let image = uniqueImage()
        world.api.serve(image: CacheFixtures.pngBytes(), at: image.url)

        let outcome = try await run(ImagesStep(world, feed: [image]))

        XCTAssertEqual(world.client.requestedURLs, [])
        XCTAssertEqual(outcome.tally, ImageTally(downloaded: 0, fromCache: 0, failed: 1, files: 0))
        XCTAssertEqual(
            world.lines.first, "feedsite: warning: image \(image.url.absoluteString): not in the image cache (offline run); the page shows a placeholder")
    }

    func test_run_writesTheCachesImagesInOneBatch() async throws {
        let world = StepWorld()
        let images = uniqueImageFeed(count: 3)
        for image in images { world.api.serve(image: CacheFixtures.pngBytes(), at: image.url) }
        let batches = CountingCacheBatches()

        _ = try await run(ImagesStep(world, feed: images, cache: batches))

        XCTAssertEqual(batches.count, 1)
    }

    // MARK: - Helpers

    private func run(_ step: ImagesStep) async throws -> ImagesStep.Outcome {
        try await step.run(StepProgress(report: step.report, label: step.name))
    }
}

extension ImagesStep {
    /// The step over `world`, for a live feed of `feed` (first seen at `fixedNow()`) that the
    /// cache holds unless `inCache` is false.
    /// `keepMetadata`: `--keep-metadata`.
    init(_ world: StepWorld, feed: [FeedImage], cache: any CacheBatches = NoCacheBatches(), keepMetadata: Bool = false) {
        let outcome = FeedStep.Outcome(feed: feed.seen(at: fixedNow()), source: .live, inCache: true, stoppedAfterPages: nil)
        self.init(
            feed: outcome, service: world.service, cache: cache, site: world.site,
            originals: PublishedOriginals(cache: world.renditions, keepMetadata: keepMetadata), report: world.report, tasksAtOnce: 4)
    }
}
