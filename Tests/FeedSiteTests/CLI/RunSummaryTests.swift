import FeedCore
import Foundation
import TestSupport
import XCTest

@testable import FeedSiteCLI

final class RunSummaryTests: XCTestCase {
    func test_isDegraded_onlyWhenSomethingDidNotComeLive() {
        XCTAssertFalse(summary().isDegraded)
        XCTAssertTrue(summary(feedSource: .cache(savedAt: fixedNow())).isDegraded)
        XCTAssertTrue(summary(images: .init(downloaded: 1, fromCache: 0, failed: 1, files: 1)).isDegraded)
        XCTAssertTrue(summary(comments: .init(live: 1, fromCache: 1, unavailable: 0, count: 3)).isDegraded)
        XCTAssertTrue(summary(comments: .init(live: 1, fromCache: 0, unavailable: 1, count: 3)).isDegraded)
        var stopped = summary()
        stopped.feedStoppedAfterPages = 10_000
        XCTAssertTrue(stopped.isDegraded, "a live feed cut short by --max-pages")
    }

    func test_degradedReasons_nameTheFeedStoppedByMaxPagesWithItsPages() {
        var stopped = summary(images: .init(downloaded: 1, fromCache: 0, failed: 1, files: 1))
        stopped.feedStoppedAfterPages = 10_000

        XCTAssertEqual(stopped.degradedReasons, ["the feed was stopped after 10000 pages (--max-pages)", "1 image failed"])
    }

    func test_degradedReasons_nameEachShortfallWithItsCount() {
        let degraded = summary(
            feedSource: .cache(savedAt: fixedNow()), images: .init(downloaded: 0, fromCache: 1, failed: 2, files: 1),
            comments: .init(live: 0, fromCache: 1, unavailable: 3, count: 0))

        XCTAssertEqual(
            degraded.degradedReasons,
            ["the feed came from the cache", "2 images failed", "1 comments list came from the cache", "3 comments lists were unavailable"])
    }

    func test_line_saysWhatWasPublishedAndWhereTheFeedCameFrom() {
        var done = summary(images: .init(downloaded: 2, fromCache: 1, failed: 0, files: 3), comments: .init(live: 3, fromCache: 0, unavailable: 0, count: 7))
        done.feedPages = 1
        done.locales = 2

        XCTAssertEqual(
            done.line(elapsed: 1.5, age: { _ in "never" }),
            "3 items, 4 pages (1 feed, 3 comments) × 2 locales, images 2 downloaded / 1 from cache / 0 failed, 7 comments, from the live feed, 1.50 s")
        done.feedSource = .cache(savedAt: fixedNow())
        XCTAssertTrue(done.line(elapsed: 12, age: { _ in "2 days ago" }).hasSuffix("from the cached feed saved 2 days ago, 12.0 s"))
    }

    func test_line_namesPicturesResizedAndShownAsTheyAreOnlyWhenOneWasResizedOrRefused() {
        var done = summary(images: .init(downloaded: 3, fromCache: 0, failed: 0, files: 3))
        done.renditions = RenditionTally(asItIs: [.small: 3])
        XCTAssertFalse(done.line(elapsed: 1, age: { _ in "" }).contains("pictures"), "small pictures alone say nothing")

        done.renditions = RenditionTally(asItIs: [.small: 2, .format: 1])
        XCTAssertTrue(done.line(elapsed: 1, age: { _ in "" }).contains(", pictures 0 resized (0 made, 0 files) / 3 shown as they are, "))

        done.renditions = RenditionTally(made: 1, fromCache: 1, asItIs: [.small: 1], files: 6)
        XCTAssertTrue(done.line(elapsed: 1, age: { _ in "" }).contains(", pictures 2 resized (1 made, 6 files) / 1 shown as they are, "))
    }

    func test_line_saysWhatMetadataWasDroppedFromTheOriginalsOnlyWhenSomeWas() {
        var done = summary(images: .init(downloaded: 3, fromCache: 0, failed: 0, files: 3))
        XCTAssertFalse(done.line(elapsed: 1, age: { _ in "" }).contains("metadata"))

        done.metadata = MetadataTally(originals: 12, bytes: 3_100_000)
        XCTAssertTrue(done.line(elapsed: 1, age: { _ in "" }).contains(" / 0 failed, metadata dropped from 12 originals (3.1 MB), "))
        done.metadata = MetadataTally(originals: 1, bytes: 640)
        XCTAssertTrue(done.line(elapsed: 1, age: { _ in "" }).contains(", metadata dropped from 1 original (640 bytes), "))
    }

    func test_manifestFacts_holdNothingThatChangesBetweenTwoRunsOverTheSameData() {
        var done = summary(
            feedSource: .cache(savedAt: Date(timeIntervalSince1970: 0)), images: .init(downloaded: 5, fromCache: 0, failed: 1, files: 4),
            comments: .init(live: 2, fromCache: 1, unavailable: 0, count: 9))
        done.feedPages = 2
        done.phases = [("feed", 1.0)]

        let facts = done.manifestFacts(api: URL(string: "https://api.example/v1")!, now: Date(timeIntervalSince1970: 86_400), locales: ["en", "el"])

        XCTAssertEqual(facts.feedSource, "cache")
        XCTAssertEqual(facts.feedSavedAt, "1970-01-01T00:00:00Z")
        XCTAssertEqual(facts.now, "1970-01-02T00:00:00Z")
        XCTAssertEqual([facts.items, facts.feedPages, facts.commentsPages, facts.images, facts.imagesFailed], [3, 2, 3, 4, 1])
        XCTAssertEqual([facts.comments, facts.commentsFromCache, facts.commentsUnavailable], [9, 1, 0])
        XCTAssertEqual(facts.locales, ["en", "el"])
    }

    private func summary(
        feedSource: FeedService.FeedSource = .live, images: ImageTally = .init(downloaded: 3, fromCache: 0, failed: 0, files: 3),
        comments: CommentsTally = .init(live: 3, fromCache: 0, unavailable: 0, count: 5)
    ) -> RunSummary {
        RunSummary(feedSource: feedSource, items: 3, images: images, comments: comments)
    }
}
