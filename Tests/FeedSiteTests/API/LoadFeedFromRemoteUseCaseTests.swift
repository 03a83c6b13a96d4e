import FeedCore
import Foundation
import Synchronization
import TestSupport
import XCTest

final class LoadFeedFromRemoteUseCaseTests: XCTestCase {
    func test_init_doesNotRequestAnything() {
        let (_, client) = makeSUT(answers: [])

        XCTAssertEqual(client.requestedURLs, [])
    }

    func test_load_requestsFirstPageWithLimitOnly() async throws {
        let (sut, client) = makeSUT(pageLimit: 3, answers: [page([])])

        _ = try await sut.load()

        XCTAssertEqual(client.requestedURLs.map(\.absoluteString), ["http://api.example/v1/feed?limit=3"])
    }

    func test_load_requestsEachNextPageAfterTheLastItemOfThePageBefore() async throws {
        let images = (0..<4).map { _ in uniqueImage() }
        let (sut, client) = makeSUT(pageLimit: 2, answers: [page(Array(images[0..<2])), page(Array(images[2..<4])), page([])])

        let feed = try await sut.load().items

        XCTAssertEqual(feed, images)
        XCTAssertEqual(
            client.requestedURLs.map(\.absoluteString),
            [
                "http://api.example/v1/feed?limit=2",
                "http://api.example/v1/feed?limit=2&after_id=\(images[1].id.uuidString.uppercased())",
                "http://api.example/v1/feed?limit=2&after_id=\(images[3].id.uuidString.uppercased())",
            ]
        )
    }

    func test_load_keepsLoadingAfterAShortPageUntilAnEmptyPage() async throws {
        let images = (0..<3).map { _ in uniqueImage() }
        let (sut, client) = makeSUT(pageLimit: 2, answers: [page([images[0]]), page([images[1], images[2]]), page([])])

        let feed = try await sut.load().items

        XCTAssertEqual(feed, images)
        XCTAssertEqual(client.requestedURLs.count, 3)
    }

    func test_load_stopsAtTheFirstEmptyPage() async throws {
        let first = uniqueImage()
        let (sut, client) = makeSUT(pageLimit: 2, answers: [page([first]), page([]), page([uniqueImage()])])

        let feed = try await sut.load().items

        XCTAssertEqual(feed, [first])
        XCTAssertEqual(client.requestedURLs.count, 2, "nothing is requested after the empty page")
    }

    func test_load_deliversEmptyFeedOnEmptyFirstPage() async throws {
        let (sut, client) = makeSUT(answers: [page([])])

        let feed = try await sut.load().items

        XCTAssertEqual(feed, [])
        XCTAssertEqual(client.requestedURLs.count, 1)
    }

    func test_load_usesDefaultLimitOf10() async throws {
        let (sut, client) = makeSUT(pageLimit: nil, answers: [page([])])

        _ = try await sut.load()

        XCTAssertEqual(client.requestedURLs.map(\.query), ["limit=10"])
    }

    // MARK: - maxItems

    func test_load_stopsAtMaxItemsAndTruncatesTheLastPage() async throws {
        let images = (0..<4).map { _ in uniqueImage() }
        let (sut, client) = makeSUT(pageLimit: 2, answers: [page(Array(images[0..<2])), page(Array(images[2..<4])), page([uniqueImage()])])

        let feed = try await sut.load(maxItems: 3).items

        XCTAssertEqual(feed, Array(images[0..<3]))
        XCTAssertEqual(client.requestedURLs.count, 2, "no page is requested once maxItems are loaded")
    }

    func test_load_stopsAtMaxItemsOnAPageBoundaryWithoutRequestingMore() async throws {
        let images = (0..<4).map { _ in uniqueImage() }
        let (sut, client) = makeSUT(pageLimit: 2, answers: [page(Array(images[0..<2])), page(Array(images[2..<4]))])

        let feed = try await sut.load(maxItems: 4).items

        XCTAssertEqual(feed, images)
        XCTAssertEqual(client.requestedURLs.count, 2)
    }

    func test_load_withMaxItemsAboveTheFeedSizeStopsAtTheEmptyPage() async throws {
        let images = (0..<3).map { _ in uniqueImage() }
        let (sut, client) = makeSUT(pageLimit: 2, answers: [page(Array(images[0..<2])), page([images[2]]), page([])])

        let feed = try await sut.load(maxItems: 100).items

        XCTAssertEqual(feed, images)
        XCTAssertEqual(client.requestedURLs.count, 3)
    }

    // MARK: - Max pages

