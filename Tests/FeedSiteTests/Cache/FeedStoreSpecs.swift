import FeedCore
import Foundation
import TestSupport
import XCTest

/// The `FeedStore` contract (the cache store's semantics), written once. Every store's
/// test case conforms and runs each spec through the assertions below.
protocol FeedStoreSpecs {
    func test_retrieve_deliversEmptyOnEmptyCache() async throws
    func test_retrieve_hasNoSideEffectsOnEmptyCache() async throws
    func test_retrieve_deliversFoundValuesOnNonEmptyCache() async throws
    func test_retrieve_hasNoSideEffectsOnNonEmptyCache() async throws
    func test_retrieve_deliversASavedEmptyFeedRatherThanAnEmptyCache() async throws

    func test_insert_deliversNoErrorOnEmptyCache() async throws
    func test_insert_deliversNoErrorOnNonEmptyCache() async throws
    func test_insert_overridesPreviouslyInsertedCacheValues() async throws

    func test_delete_deliversNoErrorOnEmptyCache() async throws
    func test_delete_hasNoSideEffectsOnEmptyCache() async throws
    func test_delete_deliversNoErrorOnNonEmptyCache() async throws
    func test_delete_emptiesPreviouslyInsertedCache() async throws

    func test_storeSideEffects_runSeriallyInTheOrderTheyAreCalled() async throws
    func test_storeSideEffects_fromConcurrentCallersNeverFailAndLeaveOneCompleteValue() async throws
}

/// The extra contract of stores that can fail: entries that cannot be read, written or removed.
protocol FailableFeedStoreSpecs: FeedStoreSpecs {
    func test_retrieve_deliversFailureOnRetrievalError() async throws
    func test_retrieve_hasNoSideEffectsOnFailure() async throws

    func test_insert_deliversErrorOnInsertionError() async throws
    func test_insert_hasNoSideEffectsOnInsertionError() async throws

    func test_delete_deliversErrorOnDeletionError() async throws
    func test_delete_hasNoSideEffectsOnDeletionError() async throws
}

typealias FeedCacheValue = (feed: [FeedItem], timestamp: Date)

extension FeedStoreSpecs where Self: XCTestCase {
    func assertThatRetrieveDeliversEmptyOnEmptyCache(on sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) async {
        await expect(sut, toRetrieve: nil, file: file, line: line)
    }

    func assertThatRetrieveHasNoSideEffectsOnEmptyCache(on sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) async {
        await expect(sut, toRetrieveTwice: nil, file: file, line: line)
    }

    func assertThatRetrieveDeliversFoundValuesOnNonEmptyCache(on sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) async {
        let feed = CacheFixtures.uniqueFeed()
        let timestamp = CacheFixtures.fractionalTimestamp()

        await insert((feed, timestamp), to: sut, file: file, line: line)

        await expect(sut, toRetrieve: CachedFeed(feed: feed, timestamp: timestamp), file: file, line: line)
    }

    func assertThatRetrieveHasNoSideEffectsOnNonEmptyCache(on sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) async {
        let feed = CacheFixtures.uniqueFeed()
        let timestamp = CacheFixtures.fractionalTimestamp()

        await insert((feed, timestamp), to: sut, file: file, line: line)

        await expect(sut, toRetrieveTwice: CachedFeed(feed: feed, timestamp: timestamp), file: file, line: line)
    }

    func assertThatRetrieveDeliversASavedEmptyFeedRatherThanAnEmptyCache(on sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) async {
        let timestamp = CacheFixtures.fractionalTimestamp()

        await insert(([], timestamp), to: sut, file: file, line: line)

        await expect(sut, toRetrieve: CachedFeed(feed: [], timestamp: timestamp), file: file, line: line)
    }

    func assertThatInsertDeliversNoErrorOnEmptyCache(on sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) async {
        let insertionError = await insert((CacheFixtures.uniqueFeed(), CacheFixtures.fractionalTimestamp()), to: sut)

        XCTAssertNil(insertionError, "Expected to insert into an empty cache successfully", file: file, line: line)
    }

