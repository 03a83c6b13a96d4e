import FeedCore
import Foundation
import TestSupport
import XCTest

final class LoadFeedFromCacheUseCaseTests: XCTestCase {
    func test_init_doesNotMessageStoreUponCreation() {
        let (_, store) = makeSUT()

        XCTAssertEqual(store.receivedMessages, [])
    }

    func test_load_requestsCacheRetrieval() async {
        let (sut, store) = makeSUT()

        _ = try? await sut.load()

        XCTAssertEqual(store.receivedMessages, [.retrieve])
    }

    func test_load_failsOnRetrievalError() async {
        let (sut, store) = makeSUT()
        let retrievalError = anyCacheError()
        store.completeRetrieval(with: retrievalError)

        await expect(sut, toCompleteWith: .failure(retrievalError))
    }

    func test_load_deliversNoImagesOnEmptyCache() async {
        let (sut, store) = makeSUT()
        store.completeRetrievalWithEmptyCache()

        await expect(sut, toCompleteWith: .success(nil))
    }

    func test_load_deliversCachedImagesOnLessThanSevenDaysOldCache() async {
        let feed = CacheFixtures.uniqueFeed()
        let now = fixedNow()
        let lessThanSevenDaysOldTimestamp = now.minusCacheMaxAge().adding(seconds: 1)
        let (sut, store) = makeSUT(currentDate: { now })
        store.completeRetrieval(with: feed, timestamp: lessThanSevenDaysOldTimestamp)

        await expect(sut, toCompleteWith: .success(CachedFeed(feed: feed, timestamp: lessThanSevenDaysOldTimestamp)))
    }

    func test_load_deliversCachedImagesOnCacheSavedJustNow() async {
        let feed = uniqueFeedItems()
        let now = fixedNow()
        let (sut, store) = makeSUT(currentDate: { now })
        store.completeRetrieval(with: feed, timestamp: now)

        await expect(sut, toCompleteWith: .success(CachedFeed(feed: feed, timestamp: now)))
    }

    func test_load_deliversCachedImagesOnEmptyFeedCache() async {
        let now = fixedNow()
        let (sut, store) = makeSUT(currentDate: { now })
        store.completeRetrieval(with: [], timestamp: now.adding(days: -1))

        await expect(sut, toCompleteWith: .success(CachedFeed(feed: [], timestamp: now.adding(days: -1))))
    }

    func test_load_deliversNoImagesOnSevenDaysOldCache() async {
        let now = fixedNow()
        let sevenDaysOldTimestamp = now.minusCacheMaxAge()
        let (sut, store) = makeSUT(currentDate: { now })
        store.completeRetrieval(with: uniqueFeedItems(), timestamp: sevenDaysOldTimestamp)

        await expect(sut, toCompleteWith: .success(nil))
    }

    func test_load_deliversNoImagesOnMoreThanSevenDaysOldCache() async {
        let now = fixedNow()
        let moreThanSevenDaysOldTimestamp = now.minusCacheMaxAge().adding(seconds: -1)
        let (sut, store) = makeSUT(currentDate: { now })
        store.completeRetrieval(with: uniqueFeedItems(), timestamp: moreThanSevenDaysOldTimestamp)

        await expect(sut, toCompleteWith: .success(nil))
    }

    func test_load_deliversNoImagesOnMuchOlderCache() async {
        let now = fixedNow()
        let (sut, store) = makeSUT(currentDate: { now })
        store.completeRetrieval(with: uniqueFeedItems(), timestamp: now.adding(days: -365))

        await expect(sut, toCompleteWith: .success(nil))
    }

    func test_load_hasNoSideEffectsOnRetrievalError() async {
        let (sut, store) = makeSUT()
        store.completeRetrieval(with: anyCacheError())

        _ = try? await sut.load()

        XCTAssertEqual(store.receivedMessages, [.retrieve])
    }

    func test_load_hasNoSideEffectsOnEmptyCache() async {
        let (sut, store) = makeSUT()
        store.completeRetrievalWithEmptyCache()

        _ = try? await sut.load()

        XCTAssertEqual(store.receivedMessages, [.retrieve])
    }

    func test_load_hasNoSideEffectsOnLessThanSevenDaysOldCache() async {
        let now = fixedNow()
        let (sut, store) = makeSUT(currentDate: { now })
        store.completeRetrieval(with: uniqueFeedItems(), timestamp: now.minusCacheMaxAge().adding(seconds: 1))

        _ = try? await sut.load()

        XCTAssertEqual(store.receivedMessages, [.retrieve])
    }

    func test_load_hasNoSideEffectsOnSevenDaysOldCache() async {
        let now = fixedNow()
        let (sut, store) = makeSUT(currentDate: { now })
        store.completeRetrieval(with: uniqueFeedItems(), timestamp: now.minusCacheMaxAge())

        _ = try? await sut.load()

        XCTAssertEqual(store.receivedMessages, [.retrieve])
    }

    func test_load_hasNoSideEffectsOnMoreThanSevenDaysOldCache() async {
        let now = fixedNow()
        let (sut, store) = makeSUT(currentDate: { now })
        store.completeRetrieval(with: uniqueFeedItems(), timestamp: now.minusCacheMaxAge().adding(seconds: -1))

        _ = try? await sut.load()

        XCTAssertEqual(store.receivedMessages, [.retrieve])
    }

    func test_load_leavesAnExpiredCacheInARealStore() async throws {
        let cache = CachedFeed(feed: uniqueFeedItems(), timestamp: fixedNow().minusCacheMaxAge())
        let store: FeedStore = InMemoryFeedStore(cache)
        let sut = LocalFeedLoader(store: store, now: { fixedNow() })

        let loaded = try await sut.load()

        XCTAssertNil(loaded)
        let retrieved = try await store.retrieve()
        XCTAssertEqual(retrieved, cache)
    }

    // MARK: - Helpers

    private func makeSUT(currentDate: @escaping @Sendable () -> Date = { fixedNow() }) -> (sut: LocalFeedLoader, store: CacheFeedStoreSpy) {
        let store = CacheFeedStoreSpy()
        let sut = LocalFeedLoader(store: store, now: currentDate)
        return (sut, store)
    }

    private func expect(_ sut: LocalFeedLoader, toCompleteWith expected: Result<CachedFeed?, CacheError>, file: StaticString = #filePath, line: UInt = #line)
        async
    {
        let received: Result<CachedFeed?, CacheError>
        do {
            received = .success(try await sut.load())
        } catch {
            received = .failure(error)
        }
        XCTAssertEqual(received, expected, file: file, line: line)
    }
}
