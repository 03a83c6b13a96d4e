import FeedCore
import Foundation
import TestSupport
import XCTest

/// The extra contract of comments stores that can fail.
protocol FailableCommentsStoreSpecs: CommentsStoreSpecs {
    func test_retrieve_deliversFailureOnRetrievalError() async throws
    func test_retrieve_hasNoSideEffectsOnFailure() async throws

    func test_insert_deliversErrorOnInsertionError() async throws
    func test_insert_hasNoSideEffectsOnInsertionError() async throws

    func test_delete_deliversErrorOnDeletionError() async throws
    func test_delete_hasNoSideEffectsOnDeletionError() async throws
}

extension FailableCommentsStoreSpecs where Self: XCTestCase {
    /// `sut` cannot read the comments of `imageID`: the error names `failingEntry`.
    func assertThatRetrieveDeliversFailureOnRetrievalError(
        on sut: CommentsStore, imageID: UUID, failingEntry: String, file: StaticString = #filePath, line: UInt = #line
    ) async {
        let error = await retrieveError(for: imageID, from: sut, file: file, line: line)

        assertCacheError(error, .read, naming: failingEntry, file: file, line: line)
    }

    /// `sut` cannot read the comments of `imageID`: it fails the same way twice, and what
    /// `contents` gives (all it holds) is the same before and after.
    func assertThatRetrieveHasNoSideEffectsOnFailure<Contents: Equatable>(
        on sut: CommentsStore, imageID: UUID, failingEntry: String, contents: () throws -> Contents, file: StaticString = #filePath,
        line: UInt = #line
    ) async {
        let contentsBefore = try? contents()

        let first = await retrieveError(for: imageID, from: sut, file: file, line: line)
        let second = await retrieveError(for: imageID, from: sut, file: file, line: line)

        assertCacheError(first, .read, naming: failingEntry, file: file, line: line)
        XCTAssertEqual(first, second, "Expected the same error twice", file: file, line: line)
        XCTAssertNotNil(contentsBefore, "Expected the contents to be readable", file: file, line: line)
        XCTAssertEqual(try? contents(), contentsBefore, "Expected retrieval to change nothing", file: file, line: line)
    }

    /// `sut` cannot write the comments of `imageID`: the error names `failingEntry`.
    func assertThatInsertDeliversErrorOnInsertionError(
        on sut: CommentsStore, imageID: UUID, failingEntry: String, file: StaticString = #filePath, line: UInt = #line
    ) async {
        let cache = CachedComments(comments: CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp())

        let error = await insert(cache, for: imageID, to: sut)

        assertCacheError(error, .write, naming: failingEntry, file: file, line: line)
    }

    /// `sut` holds `previous` for `imageID` and cannot write: a failed insert leaves it as it was.
    func assertThatInsertHasNoSideEffectsOnInsertionError(
        on sut: CommentsStore, imageID: UUID, previous: CachedComments, file: StaticString = #filePath, line: UInt = #line
    ) async {
        let cache = CachedComments(comments: CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp(plusSeconds: 10))

        let error = await insert(cache, for: imageID, to: sut)

        XCTAssertNotNil(error, "Expected the insertion to fail", file: file, line: line)
        await expect(sut, toRetrieve: previous, for: imageID, file: file, line: line)
    }

    /// `sut` cannot remove the comments of `imageID`: the error names `failingEntry` and
    /// `operation` (a store that deletes an entry by writing a database says it cannot write).
    func assertThatDeleteDeliversErrorOnDeletionError(
        on sut: CommentsStore, imageID: UUID, failingEntry: String, operation: CacheError.Operation, file: StaticString = #filePath,
        line: UInt = #line
    ) async {
        let error = await delete(imageID, from: sut)

        assertCacheError(error, operation, naming: failingEntry, file: file, line: line)
    }

    /// `sut` holds `previous` for `imageID` and cannot remove it: a failed delete leaves it as it was.
    func assertThatDeleteHasNoSideEffectsOnDeletionError(
        on sut: CommentsStore, imageID: UUID, previous: CachedComments, file: StaticString = #filePath, line: UInt = #line
    ) async {
        let error = await delete(imageID, from: sut)

        XCTAssertNotNil(error, "Expected the deletion to fail", file: file, line: line)
        await expect(sut, toRetrieve: previous, for: imageID, file: file, line: line)
    }
}