    func assertThatInsertDeliversNoErrorOnNonEmptyCache(on sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) async {
        await insert((CacheFixtures.uniqueFeed(), CacheFixtures.fractionalTimestamp()), to: sut, file: file, line: line)

        let insertionError = await insert((CacheFixtures.uniqueFeed(), CacheFixtures.fractionalTimestamp(plusSeconds: 1)), to: sut)

        XCTAssertNil(insertionError, "Expected to override the cache successfully", file: file, line: line)
    }

    func assertThatInsertOverridesPreviouslyInsertedCacheValues(on sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) async {
        await insert((CacheFixtures.uniqueFeed(), CacheFixtures.fractionalTimestamp()), to: sut, file: file, line: line)

        let latestFeed = uniqueFeedItems(count: 1)
        let latestTimestamp = CacheFixtures.fractionalTimestamp(plusSeconds: 60.5)
        await insert((latestFeed, latestTimestamp), to: sut, file: file, line: line)

        await expect(sut, toRetrieve: CachedFeed(feed: latestFeed, timestamp: latestTimestamp), file: file, line: line)
    }

    func assertThatDeleteDeliversNoErrorOnEmptyCache(on sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) async {
        let deletionError = await deleteCache(from: sut)

        XCTAssertNil(deletionError, "Expected deleting an empty cache to succeed", file: file, line: line)
    }

    func assertThatDeleteHasNoSideEffectsOnEmptyCache(on sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) async {
        await deleteCache(from: sut, file: file, line: line)

        await expect(sut, toRetrieve: nil, file: file, line: line)
    }

    func assertThatDeleteDeliversNoErrorOnNonEmptyCache(on sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) async {
        await insert((CacheFixtures.uniqueFeed(), CacheFixtures.fractionalTimestamp()), to: sut, file: file, line: line)

        let deletionError = await deleteCache(from: sut)

        XCTAssertNil(deletionError, "Expected deleting a non-empty cache to succeed", file: file, line: line)
    }

    func assertThatDeleteEmptiesPreviouslyInsertedCache(on sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) async {
        await insert((CacheFixtures.uniqueFeed(), CacheFixtures.fractionalTimestamp()), to: sut, file: file, line: line)

        await deleteCache(from: sut, file: file, line: line)

        await expect(sut, toRetrieve: nil, file: file, line: line)
    }

    func assertThatSideEffectsRunSeriallyInTheOrderTheyAreCalled(on sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) async {
        let first = (CacheFixtures.uniqueFeed(), CacheFixtures.fractionalTimestamp())
        let last = (uniqueFeedItems(count: 4), CacheFixtures.fractionalTimestamp(plusSeconds: 2.25))

        await insert(first, to: sut, file: file, line: line)
        await deleteCache(from: sut, file: file, line: line)
        await insert((uniqueFeedItems(count: 1), CacheFixtures.fractionalTimestamp(plusSeconds: 1)), to: sut, file: file, line: line)
        await deleteCache(from: sut, file: file, line: line)
        await insert(last, to: sut, file: file, line: line)

        await expect(sut, toRetrieve: CachedFeed(feed: last.0, timestamp: last.1), file: file, line: line)
    }

