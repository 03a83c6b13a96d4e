import FeedCore
import FeedStorage
import Foundation
import TestSupport
import XCTest

/// An image's cached comments as the run reads them: `stored(for:)` whatever their age (their
/// validators still make the next request conditional), `isValid` whether they may stand in
/// for comments the API could not give.
final class LoadImageCommentsFromCacheUseCaseTests: XCTestCase {
    func test_init_doesNotMessageStoreUponCreation() {
        let (_, store) = makeSUT()

        XCTAssertEqual(store.receivedMessages, [])
    }

    func test_stored_requestsRetrievalOfThatImagesComments() async {
        let (sut, store) = makeSUT()
        let imageID = UUID()

        _ = try? await sut.stored(for: imageID)

        XCTAssertEqual(store.receivedMessages, [.retrieve(imageID: imageID)])
    }

    func test_stored_failsOnRetrievalError() async {
        let (sut, store) = makeSUT()
        let retrievalError = anyCacheError()
        store.completeRetrieval(with: retrievalError)

        await expect(sut, toRetrieve: .failure(retrievalError))
    }

    func test_stored_deliversNothingOnEmptyCache() async {
        let (sut, store) = makeSUT()
        store.completeRetrievalWithEmptyCache()

        await expect(sut, toRetrieve: .success(nil))
    }

    func test_stored_deliversASavedEmptyCommentsList() async {
        let now = fixedNow()
        let (sut, store) = makeSUT(currentDate: { now })
        store.completeRetrieval(with: [], timestamp: now.adding(days: -1))

        await expect(sut, toRetrieve: .success(CachedComments(comments: [], timestamp: now.adding(days: -1))))
    }

    func test_stored_deliversCommentsMoreThanSevenDaysOld() async {
        let comments = CacheFixtures.uniqueComments()
        let now = fixedNow()
        let expired = now.minusCacheMaxAge().adding(seconds: -1)
        let (sut, store) = makeSUT(currentDate: { now })
        store.completeRetrieval(with: comments, timestamp: expired)

        await expect(sut, toRetrieve: .success(CachedComments(comments: comments, timestamp: expired)))
    }

    func test_stored_hasNoSideEffectsOnRetrievalError() async {
        let (sut, store) = makeSUT()
        let imageID = UUID()
        store.completeRetrieval(with: anyCacheError())

        _ = try? await sut.stored(for: imageID)

        XCTAssertEqual(store.receivedMessages, [.retrieve(imageID: imageID)])
    }

    func test_stored_hasNoSideEffectsOnExpiredCache() async {
        let now = fixedNow()
        let (sut, store) = makeSUT(currentDate: { now })
        let imageID = UUID()
        store.completeRetrieval(with: CacheFixtures.uniqueComments(), timestamp: now.minusCacheMaxAge())

        _ = try? await sut.stored(for: imageID)

        XCTAssertEqual(store.receivedMessages, [.retrieve(imageID: imageID)])
    }

    func test_isValid_acceptsCommentsLessThanSevenDaysOld() {
        let now = fixedNow()
        let (sut, _) = makeSUT(currentDate: { now })

        XCTAssertTrue(sut.isValid(CachedComments(comments: CacheFixtures.uniqueComments(), timestamp: now.minusCacheMaxAge().adding(seconds: 1))))
    }

    func test_isValid_rejectsCommentsSevenDaysOld() {
        let now = fixedNow()
        let (sut, _) = makeSUT(currentDate: { now })

        XCTAssertFalse(sut.isValid(CachedComments(comments: CacheFixtures.uniqueComments(), timestamp: now.minusCacheMaxAge())))
    }

    func test_isValid_rejectsCommentsMoreThanSevenDaysOld() {
        let now = fixedNow()
        let (sut, _) = makeSUT(currentDate: { now })

        XCTAssertFalse(sut.isValid(CachedComments(comments: CacheFixtures.uniqueComments(), timestamp: now.minusCacheMaxAge().adding(seconds: -1))))
    }

    func test_isValid_appliesTheSevenDayRuleToEachImageOnItsOwn() async throws {
        let now = fixedNow()
        let store = InMemoryCommentsStore()
        let (fresh, expired) = (UUID(), UUID())
        try await store.insert(CacheFixtures.uniqueComments(), timestamp: now.minusCacheMaxAge().adding(seconds: 1), imageID: fresh)
        try await store.insert(CacheFixtures.uniqueComments(), timestamp: now.minusCacheMaxAge(), imageID: expired)
        let sut = LocalCommentsLoader(store: store, now: { now })

        let storedFresh = try await sut.stored(for: fresh)
        let storedExpired = try await sut.stored(for: expired)
        let storedUnknown = try await sut.stored(for: UUID())

        XCTAssertEqual(storedFresh.map(sut.isValid), true)
        XCTAssertEqual(storedExpired.map(sut.isValid), false)
        XCTAssertNil(storedUnknown)
    }

    func test_stored_afterSaveIsValidUntilSevenDaysLater() async throws {
        let clock = CacheTestClock(CacheFixtures.fractionalTimestamp())
        let sut = LocalCommentsLoader(store: SQLiteCommentsStore(try makeCache(for: self, now: clock.now).cache), now: { clock.now })
        let imageID = UUID()
        let comments = CacheFixtures.uniqueComments()
        let savedAt = clock.now
        try await sut.save(comments, for: imageID)

        let stored = try await sut.stored(for: imageID)
        clock.now = savedAt.adding(days: 7).adding(seconds: -1)
        let validBeforeExpiry = stored.map(sut.isValid)
        clock.now = savedAt.adding(days: 7)
        let validAtExpiry = stored.map(sut.isValid)

        XCTAssertEqual(stored, CachedComments(comments: comments, timestamp: savedAt))
        XCTAssertEqual(validBeforeExpiry, true)
        XCTAssertEqual(validAtExpiry, false)
    }

    // MARK: - Helpers

    private func makeSUT(currentDate: @escaping @Sendable () -> Date = { fixedNow() }) -> (sut: LocalCommentsLoader, store: CacheCommentsStoreSpy) {
        let store = CacheCommentsStoreSpy()
        let sut = LocalCommentsLoader(store: store, now: currentDate)
        return (sut, store)
    }

    private func expect(
        _ sut: LocalCommentsLoader, toRetrieve expected: Result<CachedComments?, CacheError>, file: StaticString = #filePath, line: UInt = #line
    ) async {
        let received: Result<CachedComments?, CacheError>
        do {
            received = .success(try await sut.stored(for: UUID()))
        } catch {
            received = .failure(error)
        }
        XCTAssertEqual(received, expected, file: file, line: line)
    }
}
