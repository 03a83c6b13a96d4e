import FeedCore
import FeedSiteCLI
import Foundation
import Hashing
import SampleAPI
import Synchronization
import TestSupport
import XCTest

/// Months of cron stay small: a feed that replaces a tenth of its items every day,
/// generated once a day for thirty days, leaves a cache holding only what the last seven
/// days' feeds refer to, and an offline run still shows every image of the cached feed.
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
            "cache: removed 2 comments files saved seven days ago or more and 2 images no feed of the last seven days refers to (886 bytes)")
        // Day 29: the feeds of days 23…29 are less than seven days old; day 22's is exactly seven.
        let lastSevenDays = Set((23...29).flatMap(feed.itemNumbers(onDay:)))
        XCTAssertEqual(lastSevenDays.count, 20 + 6 * 2)
        XCTAssertEqual(try blobNames(in: run.cache), Set(lastSevenDays.map(feed.sha256(ofItem:))))
        XCTAssertEqual(try indexEntryCount(in: run.cache), lastSevenDays.count, "one index entry per URL still referred to")
        XCTAssertEqual(try commentsFileNames(in: run.cache), Set(lastSevenDays.map { SyntheticFeed.id(ofItemAt: $0 - 1).uuidString + ".json" }))

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
        try FileManager.default.removeItem(at: run.cache.appendingPathComponent("images/references"))

        feed.day = 1
        let firstRunWithoutTheRecord = await run.generate(api: server.apiRoot, now: Self.time(ofDay: 7))
        feed.day = 2
        let sixDaysLater = await run.generate(api: server.apiRoot, now: Self.time(ofDay: 13))
        let sevenDaysLater = await run.generate(api: server.apiRoot, now: Self.time(ofDay: 14))

        XCTAssertEqual(firstRunWithoutTheRecord.code, .success, firstRunWithoutTheRecord.diagnostics)
        XCTAssertTrue(firstRunWithoutTheRecord.diagnostics.contains("cache: removed 10 comments files saved seven days ago or more ("))
        XCTAssertFalse(sixDaysLater.diagnostics.contains("cache: removed"), sixDaysLater.diagnostics)
        XCTAssertTrue(
            sevenDaysLater.diagnostics.contains("cache: removed 10 comments files saved seven days ago or more and 20 images no feed"),
            sevenDaysLater.diagnostics)
        XCTAssertEqual(try blobNames(in: run.cache), Set(feed.itemNumbers(onDay: 2).map(feed.sha256(ofItem:))))
    }

    // MARK: - validate-cache

    func test_validateCache_removesWhatNoFeedOfTheLastSevenDaysNeedsAndSaysHowManyBytes() async throws {
        let (run, feed) = try await makeCacheWithTwoDaysOfFeeds()

        let result = await runFeedsite(["validate-cache", "--cache", "cache", "--now", Self.time(ofDay: 7)], in: run.root)

        XCTAssertEqual(result.code, .success, result.diagnostics)
        let cache = run.cache.resolvingSymlinksInPath().path
        XCTAssertTrue(
            result.output.contains(
                "cache \(cache): removed 10 comments files saved seven days ago or more and 10 images no feed of the last seven days refers to ("),
            result.output)
        XCTAssertFalse(result.output.contains("removed \(cache)/"), "files are listed only with --verbose")
        XCTAssertEqual(try blobNames(in: run.cache), Set(feed.itemNumbers(onDay: 1).map(feed.sha256(ofItem:))))
    }

    func test_validateCache_listsEveryRemovedFileWithVerbose() async throws {
        let (run, feed) = try await makeCacheWithTwoDaysOfFeeds()

        let result = await runFeedsite(["validate-cache", "--cache", "cache", "--now", Self.time(ofDay: 7), "--verbose"], in: run.root)

        XCTAssertEqual(result.code, .success, result.diagnostics)
        let listed = result.output.split(separator: "\n").filter { $0.hasPrefix("removed ") }
        XCTAssertEqual(listed.count, 20, result.output)
        for number in feed.itemNumbers(onDay: 0) {
            let sha256 = feed.sha256(ofItem: number)
            XCTAssertTrue(result.output.contains("/images/blobs/\(sha256.prefix(2))/\(sha256) (256 bytes)"), "image \(number) is listed")
            XCTAssertTrue(result.output.contains("/\(SyntheticFeed.id(ofItemAt: number - 1).uuidString).json ("), "comments of \(number) are listed")
        }
    }

    func test_validateCache_saysWhenThereIsNothingToPrune() async throws {
        let (run, _) = try await makeCacheWithTwoDaysOfFeeds()

        let result = await runFeedsite(["validate-cache", "--cache", "cache", "--now", Self.time(ofDay: 6)], in: run.root)

        XCTAssertEqual(result.code, .success, result.diagnostics)
        XCTAssertTrue(result.output.contains(": nothing to prune; every comments file is less than seven days old"), result.output)
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

    private func blobNames(in cache: URL) throws -> Set<String> {
        Set(try filesTwoLevelsDown(cache.appendingPathComponent("images/blobs")))
    }

    private func indexEntryCount(in cache: URL) throws -> Int {
        try filesTwoLevelsDown(cache.appendingPathComponent("images/index")).count
    }

    private func commentsFileNames(in cache: URL) throws -> Set<String> {
        Set(try filesTwoLevelsDown(cache.appendingPathComponent("comments")))
    }

    private func filesTwoLevelsDown(_ folder: URL) throws -> [String] {
        let manager = FileManager.default
        return try manager.contentsOfDirectory(atPath: folder.path).flatMap { shard in
            try manager.contentsOfDirectory(atPath: folder.appendingPathComponent(shard).path)
        }
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
