import FeedCore
import Foundation
import TestSupport
import XCTest

/// A 304's refresh: the saved comments stamped anew, not written again.
extension CommentsStoreSpecs where Self: XCTestCase {
    func assertThatRefreshStampsTheSavedComments(on sut: CommentsStore, file: StaticString = #filePath, line: UInt = #line) async {
        let imageID = UUID()
        let other = UUID()
        let comments = CacheFixtures.uniqueComments(count: 3)
        let first = CachedComments(
            comments: comments, timestamp: CacheFixtures.fractionalTimestamp(), validators: HTTPValidators(etag: "\"v1\"", lastModified: nil))
        await insert(first, for: imageID, to: sut, file: file, line: line)
        await insert(first, for: other, to: sut, file: file, line: line)
        let validators = HTTPValidators(etag: "\"v2\"", lastModified: "Mon, 20 May 2024 11:00:00 GMT")
        let later = CacheFixtures.fractionalTimestamp(plusSeconds: 60.5)

        do {
            try await sut.refresh(validators: validators, timestamp: later, imageID: imageID)
        } catch {
            XCTFail("Expected to refresh the saved comments, got \(error)", file: file, line: line)
        }

        await expect(sut, toRetrieve: CachedComments(comments: comments, timestamp: later, validators: validators), for: imageID, file: file, line: line)
        await expect(sut, toRetrieve: first, for: other, file: file, line: line)
    }

    func assertThatRefreshOfAnImageWithoutSavedCommentsSavesNothing(on sut: CommentsStore, file: StaticString = #filePath, line: UInt = #line) async {
        let imageID = UUID()

        do {
            try await sut.refresh(validators: nil, timestamp: CacheFixtures.fractionalTimestamp(), imageID: imageID)
        } catch {
            XCTFail("Expected no error, got \(error)", file: file, line: line)
        }

        await expect(sut, toRetrieve: nil, for: imageID, file: file, line: line)
    }
}
