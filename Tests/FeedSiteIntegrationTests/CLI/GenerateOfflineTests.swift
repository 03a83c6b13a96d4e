import FeedCore
import FeedSiteCLI
import Foundation
import LoopbackHTTP
import SampleAPI
import Synchronization
import TestSupport
import XCTest

/// `feedsite generate` when the API cannot be reached or answers nonsense: the feed and
/// comments caches with the seven-day rule, exit codes 3 and 1.
final class GenerateOfflineTests: XCTestCase {
    let t0 = "2024-05-20T11:24:59Z"
    let t0PlusSixDays = "2024-05-26T11:24:59Z"
    let t0PlusSevenDaysMinusOneSecond = "2024-05-27T11:24:58Z"
    let t0PlusSevenDays = "2024-05-27T11:24:59Z"

    func test_generate_publishesTheCachedFeedWhenTheAPIIsOffAndTheCacheIsLessThanSevenDaysOld() async throws {
        let source = SyntheticFeed(itemCount: 14, commentsPerItem: 2, imageBytes: 48, now: fixedNow())
        let server = try makeServer(source)
        let run = try makeRunFolder()
        let online = await run.generate(api: server.apiRoot, now: t0)
        XCTAssertEqual(online.code, .success, online.diagnostics)
        let onlineFiles = try snapshotOfFiles(in: run.site)
        await server.stop()

        let offline = await run.generate(api: server.apiRoot, now: t0PlusSixDays)

        XCTAssertEqual(offline.code, .degraded, offline.diagnostics)
        XCTAssertTrue(offline.diagnostics.contains("connectivity error"), offline.diagnostics)
        XCTAssertTrue(offline.output.contains("from the cached feed saved 6 days ago"), offline.output)
        let offlineFiles = try snapshotOfFiles(in: run.site)
        XCTAssertEqual(Set(offlineFiles.keys), Set(onlineFiles.keys), "every page and image is published again")
        XCTAssertEqual(offlineFiles.filter { $0.key.hasPrefix("images/") }, onlineFiles.filter { $0.key.hasPrefix("images/") })
        let index = try read(run.file("index.html"))
        XCTAssertTrue(index.contains("Offline copy: this feed was saved 6 days ago."), index)
        let comments = try read(run.file("comments/\(SyntheticFeed.id(ofItemAt: 0).uuidString).html"))
        XCTAssertTrue(comments.contains("Comment 1 on item 1"), "comments come from the comments cache")
    }

