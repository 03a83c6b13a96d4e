import FeedCore
import Foundation
import TestSupport
import XCTest

/// The extra contract of stores that can fail: entries that cannot be read, written or removed.
protocol FailableFeedStoreSpecs: FeedStoreSpecs {
    func test_retrieve_deliversFailureOnRetrievalError() async throws
    func test_retrieve_hasNoSideEffectsOnFailure() async throws

    func test_insert_deliversErrorOnInsertionError() async throws
    func test_insert_hasNoSideEffectsOnInsertionError() async throws

    func test_delete_deliversErrorOnDeletionError() async throws
    func test_delete_hasNoSideEffectsOnDeletionError() async throws
}

extension FailableFeedStoreSpecs where Self: XCTestCase {
    /// `sut` cannot read what it holds: the error names `failingEntry`.
    func assertThatRetrieveDeliversFailureOnRetrievalError(on sut: FeedStore, failingEntry: String, file: StaticString = #filePath, line: UInt = #line)
        async
    {
        let error = await retrieveError(from: sut, file: file, line: line)

        assertCacheError(error, .read, naming: failingEntry, file: file, line: line)
    }

    /// `sut` cannot read what it holds: it fails the same way twice, and what `contents`
    /// gives (all it holds) is the same before and after.
    func assertThatRetrieveHasNoSideEffectsOnFailure<Contents: Equatable>(
        on sut: FeedStore, failingEntry: String, contents: () throws -> Contents, file: StaticString = #filePath, line: UInt = #line
    ) async {
        let contentsBefore = try? contents()

        let first = await retrieveError(from: sut, file: file, line: line)
        let second = await retrieveError(from: sut, file: file, line: line)

        assertCacheError(first, .read, naming: failingEntry, file: file, line: line)
        XCTAssertEqual(first, second, "Expected the same error twice", file: file, line: line)
        XCTAssertNotNil(contentsBefore, "Expected the contents to be readable", file: file, line: line)
        XCTAssertEqual(try? contents(), contentsBefore, "Expected retrieval to change nothing", file: file, line: line)
    }

    /// `sut` cannot write: the error names `failingEntry`.
    func assertThatInsertDeliversErrorOnInsertionError(on sut: FeedStore, failingEntry: String, file: StaticString = #filePath, line: UInt = #line) async {
        let insertionError = await insert((CacheFixtures.uniqueFeed(), CacheFixtures.fractionalTimestamp()), to: sut)

        assertCacheError(insertionError, .write, naming: failingEntry, file: file, line: line)
    }

    /// `sut` holds `previous` and cannot write: a failed insert leaves it exactly as it was.
    func assertThatInsertHasNoSideEffectsOnInsertionError(on sut: FeedStore, previous: CachedFeed, file: StaticString = #filePath, line: UInt = #line) async {
        let insertionError = await insert((CacheFixtures.uniqueFeed(), CacheFixtures.fractionalTimestamp(plusSeconds: 10)), to: sut)

        XCTAssertNotNil(insertionError, "Expected the insertion to fail", file: file, line: line)
        await expect(sut, toRetrieve: previous, file: file, line: line)
    }

    /// `sut` cannot remove what it holds: the error names `failingEntry` and `operation` (a
    /// store that deletes an entry by writing a database says it cannot write).
    func assertThatDeleteDeliversErrorOnDeletionError(
        on sut: FeedStore, failingEntry: String, operation: CacheError.Operation, file: StaticString = #filePath, line: UInt = #line
    ) async {
        let deletionError = await deleteCache(from: sut)

        assertCacheError(deletionError, operation, naming: failingEntry, file: file, line: line)
    }

    /// `sut` holds `previous` and cannot remove it: a failed delete leaves it exactly as it was.
    func assertThatDeleteHasNoSideEffectsOnDeletionError(on sut: FeedStore, previous: CachedFeed, file: StaticString = #filePath, line: UInt = #line) async {
        let deletionError = await deleteCache(from: sut)

        XCTAssertNotNil(deletionError, "Expected the deletion to fail", file: file, line: line)
        await expect(sut, toRetrieve: previous, file: file, line: line)
    }
}