    /// An API that mints new items on every page never sends the empty page that ends a feed.
    func test_load_stopsAfterMaxPagesWhenTheNextPageStillHoldsItemsAndSaysSo() async throws {
        let images = (0..<6).map { _ in uniqueImage() }
        let (sut, client) = makeSUT(
            pageLimit: 2, answers: [page(Array(images[0..<2])), page(Array(images[2..<4])), page(Array(images[4..<6])), page([uniqueImage()])])

        let loaded = try await sut.load(maxPages: 2)

        XCTAssertEqual(loaded, RemoteFeedLoader.Loaded(items: Array(images[0..<4]), pages: 2, stoppedAtMaxPages: true))
        XCTAssertEqual(client.requestedURLs.count, 3, "the page after the last one read shows there are more, and nothing after it is asked")
    }

    func test_load_readsAFeedOfExactlyMaxPagesWholeWithoutSayingItWasStopped() async throws {
        let images = (0..<4).map { _ in uniqueImage() }
        let (sut, client) = makeSUT(pageLimit: 2, answers: [page(Array(images[0..<2])), page(Array(images[2..<4])), page([])])

        let loaded = try await sut.load(maxPages: 2)

        XCTAssertEqual(loaded, RemoteFeedLoader.Loaded(items: images, pages: 2, stoppedAtMaxPages: false))
        XCTAssertEqual(client.requestedURLs.count, 3)
    }

    func test_load_stoppedByMaxItemsBeforeMaxPagesIsNotSaidToBeStopped() async throws {
        let images = (0..<4).map { _ in uniqueImage() }
        let (sut, client) = makeSUT(pageLimit: 2, answers: [page(Array(images[0..<2])), page(Array(images[2..<4])), page([uniqueImage()])])

        let loaded = try await sut.load(maxItems: 4, maxPages: 2)

        XCTAssertEqual(loaded, RemoteFeedLoader.Loaded(items: images, pages: 2, stoppedAtMaxPages: false))
        XCTAssertEqual(client.requestedURLs.count, 2)
    }

    func test_load_withMaxItemsZeroRequestsNothing() async throws {
        let (sut, client) = makeSUT(answers: [])

        let feed = try await sut.load(maxItems: 0).items

        XCTAssertEqual(feed, [])
        XCTAssertEqual(client.requestedURLs, [])
    }

    // MARK: - Progress

    func test_load_reportsRunningPageAndItemCounts() async throws {
        let images = (0..<5).map { _ in uniqueImage() }
        let (sut, _) = makeSUT(pageLimit: 2, answers: [page(Array(images[0..<2])), page(Array(images[2..<4])), page([images[4]]), page([])])
        let reports = Mutex<[[Int]]>([])

        _ = try await sut.load { pages, items in reports.withLock { $0.append([pages, items]) } }

        XCTAssertEqual(reports.withLock { $0 }, [[1, 2], [2, 4], [3, 5]])
    }

    // MARK: - Errors

    func test_load_deliversConnectivityErrorOnClientError() async throws {
        let (sut, client) = makeSUT(pageLimit: 2, answers: [.failure(HTTPClientError.connectivity("connection refused"))])

        let error = await LoadFeedFromRemoteUseCaseTests.loadError(sut)

        XCTAssertEqual(
            error as? RemoteLoadError,
            RemoteLoadError(kind: .connectivity, url: URL(string: "http://api.example/v1/feed?limit=2")!, reason: "connection refused")
        )
        XCTAssertEqual(client.requestedURLs.count, 1)
    }

    func test_load_deliversConnectivityErrorWithThePageURLOnClientErrorAfterTheFirstPage() async throws {
        let first = uniqueImage()
        let (sut, client) = makeSUT(pageLimit: 1, answers: [page([first]), .failure(HTTPClientError.connectivity("timed out"))])

        let error = await LoadFeedFromRemoteUseCaseTests.loadError(sut)

        XCTAssertEqual((error as? RemoteLoadError)?.kind, .connectivity, "\(String(describing: error))")
        XCTAssertEqual((error as? RemoteLoadError)?.url, client.requestedURLs.last)
        XCTAssertEqual((error as? RemoteLoadError)?.url.query, "limit=1&after_id=\(first.id.uuidString.uppercased())")
    }

    func test_load_deliversInvalidDataOnNon200PageInTheMiddle() async throws {
        let (sut, client) = makeSUT(
            pageLimit: 2, answers: [page([uniqueImage(), uniqueImage()]), .success(FeedAPIPayloads.page([uniqueImage()]), status: 500), page([])])

        let error = await LoadFeedFromRemoteUseCaseTests.loadError(sut)

        let loadError = try XCTUnwrap(error as? RemoteLoadError, "\(String(describing: error))")
        XCTAssertEqual(loadError.kind, .invalidData)
        XCTAssertEqual(loadError.url, client.requestedURLs.last)
        XCTAssertTrue(loadError.reason.contains("500"), loadError.reason)
        XCTAssertEqual(client.requestedURLs.count, 2, "loading stops at the bad page")
    }

