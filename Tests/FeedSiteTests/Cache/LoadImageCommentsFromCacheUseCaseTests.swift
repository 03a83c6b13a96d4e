import FeedCore
import FeedStorage
import Foundation
import TestSupport
import XCTest

final class LoadImageCommentsFromCacheUseCaseTests: XCTestCase {
    func test_init_doesNotMessageStoreUponCreation() {
        let (_, store) = makeSUT()

        XCTAssertEqual(store.receivedMessages, [])
    }

    func test_load_requestsRetrievalOfThatImagesComments() async {
        let (sut, store) = makeSUT()
        let imageID = UUID()

        _ = try? await sut.load(for: imageID)

        XCTAssertEqual(store.receivedMessages, [.retrieve(imageID: imageID)])
    }

    func test_load_failsOnRetrievalError() async {
        let (sut, store) = makeSUT()
        let retrievalError = anyError()
        store.completeRetrieval(with: retrievalError)

        await expect(sut, toCompleteWith: .failure(retrievalError))
    }

    func test_load_deliversNoCommentsOnEmptyCache() async {
        let (sut, store) = makeSUT()
        store.completeRetrievalWithEmptyCache()

        await expect(sut, toCompleteWith: .success(nil))
    }

    func test_load_deliversCachedCommentsOnLessThanSevenDaysOldCache() async {
        let comments = CacheFixtures.uniqueComments()
        let now = fixedNow()
        let lessThanSevenDaysOldTimestamp = now.minusCacheMaxAge().adding(seconds: 1)
        let (sut, store) = makeSUT(currentDate: { now })
        store.completeRetrieval(with: comments, timestamp: lessThanSevenDaysOldTimestamp)

        await expect(sut, toCompleteWith: .success(CachedComments(comments: comments, timestamp: lessThanSevenDaysOldTimestamp)))
    }

    func test_load_deliversCachedEmptyCommentsListOnLessThanSevenDaysOldCache() async {
        let now = fixedNow()
        let (sut, store) = makeSUT(currentDate: { now })
        store.completeRetrieval(with: [], timestamp: now.adding(days: -1))

        await expect(sut, toCompleteWith: .success(CachedComments(comments: [], timestamp: now.adding(days: -1))))
    }

    func test_load_deliversNoCommentsOnSevenDaysOldCache() async {
        let now = fixedNow()
        let (sut, store) = makeSUT(currentDate: { now })
        store.completeRetrieval(with: CacheFixtures.uniqueComments(), timestamp: now.minusCacheMaxAge())

        await expect(sut, toCompleteWith: .success(nil))
    }

    func test_load_deliversNoCommentsOnMoreThanSevenDaysOldCache() async {
        let now = fixedNow()
        let (sut, store) = makeSUT(currentDate: { now })
        store.completeRetrieval(with: CacheFixtures.uniqueComments(), timestamp: now.minusCacheMaxAge().adding(seconds: -1))

        await expect(sut, toCompleteWith: .success(nil))
    }

    func test_load_hasNoSideEffectsOnRetrievalError() async {
        let (sut, store) = makeSUT()
        let imageID = UUID()
        store.completeRetrieval(with: anyError())

        _ = try? await sut.load(for: imageID)

        XCTAssertEqual(store.receivedMessages, [.retrieve(imageID: imageID)])
    }

    func test_load_hasNoSideEffectsOnExpiredCache() async {
        let now = fixedNow()
        let (sut, store) = makeSUT(currentDate: { now })
        let imageID = UUID()
        store.completeRetrieval(with: CacheFixtures.uniqueComments(), timestamp: now.minusCacheMaxAge())

        _ = try? await sut.load(for: imageID)

        XCTAssertEqual(store.receivedMessages, [.retrieve(imageID: imageID)])
    }

    func test_load_hasNoSideEffectsOnLessThanSevenDaysOldCache() async {
        let now = fixedNow()
        let (sut, store) = makeSUT(currentDate: { now })
        let imageID = UUID()
        store.completeRetrieval(with: CacheFixtures.uniqueComments(), timestamp: now.minusCacheMaxAge().adding(seconds: 1))

        _ = try? await sut.load(for: imageID)

        XCTAssertEqual(store.receivedMessages, [.retrieve(imageID: imageID)])
    }

    func test_load_appliesTheSevenDayRuleToEachImageOnItsOwn() async throws {
        let now = fixedNow()
        let store = InMemoryCommentsStore()
        let (fresh, expired) = (UUID(), UUID())
        let freshComments = CacheFixtures.uniqueComments()
        try await store.insert(freshComments, timestamp: now.minusCacheMaxAge().adding(seconds: 1), imageID: fresh)
        try await store.insert(CacheFixtures.uniqueComments(), timestamp: now.minusCacheMaxAge(), imageID: expired)
        let sut = LocalCommentsLoader(store: store, now: { now })

        let loadedFresh = try await sut.load(for: fresh)
        let loadedExpired = try await sut.load(for: expired)
        let loadedUnknown = try await sut.load(for: UUID())

        XCTAssertEqual(loadedFresh, CachedComments(comments: freshComments, timestamp: now.minusCacheMaxAge().adding(seconds: 1)))
        XCTAssertNil(loadedExpired)
        XCTAssertNil(loadedUnknown)
    }

    func test_load_afterSaveDeliversTheSavedCommentsUntilSevenDaysLater() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let clock = CacheTestClock(CacheFixtures.fractionalTimestamp())
        let sut = LocalCommentsLoader(store: FileCommentsStore(folder: folder), now: { clock.now })
        let imageID = UUID()
        let comments = CacheFixtures.uniqueComments()
        let savedAt = clock.now
        try await sut.save(comments, for: imageID)

        clock.now = savedAt.adding(days: 7).adding(seconds: -1)
        let beforeExpiry = try await sut.load(for: imageID)
        clock.now = savedAt.adding(days: 7)
        let atExpiry = try await sut.load(for: imageID)

        XCTAssertEqual(beforeExpiry, CachedComments(comments: comments, timestamp: savedAt))
        XCTAssertNil(atExpiry)
    }

    // MARK: - Helpers

    private func makeSUT(currentDate: @escaping @Sendable () -> Date = { fixedNow() }) -> (sut: LocalCommentsLoader, store: CacheCommentsStoreSpy) {
        let store = CacheCommentsStoreSpy()
        let sut = LocalCommentsLoader(store: store, now: currentDate)
        return (sut, store)
    }

    private func expect(
        _ sut: LocalCommentsLoader, toCompleteWith expected: Result<CachedComments?, NSError>, file: StaticString = #filePath, line: UInt = #line
    ) async {
        let received: Result<CachedComments?, NSError>
        do {
            received = .success(try await sut.load(for: UUID()))
        } catch {
            received = .failure(error as NSError)
        }
        XCTAssertEqual(received, expected, file: file, line: line)
    }
}
