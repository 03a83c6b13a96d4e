import Basics
import FeedCore
import FeedSiteCLI
import Foundation
import Hashing
import SampleAPI
import Synchronization
import TestSupport
import XCTest

/// Months of cron stay small: a feed that replaces a tenth of its items every day,
/// generated once a day for thirty days, leaves a cache (database rows and blob files)
/// holding only what the last seven days' feeds refer to, and an offline run still shows
/// every image of the cached feed.
final class CachePruningTests: XCTestCase {
    func test_generate_keepsOnlyTheImagesAndCommentsOfTheLastSevenDaysFeedsOverThirtyDays() async throws {
        let feed = RotatingFeed(itemsShown: 20, replacedPerDay: 2, days: 30)
        let server = try makeServer(feed)
        let run = try makeRunFolder()

        var removedOnDay: [Int: String] = [:]
        for day in 0..<30 {
            feed.day = day
            let result = await run.generate(api: server.apiRoot, now: Self.time(ofDay: day))
            XCTAssertEqual(result.code, .success, "day \(day): \(result.diagnostics)")
            removedOnDay[day] = result.diagnostics.split(separator: "\n").first { $0.hasPrefix("cache: removed") }.map(String.init)
        }

        XCTAssertNil(removedOnDay[6], "nothing is seven days old on day 6")
        XCTAssertEqual(
            removedOnDay[7],
            "cache: removed the comments of 2 images saved seven days ago or more and 2 images no feed of the last seven days refers to (512 bytes)")
        // Day 29: the feeds of days 23…29 are less than seven days old; day 22's is exactly seven.
        let lastSevenDays = Set((23...29).flatMap(feed.itemNumbers(onDay:)))
        XCTAssertEqual(lastSevenDays.count, 20 + 6 * 2)
        let blobs = Set(lastSevenDays.map(feed.sha256(ofItem:)))
        let cache = CacheContents(folder: run.cache)
        XCTAssertEqual(try cache.blobNames(), blobs)
        XCTAssertEqual(try cache.blobShards().filter(\.files.isEmpty).map(\.name), [], "no shard folder is left empty")
        XCTAssertEqual(try cache.values("SELECT sha256 FROM blobs"), blobs, "when each blob still kept was last referred to")
        XCTAssertEqual(try cache.values("SELECT url FROM images").count, lastSevenDays.count, "one index entry per URL still referred to")
        XCTAssertEqual(try cache.values("SELECT sha256 FROM images"), blobs)
        XCTAssertEqual(try cache.values("SELECT image_id FROM comments"), Set(lastSevenDays.map { SyntheticFeed.id(ofItemAt: $0 - 1).uuidString }))

        let offline = await run.generate(api: server.apiRoot, now: "2024-05-30T13:00:00Z", ["--offline"])

        XCTAssertEqual(offline.code, .degraded, offline.diagnostics)
        XCTAssertFalse(offline.diagnostics.contains("placeholder"), offline.diagnostics)
        XCTAssertTrue(offline.output.contains("images 0 downloaded / 20 from cache / 0 failed"), offline.output)
        for number in feed.itemNumbers(onDay: 29) {
            let image = run.file("images/\(feed.sha256(ofItem: number)).png")
            XCTAssertTrue(FileManager.default.fileExists(atPath: image.path), "item \(number)'s image is in the offline site")
        }
    }

    func test_generate_keepsEveryImageOfACacheWithoutTheRecordForSevenDays() async throws {
        let feed = RotatingFeed(itemsShown: 10, replacedPerDay: 10, days: 3)
        let server = try makeServer(feed)
        let run = try makeRunFolder()
        _ = await run.generate(api: server.apiRoot, now: Self.time(ofDay: 0))
        try CacheContents(folder: run.cache).edit("DELETE FROM blobs")

        feed.day = 1
        let firstRunWithoutTheRecord = await run.generate(api: server.apiRoot, now: Self.time(ofDay: 7))
        feed.day = 2
        let sixDaysLater = await run.generate(api: server.apiRoot, now: Self.time(ofDay: 13))
        let sevenDaysLater = await run.generate(api: server.apiRoot, now: Self.time(ofDay: 14))

        XCTAssertEqual(firstRunWithoutTheRecord.code, .success, firstRunWithoutTheRecord.diagnostics)
        let removedWithoutTheRecord = firstRunWithoutTheRecord.diagnostics.split(separator: "\n").filter { $0.hasPrefix("cache: removed") }
        XCTAssertEqual(removedWithoutTheRecord.count, 1, firstRunWithoutTheRecord.diagnostics)
        XCTAssertTrue(
            removedWithoutTheRecord.first?.hasPrefix("cache: removed the comments of 10 images saved seven days ago or more") == true,
            firstRunWithoutTheRecord.diagnostics)
        XCTAssertFalse(removedWithoutTheRecord.first?.contains("no feed of the last seven days refers to") == true, "no image is removed")
        XCTAssertFalse(sixDaysLater.diagnostics.contains("cache: removed"), sixDaysLater.diagnostics)
        XCTAssertTrue(
            sevenDaysLater.diagnostics.contains("cache: removed the comments of 10 images saved seven days ago or more and 20 images no feed"),
            sevenDaysLater.diagnostics)
        XCTAssertEqual(try CacheContents(folder: run.cache).blobNames(), Set(feed.itemNumbers(onDay: 2).map(feed.sha256(ofItem:))))
    }

    // MARK: - validate-cache