    func test_load_deliversInvalidDataOnUndecodablePageInTheMiddle() async throws {
        let (sut, client) = makeSUT(
            pageLimit: 2, answers: [page([uniqueImage(), uniqueImage()]), .success(Data("<html>oops</html>".utf8), status: 200), page([])])

        let error = await LoadFeedFromRemoteUseCaseTests.loadError(sut)

        XCTAssertEqual((error as? RemoteLoadError)?.kind, .invalidData, "\(String(describing: error))")
        XCTAssertEqual(client.requestedURLs.count, 2)
    }

    func test_load_deliversInvalidDataOnIDRepeatedAcrossPages() async throws {
        let (a, b, c) = (uniqueImage(), uniqueImage(), uniqueImage())
        let (sut, client) = makeSUT(pageLimit: 2, answers: [page([a, b]), page([b, c]), page([])])

        let error = await LoadFeedFromRemoteUseCaseTests.loadError(sut)

        let loadError = try XCTUnwrap(error as? RemoteLoadError, "\(String(describing: error))")
        XCTAssertEqual(loadError.kind, .invalidData)
        XCTAssertEqual(loadError.url, client.requestedURLs.last)
        XCTAssertTrue(loadError.reason.contains(b.id.uuidString), loadError.reason)
        XCTAssertEqual(client.requestedURLs.count, 2)
    }

    func test_load_deliversInvalidDataOnIDRepeatedWithinAPage() async throws {
        let a = uniqueImage()
        let (sut, _) = makeSUT(pageLimit: 3, answers: [page([a, uniqueImage(), a]), page([])])

        let error = await LoadFeedFromRemoteUseCaseTests.loadError(sut)

        XCTAssertEqual((error as? RemoteLoadError)?.kind, .invalidData, "\(String(describing: error))")
    }

    func test_load_deliversInvalidDataOnAServerThatRepeatsTheSamePageForever() async throws {
        let repeated = [uniqueImage(), uniqueImage()]
        let (sut, client) = makeSUT(pageLimit: 2, answers: Array(repeating: page(repeated), count: 5))

        let error = await LoadFeedFromRemoteUseCaseTests.loadError(sut)

        XCTAssertEqual((error as? RemoteLoadError)?.kind, .invalidData, "\(String(describing: error))")
        XCTAssertEqual(client.requestedURLs.count, 2)
    }

    func test_load_passesCancellationThroughAsCancellationError() async throws {
        let (sut, _) = makeSUT(answers: [.failure(CancellationError())])

        let error = await LoadFeedFromRemoteUseCaseTests.loadError(sut)

        XCTAssertTrue(error is CancellationError, "expected CancellationError, got \(String(describing: error))")
    }

    func test_load_passesCancellationThroughOnALaterPage() async throws {
        let (sut, client) = makeSUT(pageLimit: 1, answers: [page([uniqueImage()]), .failure(CancellationError()), page([])])

        let error = await LoadFeedFromRemoteUseCaseTests.loadError(sut)

        XCTAssertTrue(error is CancellationError, "expected CancellationError, got \(String(describing: error))")
        XCTAssertEqual(client.requestedURLs.count, 2)
    }

    func test_load_deliversCancellationErrorInsteadOfAPageWhenCancelledDuringTheRequest() async throws {
        let (sut, client) = makeSUT(pageLimit: 1, answers: [.cancelCallerThenSucceed(FeedAPIPayloads.page([uniqueImage()]), status: 200), page([])])

        let error = await Task { await LoadFeedFromRemoteUseCaseTests.loadError(sut) }.value

        XCTAssertTrue(error is CancellationError, "expected CancellationError, got \(String(describing: error))")
        XCTAssertEqual(client.requestedURLs.count, 1)
    }

    // MARK: - Helpers

    /// `pageLimit` nil leaves the loader's default.
    private func makeSUT(pageLimit: Int? = 2, answers: [HTTPClientStub.Answer]) -> (RemoteFeedLoader, HTTPClientStub) {
        let client = HTTPClientStub(answers: answers)
        let baseURL = URL(string: "http://api.example/v1")!
        let sut = pageLimit.map { RemoteFeedLoader(client: client, baseURL: baseURL, pageLimit: $0) } ?? RemoteFeedLoader(client: client, baseURL: baseURL)
        return (sut, client)
    }

    private func page(_ images: [FeedImage]) -> HTTPClientStub.Answer {
        .success(FeedAPIPayloads.page(images), status: 200)
    }

    private static func loadError(_ sut: RemoteFeedLoader, maxItems: Int? = nil) async -> Error? {
        do {
            let feed = try await sut.load(maxItems: maxItems).items
            XCTFail("expected an error, got \(feed.count) items")
            return nil
        } catch {
            // The API's error, or `CancellationError`.
            return error.error
        }
    }
}
