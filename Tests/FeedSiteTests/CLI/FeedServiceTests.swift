import FeedCore
import Foundation
import Synchronization
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// The composition's rules: remote first and save, else the cache under the
/// seven-day rule; per image for comments; cache first for image bytes.
final class FeedServiceTests: XCTestCase {
    func test_loadFeed_deliversTheRemoteFeedAndReplacesTheCache() async throws {
        let feed = uniqueImageFeed(count: 3)
        let (sut, client, feedStore, _, _) = makeSUT { url in
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
        let (sut, client, feedStore, _, _) = makeSUT { url in try Self.endlessPage(url) }

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
        let (sut, _, feedStore, _, _) = makeSUT { url in
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
        let (sut, _, feedStore, _, _) = makeSUT { _ in throw HTTPClientError.connectivity("connection refused") }
        await feedStore.insert(cached, timestamp: savedAt)

        let loaded = try await sut.loadFeed(pageLimit: 10, maxItems: nil, maxPages: nil, onPage: { _, _ in })

        XCTAssertEqual(loaded.feed, cached)
        XCTAssertEqual(loaded.source, .cache(savedAt: savedAt))
        XCTAssertEqual(loaded.remoteFailure?.description, "connectivity error from http://api.example/v1/feed?limit=10: connection refused")
    }

    func test_loadFeed_deliversTheCachedFeedOnInvalidData() async throws {
        let cached = uniqueFeedItems(count: 2)
        let (sut, _, feedStore, _, _) = makeSUT { url in (Data("nope".utf8), httpResponse(200, url: url)) }
        await feedStore.insert(cached, timestamp: fixedNow().adding(days: -3))

        let loaded = try await sut.loadFeed(pageLimit: 10, maxItems: nil, maxPages: nil, onPage: { _, _ in })

        XCTAssertEqual(loaded.feed, cached)
        XCTAssertTrue(loaded.remoteFailure?.description.hasPrefix("invalid data from") == true)
    }

    func test_loadFeed_failsWhenTheRemoteFailsAndTheCacheIsSevenDaysOld() async {
        let (sut, _, feedStore, _, _) = makeSUT { _ in throw HTTPClientError.connectivity("timed out") }
        await feedStore.insert(uniqueFeedItems(), timestamp: fixedNow().minusCacheMaxAge())

        await assertFeedUnavailable(sut, cacheFailure: "no cached feed less than 7 days old", remoteFailure: "timed out")
    }

    func test_loadFeed_failsWhenTheRemoteFailsAndTheCacheIsEmpty() async {
        let (sut, _, _, _, _) = makeSUT { _ in throw HTTPClientError.connectivity("timed out") }

        await assertFeedUnavailable(sut, cacheFailure: "no cached feed less than 7 days old", remoteFailure: "timed out")
    }

    func test_loadFeed_offlineUsesOnlyTheCache() async throws {
        let cached = uniqueFeedItems(count: 1)
        let (sut, client, feedStore, _, _) = makeSUT(offline: true) { _ in
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
        let (sut, _, feedStore, _, _) = makeSUT { url in
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
        let (sut, _, feedStore, _, _) = makeSUT(offline: true) { _ in throw anyError() }
        await feedStore.insert(cached, timestamp: fixedNow())

        let loaded = try await sut.loadFeed(pageLimit: 10, maxItems: nil, maxPages: nil, onPage: { _, _ in })

        XCTAssertEqual(loaded.feed.map(\.image.url.absoluteString), ["http://images.example/1.png"])
        XCTAssertEqual(loaded.feed.map(\.image.id), cached.map(\.image.id))
        XCTAssertEqual(loaded.credentialsRemoved, 1)
    }

    func test_loadFeed_passesCancellationThroughWithoutFallingBackToTheCache() async {
        let (sut, _, feedStore, _, _) = makeSUT { _ in throw CancellationError() }
        await feedStore.insert(uniqueFeedItems(), timestamp: fixedNow())

        do {
            _ = try await sut.loadFeed(pageLimit: 10, maxItems: nil, maxPages: nil, onPage: { _, _ in })
            XCTFail("expected cancellation")
        } catch {
            XCTAssertTrue(error is CancellationError, "got \(error)")
        }
    }

    func test_loadComments_deliversRemoteCommentsAndSavesThem() async throws {
        let imageID = UUID()
        let (sut, _, _, commentsStore, _) = makeSUT { url in
            (
                Data(#"{"items":[{"id":"\#(UUID().uuidString)","message":"hi","created_at":"2024-05-20T11:24:59+0000","author":{"username":"ann"}}]}"#.utf8),
                httpResponse(200, url: url)
            )
        }

        let result = try await sut.loadComments(for: imageID)

        guard case let .live(comments, saveFailure) = result else { return XCTFail("expected live, got \(result)") }
        XCTAssertEqual(comments.map(\.message), ["hi"])
        XCTAssertNil(saveFailure)
        let cache = await commentsStore.retrieve(imageID: imageID)
        XCTAssertEqual(cache, CachedComments(comments: comments, timestamp: fixedNow()))
    }

    func test_loadComments_fallsBackToCommentsCachedLessThanSevenDaysAgo() async throws {
        let imageID = UUID()
        let cached = [uniqueComment()]
        let savedAt = fixedNow().adding(days: -6)
        let (sut, _, _, commentsStore, _) = makeSUT { url in (Data(), httpResponse(500, url: url)) }
        try await commentsStore.insert(cached, timestamp: savedAt, imageID: imageID)

        let result = try await sut.loadComments(for: imageID)

        guard case let .cached(comments, timestamp, remoteFailure) = result else { return XCTFail("expected cached, got \(result)") }
        XCTAssertEqual(comments, cached)
        XCTAssertEqual(timestamp, savedAt)
        XCTAssertEqual(remoteFailure?.kind, .invalidData)
        XCTAssertTrue(remoteFailure?.description.contains("status 500") == true, "\(String(describing: remoteFailure))")
    }

    func test_loadComments_isUnavailableWhenTheRemoteFailsAndTheCacheIsExpiredOrOfAnotherImage() async throws {
        let imageID = UUID()
        let (sut, _, _, commentsStore, _) = makeSUT { _ in throw HTTPClientError.connectivity("connection lost") }
        try await commentsStore.insert([uniqueComment()], timestamp: fixedNow().minusCacheMaxAge(), imageID: imageID)
        try await commentsStore.insert([uniqueComment()], timestamp: fixedNow(), imageID: UUID())

        let result = try await sut.loadComments(for: imageID)

        guard case let .unavailable(remoteFailure, cacheFailure) = result else { return XCTFail("expected unavailable, got \(result)") }
        XCTAssertTrue(remoteFailure?.description.contains("connection lost") == true, "\(String(describing: remoteFailure))")
        XCTAssertNil(cacheFailure, "an expired cache is no error reading it")
    }

    func test_loadComments_asksUnconditionallyWhenNothingIsCached() async throws {
        let (sut, client, _, commentsStore, _) = makeSUT { url in
            (Data(#"{"items":[]}"#.utf8), HTTPAnswer(status: 200, url: url, etag: "\"v1\"", lastModified: "Mon, 20 May 2024 11:00:00 GMT"))
        }
        let imageID = UUID()

        _ = try await sut.loadComments(for: imageID)

        XCTAssertEqual(client.receivedRequests.map(\.headers), [[]])
        let saved = await commentsStore.retrieve(imageID: imageID)
        XCTAssertEqual(saved?.validators, HTTPValidators(etag: "\"v1\"", lastModified: "Mon, 20 May 2024 11:00:00 GMT"))
    }

    func test_loadComments_asksConditionallyWithTheCachedValidators() async throws {
        let imageID = UUID()
        let (sut, client, _, commentsStore, _) = makeSUT { url in (Data(#"{"items":[]}"#.utf8), httpResponse(200, url: url)) }
        await commentsStore.insert(
            [uniqueComment()], validators: HTTPValidators(etag: "\"v1\"", lastModified: "Mon, 20 May 2024 11:00:00 GMT"),
            timestamp: fixedNow().adding(days: -1),
            imageID: imageID
        )

        _ = try await sut.loadComments(for: imageID)

        XCTAssertEqual(client.receivedRequests.map(\.headers), [["If-None-Match: \"v1\"", "If-Modified-Since: Mon, 20 May 2024 11:00:00 GMT"]])
    }

    func test_loadComments_takesA304AsTheCachedCommentsBeingLiveAndSavesThemAgainAsNew() async throws {
        let imageID = UUID()
        let cached = [uniqueComment(message: "still true")]
        let (sut, _, _, commentsStore, _) = makeSUT { url in (Data(), HTTPAnswer(status: 304, url: url, etag: "\"v1\"")) }
        await commentsStore.insert(
            cached, validators: HTTPValidators(etag: "\"v1\"", lastModified: nil), timestamp: fixedNow().adding(days: -3), imageID: imageID)

        let result = try await sut.loadComments(for: imageID)

        guard case let .live(comments, saveFailure) = result else { return XCTFail("expected live, got \(result)") }
        XCTAssertEqual(comments, cached)
        XCTAssertNil(saveFailure)
        let saved = await commentsStore.retrieve(imageID: imageID)
        XCTAssertEqual(saved, CachedComments(comments: cached, timestamp: fixedNow(), validators: HTTPValidators(etag: "\"v1\"", lastModified: nil)))
    }

    func test_loadComments_takesA304AsLiveEvenForCommentsCachedSevenDaysAgo() async throws {
        let imageID = UUID()
        let cached = [uniqueComment()]
        let (sut, _, _, commentsStore, _) = makeSUT { url in (Data(), HTTPAnswer(status: 304, url: url)) }
        await commentsStore.insert(
            cached, validators: HTTPValidators(etag: "\"v1\"", lastModified: nil), timestamp: fixedNow().minusCacheMaxAge(), imageID: imageID)

        let result = try await sut.loadComments(for: imageID)

        guard case let .live(comments, _) = result else { return XCTFail("expected live, got \(result)") }
        XCTAssertEqual(comments, cached, "the server confirmed them")
    }

    func test_loadComments_refusesA304ToAnUnconditionalRequest() async throws {
        let imageID = UUID()
        let (sut, client, _, commentsStore, _) = makeSUT { url in (Data(), HTTPAnswer(status: 304, url: url)) }
        await commentsStore.insert([uniqueComment()], validators: nil, timestamp: fixedNow().adding(days: -1), imageID: imageID)

        let result = try await sut.loadComments(for: imageID)

        XCTAssertEqual(client.receivedRequests.map(\.headers), [[]])
        guard case let .cached(_, _, remoteFailure) = result else { return XCTFail("expected cached, got \(result)") }
        XCTAssertTrue(remoteFailure?.description.contains("status 304, expected 2xx") == true, "\(String(describing: remoteFailure))")
    }

    func test_loadComments_replacesCommentsAndValidatorsWhenTheyChanged() async throws {
        let imageID = UUID()
        let (sut, _, _, commentsStore, _) = makeSUT { url in
            (
                Data(#"{"items":[{"id":"\#(UUID().uuidString)","message":"new","created_at":"2024-05-20T11:24:59+0000","author":{"username":"ann"}}]}"#.utf8),
                HTTPAnswer(status: 200, url: url, etag: "\"v2\"")
            )
        }
        await commentsStore.insert(
            [uniqueComment(message: "old")], validators: HTTPValidators(etag: "\"v1\"", lastModified: nil), timestamp: fixedNow().adding(days: -1),
            imageID: imageID)

        _ = try await sut.loadComments(for: imageID)

        let saved = await commentsStore.retrieve(imageID: imageID)
        XCTAssertEqual(saved?.comments.map(\.message), ["new"])
        XCTAssertEqual(saved?.validators, HTTPValidators(etag: "\"v2\"", lastModified: nil))
    }

    func test_loadImage_deliversAnImageFromTheCacheWithoutARequest() async throws {
        let url = URL(string: "https://image.example/1.png")!
        let (sut, client, _, _, imageStore) = makeSUT { _ in
            XCTFail("no request for a cached image")
            throw anyError()
        }
        let stored = try await imageStore.insert(Self.pngBytes(), for: url)

        let result = try await sut.loadImage(from: url)

        XCTAssertEqual(result.stored, stored)
        guard case .cached = result else { return XCTFail("expected cached, got \(result)") }
        XCTAssertEqual(client.requestedURLs, [])
    }

    func test_loadImage_downloadsValidatesAndStoresAnImageNotInTheCache() async throws {
        let url = URL(string: "https://image.example/2.png")!
        let (sut, _, _, _, imageStore) = makeSUT { requested in (Self.pngBytes(), httpResponse(200, url: requested)) }

        let result = try await sut.loadImage(from: url)

        guard case let .downloaded(stored) = result else { return XCTFail("expected downloaded, got \(result)") }
        XCTAssertEqual(stored.format, .png)
        let cached = await imageStore.retrieve(for: url)
        XCTAssertEqual(cached, stored)
    }

    func test_loadImage_failsOnAnEmptyBodyAndStoresNothing() async throws {
        let url = URL(string: "https://image.example/3.png")!
        let (sut, _, _, _, imageStore) = makeSUT { requested in (Data(), httpResponse(200, url: requested)) }

        let result = try await sut.loadImage(from: url)

        guard case let .failed(failure) = result else { return XCTFail("expected failed, got \(result)") }
        XCTAssertTrue(failure.description.contains("empty body"), failure.description)
        let stored = await imageStore.retrieve(for: url)
        XCTAssertNil(stored)
    }

    func test_loadImage_failsOnAnHTMLPageAndStoresNothing() async throws {
        let url = URL(string: "https://image.example/login.png")!
        let page = Data("<!DOCTYPE html><html><body>Please sign in</body></html>".utf8)
        let (sut, _, _, _, imageStore) = makeSUT { requested in (page, HTTPAnswer(status: 200, url: requested, contentType: "text/html")) }

        let result = try await sut.loadImage(from: url)

        guard case let .failed(failure) = result else { return XCTFail("expected failed, got \(result)") }
        XCTAssertEqual(failure.description, "invalid data: not an image (text/html)", "the job names the URL")
        let stored = await imageStore.retrieve(for: url)
        XCTAssertNil(stored)
    }

    func test_loadImage_downloadsAgainAnImageWhoseCachedBytesAreNotAnImage() async throws {
        let url = URL(string: "https://image.example/once-html.png")!
        let (sut, client, _, _, imageStore) = makeSUT { requested in (Self.pngBytes(), httpResponse(200, url: requested)) }
        _ = try await imageStore.insert(Data("<html>stored before images were checked</html>".utf8), for: url)

        let result = try await sut.loadImage(from: url)

        guard case let .downloaded(stored) = result else { return XCTFail("expected downloaded, got \(result)") }
        XCTAssertEqual(stored.format, .png)
        XCTAssertEqual(client.requestedURLs, [url])
    }

    func test_loadImage_asksForAtMostMaxImageBytes() async throws {
        let (sut, client, _, _, _) = makeSUT(maxImageBytes: 1_234) { requested in (Self.pngBytes(), httpResponse(200, url: requested)) }

        _ = try await sut.loadImage(from: URL(string: "https://image.example/6.png")!)

        XCTAssertEqual(client.receivedRequests.map(\.maxBodyBytes), [1_234])
        XCTAssertEqual(client.receivedRequests.map(\.limitName), ["(--max-image-bytes)"])
        XCTAssertEqual(client.receivedRequests.map(\.acceptsCompression), [false])
    }

    func test_loadImage_offlineFailsForAnImageNotInTheCache() async throws {
        let (sut, _, _, _, _) = makeSUT(offline: true) { _ in
            XCTFail("no request offline")
            throw anyError()
        }

        let result = try await sut.loadImage(from: URL(string: "https://image.example/4.png")!)

        guard case .failed = result else { return XCTFail("expected failed, got \(result)") }
    }

    func test_loadImage_deliversNeitherDataNorErrorWhenCancelled() async {
        let (sut, _, _, _, imageStore) = makeSUT { _ in throw CancellationError() }
        let url = URL(string: "https://image.example/5.png")!

        do {
            let result = try await sut.loadImage(from: url)
            XCTFail("expected cancellation, got \(result)")
        } catch {
            XCTAssertTrue(error is CancellationError, "got \(error)")
        }
        let stored = await imageStore.retrieve(for: url)
        XCTAssertNil(stored)
    }

    // MARK: - Helpers

    private func makeSUT(
        offline: Bool = false,
        maxImageBytes: Int = 64 * 1024 * 1024,
        answer: @escaping @Sendable (URL) throws -> (Data, HTTPAnswer)
    ) -> (FeedService, RoutedHTTPClient, InMemoryFeedStore, InMemoryCommentsStore, InMemoryImageStore) {
        let client = RoutedHTTPClient(answer: answer)
        let feedStore = InMemoryFeedStore()
        let commentsStore = InMemoryCommentsStore()
        let imageStore = InMemoryImageStore()
        let now = fixedNow()
        let sut = FeedService(
            client: offline ? nil : client,
            api: URL(string: "http://api.example/v1")!,
            feedCache: LocalFeedLoader(store: feedStore, now: { now }),
            commentsCache: LocalCommentsLoader(store: commentsStore, now: { now }),
            imageStore: imageStore,
            maxImageBytes: maxImageBytes
        )
        return (sut, client, feedStore, commentsStore, imageStore)
    }

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

    private static func pngBytes() -> Data {
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
    }
}