    func test_validateCache_removesWhatNoFeedOfTheLastSevenDaysNeedsAndSaysHowManyBytes() async throws {
        let (run, feed) = try await makeCacheWithTwoDaysOfFeeds()

        let result = await runFeedsite(["validate-cache", "--cache", "cache", "--now", Self.time(ofDay: 7)], in: run.root)

        XCTAssertEqual(result.code, .success, result.diagnostics)
        let cache = run.cache.resolvingSymlinksInPath().path
        XCTAssertTrue(
            result.output.contains(
                "cache \(cache): removed the comments of 10 images saved seven days ago or more and 10 images no feed of the last seven days refers to (2.6 kB)"
            ),
            result.output)
        XCTAssertFalse(result.output.contains("removed \(cache)/"), "files are listed only with --verbose")
        XCTAssertFalse(result.output.contains("table "), "tables are counted only with --verbose")
        let contents = CacheContents(folder: run.cache)
        let kept = feed.itemNumbers(onDay: 1)
        XCTAssertEqual(try contents.blobNames(), Set(kept.map(feed.sha256(ofItem:))))
        XCTAssertEqual(try contents.values("SELECT image_id FROM comments"), Set(kept.map { SyntheticFeed.id(ofItemAt: $0 - 1).uuidString }))
    }

    func test_validateCache_listsEveryRemovedFileAndCountsEachTablesRowsWithVerbose() async throws {
        let (run, feed) = try await makeCacheWithTwoDaysOfFeeds()

        let result = await runFeedsite(["validate-cache", "--cache", "cache", "--now", Self.time(ofDay: 7), "--verbose"], in: run.root)

        XCTAssertEqual(result.code, .success, result.diagnostics)
        let lines = result.output.split(separator: "\n").map(String.init)
        let blobs = run.cache.resolvingSymlinksInPath().appendingPathComponent("images/blobs").path
        let expected = feed.itemNumbers(onDay: 0).map(feed.sha256(ofItem:)).sorted().map { "removed \(blobs)/\($0.prefix(2))/\($0) (256 bytes)" }
        XCTAssertEqual(lines.filter { $0.hasPrefix("removed ") }, expected, "each removed blob file, and nothing else: comments are rows, not files")
        XCTAssertEqual(
            lines.filter { $0.hasPrefix("table ") },
            [
                "table feed: 1 row", "table feed_items: 10 rows", "table comments: 10 rows", "table blobs: 10 rows", "table images: 10 rows",
                // Each image's renditions and its metadata, tried once each (the synthetic images
                // are not pictures our codecs read).
                "table rendition_sets: 20 rows", "table renditions: 0 rows",
            ],
            "what is left: day 1's feed, its comments and its images")
    }

    func test_validateCache_saysWhenThereIsNothingToPrune() async throws {
        let (run, _) = try await makeCacheWithTwoDaysOfFeeds()

        let result = await runFeedsite(["validate-cache", "--cache", "cache", "--now", Self.time(ofDay: 6)], in: run.root)

        XCTAssertEqual(result.code, .success, result.diagnostics)
        XCTAssertTrue(
            result.output.contains(
                ": nothing to prune; all comments were saved less than seven days ago and every image is referred to by a feed of the last seven days"),
            result.output)
        XCTAssertEqual(try CacheContents(folder: run.cache).tableCounts()["comments"], 20, "both days' comments are kept")
    }

    // MARK: - Helpers

    /// A cache after the runs of day 0 and day 1 of a feed that replaces all ten items daily.
    private func makeCacheWithTwoDaysOfFeeds() async throws -> (RunFolder, RotatingFeed) {
        let feed = RotatingFeed(itemsShown: 10, replacedPerDay: 10, days: 2)
        let server = try makeServer(feed)
        let run = try makeRunFolder()
        for day in 0..<2 {
            feed.day = day
            let result = await run.generate(api: server.apiRoot, now: Self.time(ofDay: day))
            XCTAssertEqual(result.code, .success, result.diagnostics)
        }
        return (run, feed)
    }

    /// Noon on 1 May 2024 plus `day` days: on the hour, so the record's whole hours are exact.
    private static func time(ofDay day: Int) -> String {
        ISO8601Date.format(Date(timeIntervalSince1970: 1_714_564_800 + TimeInterval(day) * 86_400))
    }

}

/// A synthetic feed that shows `itemsShown` items and replaces `replacedPerDay` of them each
/// `day`: on day d it shows items d × replacedPerDay + 1 … (numbered from 1).
final class RotatingFeed: SampleFeedSource {
    private let base: SyntheticFeed
    private let itemsShown: Int
    private let replacedPerDay: Int
    private let currentDay = Mutex(0)

    init(itemsShown: Int, replacedPerDay: Int, days: Int) {
        self.itemsShown = itemsShown
        self.replacedPerDay = replacedPerDay
        base = SyntheticFeed(itemCount: itemsShown + days * replacedPerDay, commentsPerItem: 1, imageBytes: 256, now: fixedNow())
    }

    var day: Int {
        get { currentDay.withLock { $0 } }
        set { currentDay.withLock { $0 = newValue } }
    }

    private var offset: Int { day * replacedPerDay }

    func itemNumbers(onDay day: Int) -> [Int] {
        Array(day * replacedPerDay + 1...day * replacedPerDay + itemsShown)
    }

    func sha256(ofItem number: Int) -> String {
        SHA256.hexDigest(base.image(at: "/images/synthetic-\(number).png")!)
    }

    var itemCount: Int { itemsShown }

    func item(at index: Int) -> SampleItem { base.item(at: offset + index) }

    func index(of id: UUID) -> Int? {
        guard let index = base.index(of: id), (offset..<offset + itemsShown).contains(index) else { return nil }
        return index - offset
    }

    func comments(forItemAt index: Int) -> [ImageComment] { base.comments(forItemAt: offset + index) }

    func image(at path: String) -> [UInt8]? { base.image(at: path) }
}
