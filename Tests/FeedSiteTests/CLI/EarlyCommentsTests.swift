import FeedCore
import Foundation
import Synchronization
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// Comments asked for beside the images: each answer saved as it lands, and the comments
/// step given what each item's came to, so it reads the comments back from the cache and
/// asks for none of them again.
final class EarlyCommentsTests: XCTestCase {
    func test_fetch_savesEveryItemsCommentsAndTheCommentsStepReadsThemBackWithoutAskingAgain() async throws {
        let items = uniqueFeedItems(count: 3)
        let (sut, client, _, commentsStore, _) = makeFeedService { url in (commentsJSON(message: url.pathComponents[3]), httpResponse(200, url: url)) }

        let fetched = try await EarlyComments(items: items, service: sut, tasksAtOnce: 2).fetch {}
        var loaded: [FeedService.CommentsResult] = []
        for (place, item) in items.enumerated() {
            loaded.append(try await sut.loadComments(for: item.image.id, fetched: fetched.outcome(at: place)))
        }

        XCTAssertEqual(client.receivedRequests.count, 3, "each item's comments asked for once")
        for (item, result) in zip(items, loaded) {
            guard case let .live(comments, saveFailure) = result else { return XCTFail("expected live, got \(result)") }
            XCTAssertEqual(comments.map(\.message), [item.image.id.text])
            XCTAssertNil(saveFailure)
            let saved = await commentsStore.retrieve(imageID: item.image.id)
            XCTAssertEqual(saved?.comments, comments)
        }
    }

    func test_fetch_keepsAFailureSoTheCommentsStepFallsBackToTheCacheWithItWithoutAskingAgain() async throws {
        let items = uniqueFeedItems(count: 1)
        let cached = [uniqueComment(message: "from the cache")]
        let savedAt = fixedNow().adding(days: -2)
        let (sut, client, _, commentsStore, _) = makeFeedService { url in (Data(), httpResponse(503, url: url)) }
        try await commentsStore.insert(cached, timestamp: savedAt, imageID: items[0].image.id)

        let fetched = try await EarlyComments(items: items, service: sut, tasksAtOnce: 2).fetch {}
        let result = try await sut.loadComments(for: items[0].image.id, fetched: fetched.outcome(at: 0))

        XCTAssertEqual(client.receivedRequests.count, 1)
        guard case let .cached(comments, timestamp, remoteFailure) = result else { return XCTFail("expected cached, got \(result)") }
        XCTAssertEqual(comments, cached)
        XCTAssertEqual(timestamp, savedAt)
        XCTAssertTrue(remoteFailure?.description.contains("status 503") == true, "\(String(describing: remoteFailure))")
    }

    func test_fetch_leavesCommentsThatCouldNotBeSavedToTheCommentsStepWhichAsksAgainAndSaysWhy() async throws {
        let items = uniqueFeedItems(count: 1)
        let store = CacheCommentsStoreSpy()
        store.completeInsertion(with: .cannot(.write, "cache.sqlite", reason: "disk I/O error"))
        let client = RoutedHTTPClient { url in (commentsJSON(message: "hi"), httpResponse(200, url: url)) }
        let sut = FeedService(
            client: client, api: URL(string: "http://api.example/v1")!, feedCache: LocalFeedLoader(store: InMemoryFeedStore(), now: fixedNow),
            commentsCache: LocalCommentsLoader(store: store, now: fixedNow), imageStore: InMemoryImageStore())

        let fetched = try await EarlyComments(items: items, service: sut, tasksAtOnce: 2).fetch {}
        let result = try await sut.loadComments(for: items[0].image.id, fetched: fetched.outcome(at: 0))

        XCTAssertNil(fetched.outcome(at: 0))
        XCTAssertEqual(client.receivedRequests.count, 2, "asked again by the comments step")
        guard case let .live(comments, saveFailure) = result else { return XCTFail("expected live, got \(result)") }
        XCTAssertEqual(comments.map(\.message), ["hi"])
        XCTAssertTrue(saveFailure?.description.contains("disk I/O error") == true, "\(String(describing: saveFailure))")
    }

    func test_fetch_tellsOfEachItemAsItIsDone() async throws {
        let items = uniqueFeedItems(count: 5)
        let (sut, _, _, _, _) = makeFeedService { url in (commentsJSON(message: "hi"), httpResponse(200, url: url)) }
        let done = Mutex(0)

        _ = try await EarlyComments(items: items, service: sut, tasksAtOnce: 2).fetch { done.withLock { $0 += 1 } }

        XCTAssertEqual(done.withLock { $0 }, 5)
    }

    func test_loadComments_asksForTheCommentsOfAnItemNotFetched() async throws {
        let (sut, client, _, _, _) = makeFeedService { url in (commentsJSON(message: "hi"), httpResponse(200, url: url)) }

        let result = try await sut.loadComments(for: UUID(), fetched: FetchedComments(count: 1).outcome(at: 0))

        XCTAssertEqual(client.receivedRequests.count, 1)
        guard case .live = result else { return XCTFail("expected live, got \(result)") }
    }

    func test_outcome_isNilForAPlaceBeyondTheItemsFetched() {
        var fetched = FetchedComments(count: 1)
        fetched.note(.saved, at: 0)

        XCTAssertNotNil(fetched.outcome(at: 0))
        XCTAssertNil(fetched.outcome(at: 1))
        XCTAssertNil(fetched.outcome(at: -1))
    }
}

/// A comments list of one comment saying `message`, as the API answers it.
private func commentsJSON(message: String) -> Data {
    Data(#"{"items":[{"id":"\#(UUID().uuidString)","message":"\#(message)","created_at":"2024-05-20T11:24:59+0000","author":{"username":"ann"}}]}"#.utf8)
}
