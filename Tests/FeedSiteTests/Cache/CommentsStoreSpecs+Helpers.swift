import FeedCore
import Foundation
import TestSupport
import XCTest

/// The steps the `CommentsStoreSpecs` assertions are made of: each store call, as an error to
/// check or as a step that fails the test.
extension CommentsStoreSpecs where Self: XCTestCase {
    @discardableResult
    func insert(_ cache: CachedComments, for imageID: UUID, to sut: CommentsStore) async -> CacheError? {
        do {
            try await sut.insert(cache.comments, validators: cache.validators, timestamp: cache.timestamp, imageID: imageID)
            return nil
        } catch {
            return error
        }
    }

    func insert(_ cache: CachedComments, for imageID: UUID, to sut: CommentsStore, file: StaticString, line: UInt) async {
        if let error = await insert(cache, for: imageID, to: sut) {
            XCTFail("Expected to insert the comments successfully, got \(error)", file: file, line: line)
        }
    }

    @discardableResult
    func delete(_ imageID: UUID, from sut: CommentsStore) async -> CacheError? {
        do {
            try await sut.delete(imageID: imageID)
            return nil
        } catch {
            return error
        }
    }

    func delete(_ imageID: UUID, from sut: CommentsStore, file: StaticString, line: UInt) async {
        if let error = await delete(imageID, from: sut) {
            XCTFail("Expected to delete the comments successfully, got \(error)", file: file, line: line)
        }
    }

    func retrieveError(for imageID: UUID, from sut: CommentsStore, file: StaticString = #filePath, line: UInt = #line) async -> CacheError? {
        do {
            let retrieved = try await sut.retrieve(imageID: imageID)
            XCTFail("Expected retrieval to fail, got \(String(describing: retrieved))", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    func expect(_ sut: CommentsStore, toRetrieve expected: CachedComments?, for imageID: UUID, file: StaticString = #filePath, line: UInt = #line) async {
        do {
            let retrieved = try await sut.retrieve(imageID: imageID)
            XCTAssertEqual(retrieved, expected, file: file, line: line)
            if let retrieved, let expected {
                XCTAssertEqual(
                    retrieved.timestamp.timeIntervalSince1970, expected.timestamp.timeIntervalSince1970,
                    "timestamp must round-trip exactly, fractional seconds included", file: file, line: line)
                XCTAssertEqual(retrieved.comments.map(\.createdAt), expected.comments.map(\.createdAt), "comment dates", file: file, line: line)
            }
        } catch {
            XCTFail("Expected to retrieve \(String(describing: expected)), got \(error) instead", file: file, line: line)
        }
    }
}
