import FeedCore
import FeedSiteCLI
import Foundation
import LoopbackHTTP
import SampleAPI
import Synchronization
import TestSupport
import XCTest

/// validate-cache and the validation at the end of a run: a corrupt or expired feed cache is
/// deleted, a valid one kept.
extension GenerateOfflineTests {
    func test_validateCache_deletesACorruptFeedCache() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 2, commentsPerItem: 1, imageBytes: 48, now: fixedNow()))
        let run = try makeRunFolder()
        _ = await run.generate(api: server.apiRoot, now: t0)
        let cache = CacheContents(folder: run.cache)
        try cache.edit("UPDATE feed_items SET id = 'not a UUID' WHERE position = 0")

        let result = await runFeedsite(["validate-cache", "--cache", "cache", "--now", t0PlusSixDays], in: run.root)

        XCTAssertEqual(result.code, .success, result.diagnostics)
        XCTAssertTrue(
            result.output.contains(
                "feed cache in \(cache.database.path): unreadable (cannot read cache database \(cache.database.path): the cached feed holds an item whose id is not a UUID: not a UUID), deleted"
            ),
            result.output)
        XCTAssertNil(try cache.cachedFeed())
        XCTAssertEqual(try cache.tableCounts()["feed_items"], 0)
    }

    func test_validateCache_deletesAnExpiredFeedCacheAndKeepsAValidOne() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 2, commentsPerItem: 0, imageBytes: 48, now: fixedNow()))
        let run = try makeRunFolder()
        _ = await run.generate(api: server.apiRoot, now: t0)
        let cache = CacheContents(folder: run.cache)

        let valid = await runFeedsite(["validate-cache", "--cache", "cache", "--now", t0PlusSevenDaysMinusOneSecond], in: run.root)
        XCTAssertEqual(valid.code, .success)
        XCTAssertTrue(valid.output.contains("feed cache in \(cache.database.path): valid (saved \(t0)), kept"), valid.output)
        XCTAssertEqual(try cache.cachedFeed()?.feed.count, 2)

        let expired = await runFeedsite(["validate-cache", "--cache", "cache", "--now", t0PlusSevenDays], in: run.root)
        XCTAssertEqual(expired.code, .success)
        XCTAssertTrue(
            expired.output.contains("feed cache in \(cache.database.path): expired (saved \(t0), seven days old or more), deleted"), expired.output)
        XCTAssertNil(try cache.cachedFeed())
    }

    func test_generate_validatesTheFeedCacheWhenItEnds() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 2, commentsPerItem: 0, imageBytes: 48, now: fixedNow()))
        let run = try makeRunFolder()
        _ = await run.generate(api: server.apiRoot, now: t0)
        await server.stop()

        let expired = await run.generate(api: server.apiRoot, now: t0PlusSevenDays)

        XCTAssertEqual(expired.code, .failure)
        XCTAssertTrue(expired.diagnostics.contains("deleted the feed cache saved 2024-05-20T11:24:59Z"), expired.diagnostics)
        XCTAssertNil(try CacheContents(folder: run.cache).cachedFeed())
    }
}