    func test_generate_publishesTheCachedFeedAtSevenDaysMinusOneSecond() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 3, commentsPerItem: 1, imageBytes: 48, now: fixedNow()))
        let run = try makeRunFolder()
        _ = await run.generate(api: server.apiRoot, now: t0)
        await server.stop()

        let offline = await run.generate(api: server.apiRoot, now: t0PlusSevenDaysMinusOneSecond)

        XCTAssertEqual(offline.code, .degraded, offline.diagnostics)
    }

    func test_generate_failsAndKeepsThePreviousSiteByteForByteWhenTheCacheIsSevenDaysOld() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 14, commentsPerItem: 2, imageBytes: 48, now: fixedNow()))
        let run = try makeRunFolder()
        let online = await run.generate(api: server.apiRoot, now: t0)
        XCTAssertEqual(online.code, .success, online.diagnostics)
        let published = try snapshotOfFiles(in: run.site)
        await server.stop()

        let expired = await run.generate(api: server.apiRoot, now: t0PlusSevenDays)

        XCTAssertEqual(expired.code, .failure)
        let lines = expired.diagnostics.split(separator: "\n")
        XCTAssertEqual(lines.first, "feedsite: error: Couldn't connect to server", expired.diagnostics)
        XCTAssertTrue(expired.diagnostics.contains("no cached feed less than 7 days old"), expired.diagnostics)
        XCTAssertTrue(expired.diagnostics.contains("the previous site is unchanged"), expired.diagnostics)
        XCTAssertEqual(try snapshotOfFiles(in: run.site), published)
    }

    func test_generate_keepsTheCachedSiteWhenASecondOfflineRunFindsTheCacheExpired() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 4, commentsPerItem: 1, imageBytes: 48, now: fixedNow()))
        let run = try makeRunFolder()
        _ = await run.generate(api: server.apiRoot, now: t0)
        await server.stop()
        let fromCache = await run.generate(api: server.apiRoot, now: t0PlusSixDays)
        XCTAssertEqual(fromCache.code, .degraded, fromCache.diagnostics)
        let published = try snapshotOfFiles(in: run.site)

        let expired = await run.generate(api: server.apiRoot, now: t0PlusSevenDays)

        XCTAssertEqual(expired.code, .failure)
        XCTAssertEqual(try snapshotOfFiles(in: run.site), published)
    }

    func test_generate_printsTheConnectionErrorInThePagesLocale() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 1, now: fixedNow()))
        await server.stop()
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot, ["--locale", "pt-BR"])

        XCTAssertEqual(result.code, .failure)
        XCTAssertTrue(result.diagnostics.hasPrefix("feedsite: error: Não foi possível conectar com o servidor"), result.diagnostics)
        XCTAssertFalse(FileManager.default.fileExists(atPath: run.site.path))
    }

    func test_generate_saysTheAnswerWasNotAValidFeedNotThatItCouldNotConnectWhenTheAPIAnswersInvalidDataAndNothingIsCached() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 1, now: fixedNow())) { request in
            request.path.hasSuffix("/feed") ? HTTPResponse(status: 200, body: Data("<html>maintenance</html>".utf8)) : nil
        }
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot, ["--locale", "pt-BR"])

        XCTAssertEqual(result.code, .failure)
        let lines = result.diagnostics.split(separator: "\n")
        XCTAssertEqual(lines.first, "feedsite: error: the API's answer was not a valid feed", result.diagnostics)
        XCTAssertEqual(lines.count, 2, result.diagnostics)
        let detail =
            "feedsite: error: feed: invalid data from \(server.apiRoot.absoluteString)/feed?limit=10: body is not JSON: unexpected character at offset 0;"
        XCTAssertTrue(lines.last?.hasPrefix(detail) == true, result.diagnostics)
        XCTAssertFalse(result.diagnostics.contains("Não foi possível conectar"), result.diagnostics)
    }

    func test_generate_usesTheCacheWhenTheAPIAnswersInvalidData() async throws {
        let broken = Mutex<HTTPResponse?>(nil)
        let server = try makeServer(SyntheticFeed(itemCount: 5, commentsPerItem: 1, imageBytes: 48, now: fixedNow())) { request in
            request.path.hasSuffix("/feed") ? broken.withLock { $0 } : nil
        }
        let run = try makeRunFolder()
        let first = await run.generate(api: server.apiRoot, now: t0)
        XCTAssertEqual(first.code, .success, first.diagnostics)

        let answers: [(String, HTTPResponse)] = [
            ("not JSON", HTTPResponse(status: 200, body: Data("<html>maintenance</html>".utf8))),
            ("status 500", .json(#"{"items":[]}"#, status: 500)),
            ("status 201", .json(#"{"items":[]}"#, status: 201)),
        ]
        for (reason, answer) in answers {
            broken.withLock { $0 = answer }
            let result = await run.generate(api: server.apiRoot, now: t0PlusSixDays)

            XCTAssertEqual(result.code, .degraded, "\(reason): \(result.diagnostics)")
            XCTAssertTrue(result.diagnostics.contains("invalid data"), "\(reason): \(result.diagnostics)")
            XCTAssertTrue(result.output.contains("from the cached feed"), "\(reason): \(result.output)")
            XCTAssertTrue(try read(run.file("index.html")).contains("Synthetic item 1"), reason)
        }
    }

    func test_generate_replacesTheCacheWithTheLatestLiveFeed() async throws {
        let run = try makeRunFolder()
        let first = try makeServer(SyntheticFeed(itemCount: 3, commentsPerItem: 0, imageBytes: 48, now: fixedNow()))
        _ = await run.generate(api: first.apiRoot, now: t0)
        await first.stop()
        let second = try makeServer(SyntheticFeed(itemCount: 7, commentsPerItem: 0, imageBytes: 48, now: fixedNow()))
        _ = await run.generate(api: second.apiRoot, now: t0)
        await second.stop()

        let offline = await run.generate(api: second.apiRoot, now: t0PlusSixDays)

        XCTAssertEqual(offline.code, .degraded)
        XCTAssertTrue(offline.output.hasPrefix("7 items"), offline.output)
    }

    func test_generate_downloadsNoImageItAlreadyHasOnASecondRun() async throws {
        let server = try makeServer(DemoFeed(now: fixedNow()))
        let run = try makeRunFolder()
        let first = await run.generate(api: server.apiRoot)
        XCTAssertEqual(first.code, .success, first.diagnostics)
        XCTAssertEqual(server.requestCounts.images, 36)

        let second = await run.generate(api: server.apiRoot)

        XCTAssertEqual(second.code, .success, second.diagnostics)
        XCTAssertEqual(server.requestCounts.images, 36, "no image was requested again")
        XCTAssertTrue(second.output.contains("images 0 downloaded / 36 from cache / 0 failed"), second.output)
    }

    func test_generate_showsCachedCommentsWhenOnlyTheCommentsEndpointFails() async throws {
        let commentsFail = Mutex(false)
        let server = try makeServer(SyntheticFeed(itemCount: 3, commentsPerItem: 2, imageBytes: 48, now: fixedNow())) { request in
            request.path.hasSuffix("/comments") && commentsFail.withLock({ $0 }) ? HTTPResponse(status: 500) : nil
        }
        let run = try makeRunFolder()
        let first = await run.generate(api: server.apiRoot, now: t0)
        XCTAssertEqual(first.code, .success, first.diagnostics)
        commentsFail.withLock { $0 = true }

        let result = await run.generate(api: server.apiRoot, now: t0PlusSixDays)

        XCTAssertEqual(result.code, .degraded, result.diagnostics)
        XCTAssertTrue(result.output.contains("from the live feed"), result.output)
        let page = try read(run.file("comments/\(SyntheticFeed.id(ofItemAt: 1).uuidString).html"))
        XCTAssertTrue(page.contains("Comment 2 on item 2"), page)
        XCTAssertFalse(page.contains("Couldn&#39;t connect to server"))
    }

    func test_generate_showsTheErrorInPlaceOfCommentsThatCannotBeHadAtAll() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 3, commentsPerItem: 2, imageBytes: 48, now: fixedNow())) { request in
            request.path == "/v1/image/\(SyntheticFeed.id(ofItemAt: 1).uuidString)/comments" ? .hangUp : nil
        }
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot, now: t0)

        XCTAssertEqual(result.code, .degraded, result.diagnostics)
        let broken = try read(run.file("comments/\(SyntheticFeed.id(ofItemAt: 1).uuidString).html"))
        XCTAssertTrue(broken.contains(#"<p class="error" role="alert">Couldn&#39;t connect to server</p>"#), broken)
        XCTAssertFalse(broken.contains("Comment 1 on item 2"))
        let fine = try read(run.file("comments/\(SyntheticFeed.id(ofItemAt: 0).uuidString).html"))
        XCTAssertTrue(fine.contains("Comment 1 on item 1"))
        XCTAssertTrue(result.output.contains("(1 lists unavailable)"), result.output)
    }

    func test_generate_doesNotUseCommentsCachedSevenDaysAgo() async throws {
        let commentsFail = Mutex(false)
        let server = try makeServer(SyntheticFeed(itemCount: 1, commentsPerItem: 1, imageBytes: 48, now: fixedNow())) { request in
            request.path.hasSuffix("/comments") && commentsFail.withLock({ $0 }) ? HTTPResponse(status: 503) : nil
        }
        let run = try makeRunFolder()
        _ = await run.generate(api: server.apiRoot, now: t0)
        commentsFail.withLock { $0 = true }

        let result = await run.generate(api: server.apiRoot, now: t0PlusSevenDays)

        XCTAssertEqual(result.code, .degraded)
        let page = try read(run.file("comments/\(SyntheticFeed.id(ofItemAt: 0).uuidString).html"))
        XCTAssertTrue(page.contains("Couldn&#39;t connect to server"), page)
    }

    func test_generate_reportsACorruptFeedCacheByNameWhenTheAPIIsOff() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 2, commentsPerItem: 1, imageBytes: 48, now: fixedNow()))
        let run = try makeRunFolder()
        _ = await run.generate(api: server.apiRoot, now: t0)
        await server.stop()
        let cache = CacheContents(folder: run.cache)
        try cache.edit("UPDATE feed_items SET url = 'ftp://example.com/1.png' WHERE position = 1")
        let published = try snapshotOfFiles(in: run.site)

        let result = await run.generate(api: server.apiRoot, now: t0PlusSixDays)

        XCTAssertEqual(result.code, .failure)
        XCTAssertTrue(
            result.diagnostics.contains(
                "cannot read cache database \(cache.database.path): the cached feed holds an image URL that is not http(s): ftp://example.com/1.png"),
            result.diagnostics)
        XCTAssertFalse(result.diagnostics.contains("set it aside"), "the database itself is whole: \(result.diagnostics)")
        XCTAssertTrue(result.diagnostics.contains("feedsite: warning: cache: deleted an unreadable feed cache (cannot read cache database"))
        XCTAssertEqual(try snapshotOfFiles(in: run.site), published)
        XCTAssertNil(try cache.cachedFeed())
    }

    func test_offline_rendersFromTheCachesWithoutTouchingTheNetwork() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 6, commentsPerItem: 1, imageBytes: 48, now: fixedNow()))
        let run = try makeRunFolder()
        _ = await run.generate(api: server.apiRoot, now: t0)
        let requests = server.requestCounts.total

        let offline = await run.generate(api: server.apiRoot, now: t0, ["--offline"])

        XCTAssertEqual(server.requestCounts.total, requests, "an offline run makes no request")
        XCTAssertEqual(offline.code, .degraded, offline.diagnostics)
        XCTAssertTrue(offline.output.contains("images 0 downloaded / 6 from cache / 0 failed"), offline.output)
        XCTAssertTrue(try read(run.file("comments/\(SyntheticFeed.id(ofItemAt: 5).uuidString).html")).contains("Comment 1 on item 6"))
    }

    func test_offline_withAnEmptyCacheSaysHowToFillIt() async throws {
        let run = try makeRunFolder()

        let result = await run.generate(api: URL(string: "http://127.0.0.1:9/v1")!, ["--offline"])

        XCTAssertEqual(result.code, .failure)
        XCTAssertTrue(result.diagnostics.contains("Run once without --offline to fill the cache."), result.diagnostics)
        XCTAssertEqual(result.diagnostics.split(separator: "\n").first, "feedsite: error: --offline, and the cache holds no usable feed", result.diagnostics)
        XCTAssertTrue(result.diagnostics.contains("Nothing was published. Run once"), result.diagnostics)
        XCTAssertFalse(result.diagnostics.contains("previous site"), "there was none: \(result.diagnostics)")
    }
}
