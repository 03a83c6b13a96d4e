import FeedCore
import Foundation
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// Each image's comments: remote first (conditional when the cache has validators) and
/// saved, else the cache under the seven-day rule, else unavailable.
final class FeedServiceCommentsTests: XCTestCase {
    func test_loadComments_deliversRemoteCommentsAndSavesThem() async throws {
        let imageID = UUID()
        let (sut, _, _, commentsStore, _) = makeFeedService { url in
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
        let (sut, _, _, commentsStore, _) = makeFeedService { url in (Data(), httpResponse(500, url: url)) }
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
        let (sut, _, _, commentsStore, _) = makeFeedService { _ in throw HTTPClientError.connectivity("connection lost") }
        try await commentsStore.insert([uniqueComment()], timestamp: fixedNow().minusCacheMaxAge(), imageID: imageID)
        try await commentsStore.insert([uniqueComment()], timestamp: fixedNow(), imageID: UUID())

        let result = try await sut.loadComments(for: imageID)

        guard case let .unavailable(remoteFailure, cacheFailure) = result else { return XCTFail("expected unavailable, got \(result)") }
        XCTAssertTrue(remoteFailure?.description.contains("connection lost") == true, "\(String(describing: remoteFailure))")
        XCTAssertNil(cacheFailure, "an expired cache is no error reading it")
    }

    func test_loadComments_asksUnconditionallyWhenNothingIsCached() async throws {
        let (sut, client, _, commentsStore, _) = makeFeedService { url in
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
        let (sut, client, _, commentsStore, _) = makeFeedService { url in (Data(#"{"items":[]}"#.utf8), httpResponse(200, url: url)) }
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
        let (sut, _, _, commentsStore, _) = makeFeedService { url in (Data(), HTTPAnswer(status: 304, url: url, etag: "\"v1\"")) }
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
        let (sut, _, _, commentsStore, _) = makeFeedService { url in (Data(), HTTPAnswer(status: 304, url: url)) }
        await commentsStore.insert(
            cached, validators: HTTPValidators(etag: "\"v1\"", lastModified: nil), timestamp: fixedNow().minusCacheMaxAge(), imageID: imageID)

        let result = try await sut.loadComments(for: imageID)

        guard case let .live(comments, _) = result else { return XCTFail("expected live, got \(result)") }
        XCTAssertEqual(comments, cached, "the server confirmed them")
    }

    func test_loadComments_refusesA304ToAnUnconditionalRequest() async throws {
        let imageID = UUID()
        let (sut, client, _, commentsStore, _) = makeFeedService { url in (Data(), HTTPAnswer(status: 304, url: url)) }
        await commentsStore.insert([uniqueComment()], validators: nil, timestamp: fixedNow().adding(days: -1), imageID: imageID)

        let result = try await sut.loadComments(for: imageID)

        XCTAssertEqual(client.receivedRequests.map(\.headers), [[]])
        guard case let .cached(_, _, remoteFailure) = result else { return XCTFail("expected cached, got \(result)") }
        XCTAssertTrue(remoteFailure?.description.contains("status 304, expected 2xx") == true, "\(String(describing: remoteFailure))")
    }

    func test_loadComments_replacesCommentsAndValidatorsWhenTheyChanged() async throws {
        let imageID = UUID()
        let (sut, _, _, commentsStore, _) = makeFeedService { url in
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
}
