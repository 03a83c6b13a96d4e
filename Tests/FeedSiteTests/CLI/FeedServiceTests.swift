import FeedCore
import Foundation
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// The feed's loading rules: remote first, each item dated by the cached feed, and saved;
/// else the cache under the seven-day rule.
final class FeedServiceTests: XCTestCase {
    func test_loadFeed_deliversTheRemoteFeedAndReplacesTheCache() async throws {
        let feed = uniqueImageFeed(count: 3)
        let (sut, client, feedStore, _, _) = makeFeedService { url in
            try Self.feedPage(url, feed: feed)
        }
        await feedStore.insert(uniqueFeedItems(count: 1), timestamp: fixedNow().adding(days: -1))

        let loaded = try await sut.loadFeed(pageLimit: 10, maxItems: nil, maxPages: nil, onPage: { _, _ in })

        XCTAssertEqual(loaded.feed, feed.seen(at: fixedNow()))
        XCTAssertEqual(loaded.source, .live)
        let cache = await feedStore.retrieve()
        XCTAssertEqual(cache, CachedFeed(feed: feed.seen(at: fixedNow()), timestamp: fixedNow()))
        XCTAssertEqual(client.requestedURLs.count, 2, "the page and the empty page after it")
    }

    func test_loadFeed_deliversAndSavesALiveFeedStoppedByMaxPagesSayingHowManyPagesItRead() async throws {
        let (sut, client, feedStore, _, _) = makeFeedService { url in try Self.endlessPage(url) }

        let loaded = try await sut.loadFeed(pageLimit: 2, maxItems: nil, maxPages: 3, onPage: { _, _ in })

        XCTAssertEqual(loaded.feed.count, 6)
        XCTAssertEqual(loaded.source, .live)
        XCTAssertEqual(loaded.stoppedAfterPages, 3)
        let cache = await feedStore.retrieve()
        XCTAssertEqual(cache?.feed, loaded.feed, "what was read is saved as the feed")
        XCTAssertEqual(client.requestedURLs.count, 4)
    }

    func test_loadFeed_keepsTheFirstSeenDateOfEveryItemTheCachedFeedHolds() async throws {
        let kept = uniqueImage()
        let feed = [uniqueImage(), kept]
        let (sut, _, feedStore, _, _) = makeFeedService { url in
            try Self.feedPage(url, feed: feed)
        }
        let firstSeen = fixedNow().adding(days: -3)
        await feedStore.insert([kept, uniqueImage()].seen(at: firstSeen), timestamp: fixedNow().adding(days: -1))

        let loaded = try await sut.loadFeed(pageLimit: 10, maxItems: nil, maxPages: nil, onPage: { _, _ in })

        XCTAssertEqual(loaded.feed.map(\.firstSeen), [fixedNow(), firstSeen])
        let cache = await feedStore.retrieve()
        XCTAssertEqual(cache?.feed, loaded.feed)
    }

    func test_loadFeed_deliversTheCachedFeedOnConnectivityErrorWhenTheCacheIsLessThanSevenDaysOld() async throws {
        let cached = uniqueFeedItems(count: 2)
        let savedAt = fixedNow().minusCacheMaxAge().adding(seconds: 1)
        let (sut, _, feedStore, _, _) = makeFeedService { _ in throw HTTPClientError.connectivity("connection refused") }
        await feedStore.insert(cached, timestamp: savedAt)

        let loaded = try await sut.loadFeed(pageLimit: 10, maxItems: nil, maxPages: nil, onPage: { _, _ in })

        XCTAssertEqual(loaded.feed, cached)
        XCTAssertEqual(loaded.source, .cache(savedAt: savedAt))
        XCTAssertEqual(loaded.remoteFailure?.description, "connectivity error from http://api.example/v1/feed?limit=10: connection refused")
    }

    func test_loadFeed_deliversTheCachedFeedOnInvalidData() async throws {
        let cached = uniqueFeedItems(count: 2)
        let (sut, _, feedStore, _, _) = makeFeedService { url in (Data("nope".utf8), httpResponse(200, url: url)) }
        await feedStore.insert(cached, timestamp: fixedNow().adding(days: -3))

        let loaded = try await sut.loadFeed(pageLimit: 10, maxItems: nil, maxPages: nil, onPage: { _, _ in })

        XCTAssertEqual(loaded.feed, cached)
        XCTAssertTrue(loaded.remoteFailure?.description.hasPrefix("invalid data from") == true)
    }

    func test_loadFeed_failsWhenTheRemoteFailsAndTheCacheIsSevenDaysOld() async {
        let (sut, _, feedStore, _, _) = makeFeedService { _ in throw HTTPClientError.connectivity("timed out") }
        await feedStore.insert(uniqueFeedItems(), timestamp: fixedNow().minusCacheMaxAge())

        await assertFeedUnavailable(sut, cacheFailure: "no cached feed less than 7 days old", remoteFailure: "timed out")
    }

    func test_loadFeed_failsWhenTheRemoteFailsAndTheCacheIsEmpty() async {
        let (sut, _, _, _, _) = makeFeedService { _ in throw HTTPClientError.connectivity("timed out") }

        await assertFeedUnavailable(sut, cacheFailure: "no cached feed less than 7 days old", remoteFailure: "timed out")
    }