    /// Many callers at once: none fails, and the store ends empty or holding exactly one of
    /// the inserted values, never a mix or a torn write. A last round of inserts only must
    /// leave one of them.
    func assertThatSideEffectsFromConcurrentCallersNeverFailAndLeaveOneCompleteValue(on sut: FeedStore, file: StaticString = #filePath, line: UInt = #line)
        async
    {
        let values = (0..<12).map { index in
            CachedFeed(feed: uniqueFeedItems(count: 1 + index % 4), timestamp: CacheFixtures.fractionalTimestamp(plusSeconds: Double(index) + 0.5))
        }

        let mixedErrors = await withTaskGroup(of: String?.self) { group in
            for (index, value) in values.enumerated() {
                group.addTask { await failure("insert") { try await sut.insert(value.feed, timestamp: value.timestamp) } }
                if index % 3 == 0 {
                    group.addTask { await failure("delete") { try await sut.deleteCachedFeed() } }
                }
                group.addTask { await failure("retrieve") { _ = try await sut.retrieve() } }
            }
            return await group.failures()
        }
        XCTAssertEqual(mixedErrors, [], "Expected concurrent side effects to succeed", file: file, line: line)
        do {
            let retrieved = try await sut.retrieve()
            if let retrieved {
                XCTAssertTrue(values.contains(retrieved), "Expected one of the inserted values, got \(retrieved)", file: file, line: line)
            }
        } catch {
            XCTFail("Expected a readable cache after concurrent side effects, got \(error)", file: file, line: line)
        }

        let insertErrors = await withTaskGroup(of: String?.self) { group in
            for value in values {
                group.addTask { await failure("insert") { try await sut.insert(value.feed, timestamp: value.timestamp) } }
            }
            return await group.failures()
        }
        XCTAssertEqual(insertErrors, [], "Expected concurrent inserts to succeed", file: file, line: line)
        do {
            let retrieved = try await sut.retrieve()
            XCTAssertNotNil(retrieved, "Expected a value after concurrent inserts", file: file, line: line)
            if let retrieved {
                XCTAssertTrue(values.contains(retrieved), "Expected one of the inserted values, got \(retrieved)", file: file, line: line)
            }
        } catch {
            XCTFail("Expected a readable cache after concurrent inserts, got \(error)", file: file, line: line)
        }
    }

    // MARK: - Helpers

    @discardableResult
    func insert(_ cache: FeedCacheValue, to sut: FeedStore) async -> Error? {
        do {
            try await sut.insert(cache.feed, timestamp: cache.timestamp)
            return nil
        } catch {
            return error
        }
    }

    /// Inserts and fails the test on an error.
    func insert(_ cache: FeedCacheValue, to sut: FeedStore, file: StaticString, line: UInt) async {
        if let error = await insert(cache, to: sut) {
            XCTFail("Expected to insert the cache successfully, got \(error)", file: file, line: line)
        }
    }

    @discardableResult
    func deleteCache(from sut: FeedStore) async -> Error? {
        do {
            try await sut.deleteCachedFeed()
            return nil
        } catch {
            return error
        }
    }

    /// Deletes and fails the test on an error.
    func deleteCache(from sut: FeedStore, file: StaticString, line: UInt) async {
        if let error = await deleteCache(from: sut) {
            XCTFail("Expected to delete the cache successfully, got \(error)", file: file, line: line)
        }
    }

    func retrieveError(from sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) async -> Error? {
        do {
            let retrieved = try await sut.retrieve()
            XCTFail("Expected retrieval to fail, got \(String(describing: retrieved))", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func expect(_ sut: FeedStore, toRetrieveTwice expected: CachedFeed?, file: StaticString = #filePath, line: UInt = #line) async {
        await expect(sut, toRetrieve: expected, file: file, line: line)
        await expect(sut, toRetrieve: expected, file: file, line: line)
    }

    func expect(_ sut: FeedStore, toRetrieve expected: CachedFeed?, file: StaticString = #filePath, line: UInt = #line) async {
        do {
            let retrieved = try await sut.retrieve()
            XCTAssertEqual(retrieved, expected, file: file, line: line)
            if let retrieved, let expected {
                // Date equality is exact; say so plainly when only the timestamp differs.
                XCTAssertEqual(
                    retrieved.timestamp.timeIntervalSince1970, expected.timestamp.timeIntervalSince1970,
                    "timestamp must round-trip exactly, fractional seconds included", file: file, line: line)
            }
        } catch {
            XCTFail("Expected to retrieve \(String(describing: expected)), got \(error) instead", file: file, line: line)
        }
    }
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
        XCTAssertEqual(first as? CacheError, second as? CacheError, "Expected the same error twice", file: file, line: line)
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
