import FeedCore
import Foundation
import TestSupport
import XCTest

final class CacheImageCommentsUseCaseTests: XCTestCase {
    func test_init_doesNotMessageStoreUponCreation() {
        let (_, store) = makeSUT()

        XCTAssertEqual(store.receivedMessages, [])
    }

    func test_save_requestsOnlyInsertionWithTimestampForThatImage() async throws {
        let timestamp = CacheFixtures.fractionalTimestamp()
        let comments = CacheFixtures.uniqueComments()
        let imageID = UUID()
        let (sut, store) = makeSUT(currentDate: { timestamp })

        try await sut.save(comments, for: imageID)

        XCTAssertEqual(store.receivedMessages, [.insert(comments, nil, timestamp, imageID: imageID)], "insert overrides: no separate deletion")
    }

    func test_refresh_requestsOnlyARefreshWithTimestampAndValidators_neverTheCommentsAgain() async throws {
        let timestamp = CacheFixtures.fractionalTimestamp()
        let validators = HTTPValidators(etag: "\"v2\"", lastModified: nil)
        let imageID = UUID()
        let (sut, store) = makeSUT(currentDate: { timestamp })

        try await sut.refresh(validators: validators, for: imageID)

        XCTAssertEqual(store.receivedMessages, [.refresh(validators, timestamp, imageID: imageID)])
    }

    func test_save_forTwoImagesReplacesEachImagesCommentsOnly() async throws {
        let timestamp = fixedNow()
        let (first, second) = (UUID(), UUID())
        let (firstComments, secondComments) = (CacheFixtures.uniqueComments(count: 1), CacheFixtures.uniqueComments(count: 3))
        let (sut, store) = makeSUT(currentDate: { timestamp })

        try await sut.save(firstComments, for: first)
        try await sut.save(secondComments, for: second)

        XCTAssertEqual(
            store.receivedMessages,
            [
                .insert(firstComments, nil, timestamp, imageID: first),
                .insert(secondComments, nil, timestamp, imageID: second),
            ])
    }

    func test_save_failsOnInsertionError() async {
        let (sut, store) = makeSUT()
        let insertionError = anyCacheError("insertion 3")
        store.completeInsertion(with: insertionError)

        await expect(sut, toCompleteWithError: insertionError)
    }

    func test_save_succeedsOnSuccessfulInsertion() async {
        let (sut, _) = makeSUT()

        await expect(sut, toCompleteWithError: nil)
    }

    // MARK: - Helpers

    private func makeSUT(currentDate: @escaping @Sendable () -> Date = { fixedNow() }) -> (sut: LocalCommentsLoader, store: CacheCommentsStoreSpy) {
        let store = CacheCommentsStoreSpy()
        let sut = LocalCommentsLoader(store: store, now: currentDate)
        return (sut, store)
    }

    private func expect(_ sut: LocalCommentsLoader, toCompleteWithError expectedError: CacheError?, file: StaticString = #filePath, line: UInt = #line) async {
        do {
            try await sut.save(CacheFixtures.uniqueComments(), for: UUID())
            XCTAssertNil(expectedError, "Expected save to fail with \(String(describing: expectedError))", file: file, line: line)
        } catch {
            XCTAssertEqual(error, expectedError, file: file, line: line)
        }
    }
}