    func test_loadFeed_offlineUsesOnlyTheCache() async throws {
        let cached = uniqueFeedItems(count: 1)
        let (sut, client, feedStore, _, _) = makeFeedService(offline: true) { _ in
            XCTFail("no request offline")
            throw anyError()
        }
        await feedStore.insert(cached, timestamp: fixedNow())

        let loaded = try await sut.loadFeed(pageLimit: 10, maxItems: nil, maxPages: nil, onPage: { _, _ in })

        XCTAssertEqual(loaded.feed, cached)
        XCTAssertNil(loaded.remoteFailure)
        XCTAssertEqual(client.requestedURLs, [])
    }

    func test_loadFeed_removesCredentialsFromImageURLsBeforeSavingAndCountsThem() async throws {
        let withCredentials = image(url: "http://user:secret@images.example/1.png")
        let without = image(url: "https://images.example/2.png?sig=a@b")
        let empty = image(url: "https://@images.example/3.png")
        let (sut, _, feedStore, _, _) = makeFeedService { url in
            try Self.feedPage(url, feed: [withCredentials, without, empty])
        }

        let loaded = try await sut.loadFeed(pageLimit: 10, maxItems: nil, maxPages: nil, onPage: { _, _ in })

        let urls = ["http://images.example/1.png", "https://images.example/2.png?sig=a@b", "https://images.example/3.png"]
        XCTAssertEqual(loaded.feed.map(\.image.url.absoluteString), urls)
        XCTAssertEqual(loaded.credentialsRemoved, 2)
        let cache = await feedStore.retrieve()
        XCTAssertEqual(cache?.feed.map(\.image.url.absoluteString), urls, "the cache never holds them")
    }

    func test_loadFeed_removesCredentialsFromImageURLsOfACachedFeed() async throws {
        let cached = [image(url: "http://user:secret@images.example/1.png")].seen(at: fixedNow())
        let (sut, _, feedStore, _, _) = makeFeedService(offline: true) { _ in throw anyError() }
        await feedStore.insert(cached, timestamp: fixedNow())

        let loaded = try await sut.loadFeed(pageLimit: 10, maxItems: nil, maxPages: nil, onPage: { _, _ in })

        XCTAssertEqual(loaded.feed.map(\.image.url.absoluteString), ["http://images.example/1.png"])
        XCTAssertEqual(loaded.feed.map(\.image.id), cached.map(\.image.id))
        XCTAssertEqual(loaded.credentialsRemoved, 1)
    }

    func test_loadFeed_passesCancellationThroughWithoutFallingBackToTheCache() async {
        let (sut, _, feedStore, _, _) = makeFeedService { _ in throw CancellationError() }
        await feedStore.insert(uniqueFeedItems(), timestamp: fixedNow())

        do {
            _ = try await sut.loadFeed(pageLimit: 10, maxItems: nil, maxPages: nil, onPage: { _, _ in })
            XCTFail("expected cancellation")
        } catch {
            XCTAssertTrue(error is CancellationError, "got \(error)")
        }
    }

    // MARK: - Helpers

    private func image(url: String) -> FeedImage {
        FeedImage(id: UUID(), description: "a description", location: "a location", url: URL(string: url)!)
    }

    private func assertFeedUnavailable(_ sut: FeedService, cacheFailure: String, remoteFailure: String, file: StaticString = #filePath, line: UInt = #line)
        async
    {
        do {
            let loaded = try await sut.loadFeed(pageLimit: 10, maxItems: nil, maxPages: nil, onPage: { _, _ in })
            XCTFail("expected FeedUnavailable, got \(loaded.feed.count) items", file: file, line: line)
        } catch let error as FeedService.FeedUnavailable {
            XCTAssertEqual(error.cacheProblem, cacheFailure, file: file, line: line)
            let remote = error.remoteFailure?.description ?? "nil"
            XCTAssertTrue(remote.contains(remoteFailure), remote, file: file, line: line)
        } catch {
            XCTFail("unexpected \(error)", file: file, line: line)
        }
    }

    /// Answers a feed request with `feed` on the first page and nothing after it.
    private static func feedPage(_ url: URL, feed: [FeedImage]) throws -> (Data, HTTPAnswer) {
        let isFirst = !(url.query ?? "").contains("after_id")
        let items =
            isFirst
            ? feed.map {
                #"{"id":"\#($0.id.uuidString)","image":"\#($0.url.absoluteString)","description":"\#($0.description ?? "")","location":"\#($0.location ?? "")"}"#
            } : []
        return (Data(#"{"items":[\#(items.joined(separator: ","))]}"#.utf8), httpResponse(200, url: url))
    }

    /// Answers every feed request with two new items: a feed that never ends.
    private static func endlessPage(_ url: URL) throws -> (Data, HTTPAnswer) {
        let items = (0..<2).map { _ in
            #"{"id":"\#(UUID().uuidString)","image":"https://image.example/\#(UUID().uuidString).png"}"#
        }
        return (Data(#"{"items":[\#(items.joined(separator: ","))]}"#.utf8), httpResponse(200, url: url))
    }
}
