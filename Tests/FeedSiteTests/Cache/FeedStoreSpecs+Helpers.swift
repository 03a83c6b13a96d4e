import FeedCore
import Foundation
import TestSupport
import XCTest

/// The steps the `FeedStoreSpecs` assertions are made of: each store call, as an error to
/// check or as a step that fails the test.
extension FeedStoreSpecs where Self: XCTestCase {
    @discardableResult
    func insert(_ cache: FeedCacheValue, to sut: FeedStore) async -> CacheError? {
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
    func deleteCache(from sut: FeedStore) async -> CacheError? {
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

    func retrieveError(from sut: FeedStore, file: StaticString = #filePath, line: UInt = #line) async -> CacheError? {
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
