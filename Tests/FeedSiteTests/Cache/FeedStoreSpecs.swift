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
}
