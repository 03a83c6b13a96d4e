import FeedCore
import Foundation
import TestSupport
import XCTest

final class CacheFeedUseCaseTests: XCTestCase {
    func test_init_doesNotMessageStoreUponCreation() {
        let (_, store) = makeSUT()

        XCTAssertEqual(store.receivedMessages, [])
    }

    func test_save_neverDeletesTheCacheFirst() async {
        let (sut, store) = makeSUT()

        try? await sut.save(uniqueFeedItems())

        XCTAssertFalse(store.receivedMessages.contains(.deleteCachedFeed))
    }

    func test_save_keepsTheOldCacheWhenTheInsertFails() async {
        let (sut, store) = makeSUT()
        store.completeInsertion(with: anyCacheError())

        try? await sut.save(uniqueFeedItems())

        XCTAssertEqual(store.receivedMessages.count, 1)
        XCTAssertFalse(store.receivedMessages.contains(.deleteCachedFeed), "a failed save leaves the cached feed in place")
    }

    func test_save_requestsOneCacheInsertionWithTimestamp() async throws {
        let timestamp = CacheFixtures.fractionalTimestamp()
        let feed = CacheFixtures.uniqueFeed()
        let (sut, store) = makeSUT(currentDate: { timestamp })

        try await sut.save(feed)

        XCTAssertEqual(store.receivedMessages, [.insert(feed, timestamp)])
    }

    func test_save_stampsTheCacheWithTheClockAtSaveTime() async throws {
        let clock = CacheTestClock(fixedNow())
        let feed = uniqueFeedItems()
        let (sut, store) = makeSUT(currentDate: { clock.now })
        clock.now = fixedNow().adding(seconds: 42.5)

        try await sut.save(feed)

        XCTAssertEqual(store.receivedMessages, [.insert(feed, fixedNow().adding(seconds: 42.5))])
    }

    func test_save_failsOnInsertionError() async {
        let (sut, store) = makeSUT()
        let insertionError = anyCacheError("insertion 7")
        store.completeInsertion(with: insertionError)

        await expect(sut, toCompleteWithError: insertionError)
    }

    func test_save_succeedsOnSuccessfulCacheInsertion() async {
        let (sut, _) = makeSUT()

        await expect(sut, toCompleteWithError: nil)
    }

    func test_save_neverRetrievesTheCache() async throws {
        let (sut, store) = makeSUT()

        try await sut.save(uniqueFeedItems())

        XCTAssertFalse(store.receivedMessages.contains(.retrieve))
    }

    func test_save_replacesTheCacheOfARealStore() async throws {
        let store: FeedStore = InMemoryFeedStore(CachedFeed(feed: uniqueFeedItems(), timestamp: fixedNow().adding(days: -3)))
        let sut = LocalFeedLoader(store: store, now: { fixedNow() })
        let feed = CacheFixtures.uniqueFeed()

        try await sut.save(feed)

        let retrieved = try await store.retrieve()
        XCTAssertEqual(retrieved, CachedFeed(feed: feed, timestamp: fixedNow()))
    }

    // MARK: - Helpers

    private func makeSUT(currentDate: @escaping @Sendable () -> Date = { fixedNow() }) -> (sut: LocalFeedLoader, store: CacheFeedStoreSpy) {
        let store = CacheFeedStoreSpy()
        let sut = LocalFeedLoader(store: store, now: currentDate)
        return (sut, store)
    }

    private func expect(_ sut: LocalFeedLoader, toCompleteWithError expectedError: CacheError?, file: StaticString = #filePath, line: UInt = #line) async {
        do {
            try await sut.save(uniqueFeedItems())
            XCTAssertNil(expectedError, "Expected save to fail with \(String(describing: expectedError))", file: file, line: line)
        } catch {
            XCTAssertEqual(error, expectedError, file: file, line: line)
        }
    }
}
