import FeedCore
import FeedStorage
import Foundation
import TestSupport
import XCTest

final class ValidateFeedCacheUseCaseTests: XCTestCase {
    func test_init_doesNotMessageStoreUponCreation() {
        let (_, store) = makeSUT()

        XCTAssertEqual(store.receivedMessages, [])
    }

    func test_validateCache_deletesCacheOnRetrievalError() async {
        let (sut, store) = makeSUT()
        store.completeRetrieval(with: anyCacheError())

        _ = try? await sut.validateCache()

        XCTAssertEqual(store.receivedMessages, [.retrieve, .deleteCachedFeed])
    }

    func test_validateCache_reportsDeletedUnreadableWithTheRetrievalErrorOnRetrievalError() async {
        let (sut, store) = makeSUT()
        let retrievalError = CacheError.cannot(.read, "cache database /cache/cache.sqlite", reason: "database disk image is malformed (SQLITE_CORRUPT)")
        store.completeRetrieval(with: retrievalError)

        await expect(sut, toCompleteWith: .success(.deletedUnreadable(reason: retrievalError.description)))
    }

    func test_validateCache_doesNotDeleteCacheOnEmptyCache() async {
        let (sut, store) = makeSUT()
        store.completeRetrievalWithEmptyCache()

        await expect(sut, toCompleteWith: .success(.empty))
        XCTAssertEqual(store.receivedMessages, [.retrieve])
    }

    func test_validateCache_doesNotDeleteLessThanSevenDaysOldCache() async {
        let now = fixedNow()
        let lessThanSevenDaysOldTimestamp = now.minusCacheMaxAge().adding(seconds: 1)
        let (sut, store) = makeSUT(currentDate: { now })
        store.completeRetrieval(with: uniqueFeedItems(), timestamp: lessThanSevenDaysOldTimestamp)

        await expect(sut, toCompleteWith: .success(.kept(savedAt: lessThanSevenDaysOldTimestamp)))
        XCTAssertEqual(store.receivedMessages, [.retrieve])
    }

    func test_validateCache_deletesSevenDaysOldCache() async {
        let now = fixedNow()
        let sevenDaysOldTimestamp = now.minusCacheMaxAge()
        let (sut, store) = makeSUT(currentDate: { now })
        store.completeRetrieval(with: uniqueFeedItems(), timestamp: sevenDaysOldTimestamp)

        await expect(sut, toCompleteWith: .success(.deletedExpired(savedAt: sevenDaysOldTimestamp)))
        XCTAssertEqual(store.receivedMessages, [.retrieve, .deleteCachedFeed])
    }

    func test_validateCache_deletesMoreThanSevenDaysOldCache() async {
        let now = fixedNow()
        let moreThanSevenDaysOldTimestamp = now.minusCacheMaxAge().adding(seconds: -1)
        let (sut, store) = makeSUT(currentDate: { now })
        store.completeRetrieval(with: uniqueFeedItems(), timestamp: moreThanSevenDaysOldTimestamp)

        await expect(sut, toCompleteWith: .success(.deletedExpired(savedAt: moreThanSevenDaysOldTimestamp)))
        XCTAssertEqual(store.receivedMessages, [.retrieve, .deleteCachedFeed])
    }

    func test_validateCache_failsOnDeletionErrorOfFailedRetrieval() async {
        let (sut, store) = makeSUT()
        let deletionError = anyCacheError("deletion 1")
        store.completeRetrieval(with: anyCacheError())
        store.completeDeletion(with: deletionError)

        await expect(sut, toCompleteWith: .failure(deletionError))
        XCTAssertEqual(store.receivedMessages, [.retrieve, .deleteCachedFeed])
    }

    func test_validateCache_failsOnDeletionErrorOfExpiredCache() async {
        let now = fixedNow()
        let (sut, store) = makeSUT(currentDate: { now })
        let deletionError = anyCacheError("deletion 2")
        store.completeRetrieval(with: uniqueFeedItems(), timestamp: now.minusCacheMaxAge())
        store.completeDeletion(with: deletionError)

        await expect(sut, toCompleteWith: .failure(deletionError))
    }

    func test_validateCache_neverInsertsIntoTheCache() async {
        let now = fixedNow()
        let (sut, store) = makeSUT(currentDate: { now })
        store.completeRetrieval(with: uniqueFeedItems(), timestamp: now.minusCacheMaxAge())

        _ = try? await sut.validateCache()

        XCTAssertFalse(store.receivedMessages.contains { if case .insert = $0 { true } else { false } })
    }

    func test_validateCache_deletesAnUnreadableCachedFeedFromTheDatabaseNamingTheDatabase() async throws {
        let cache = try makeCache(for: self).cache
        let store = SQLiteFeedStore(cache)
        try store.insert(CacheFixtures.uniqueFeed(), timestamp: fixedNow())
        try cache.execute("UPDATE feed_items SET url = 'javascript:alert(1)' WHERE position = 1")
        let sut = LocalFeedLoader(store: store, now: { fixedNow() })

        let validation = try await sut.validateCache()

        guard case let .deletedUnreadable(reason) = validation else {
            return XCTFail("Expected .deletedUnreadable, got \(validation)")
        }
        XCTAssertTrue(reason.hasPrefix("cannot read cache database \(cache.path): "), "Expected the reason to name the database: \(reason)")
        XCTAssertEqual(try cache.tableCounts().filter { $0.table.hasPrefix("feed") }.map(\.rows), [0, 0])
        let retrieved = try store.retrieve()
        XCTAssertNil(retrieved)
    }

    func test_validateCache_keepsAValidCacheInTheDatabase() async throws {
        let store = SQLiteFeedStore(try makeCache(for: self).cache)
        let cache = CachedFeed(feed: CacheFixtures.uniqueFeed(), timestamp: fixedNow().minusCacheMaxAge().adding(seconds: 1))
        try store.insert(cache.feed, timestamp: cache.timestamp)
        let sut = LocalFeedLoader(store: store, now: { fixedNow() })

        let validation = try await sut.validateCache()

        XCTAssertEqual(validation, .kept(savedAt: cache.timestamp))
        let retrieved = try store.retrieve()
        XCTAssertEqual(retrieved, cache)
    }

    // MARK: - Helpers

    private func makeSUT(currentDate: @escaping @Sendable () -> Date = { fixedNow() }) -> (sut: LocalFeedLoader, store: CacheFeedStoreSpy) {
        let store = CacheFeedStoreSpy()
        let sut = LocalFeedLoader(store: store, now: currentDate)
        return (sut, store)
    }

    private func expect(
        _ sut: LocalFeedLoader, toCompleteWith expected: Result<LocalFeedLoader.Validation, CacheError>, file: StaticString = #filePath, line: UInt = #line
    ) async {
        let received: Result<LocalFeedLoader.Validation, CacheError>
        do {
            received = .success(try await sut.validateCache())
        } catch {
            received = .failure(error)
        }
        XCTAssertEqual(received, expected, file: file, line: line)
    }
}
