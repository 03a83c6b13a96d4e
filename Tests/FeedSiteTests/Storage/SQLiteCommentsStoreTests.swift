import Basics
import FeedCore
import Foundation
import TestSupport
import XCTest

@testable import FeedStorage

final class SQLiteCommentsStoreTests: XCTestCase, FailableCommentsStoreSpecs {
    // MARK: - CommentsStoreSpecs

    func test_retrieve_deliversEmptyOnEmptyCache() async throws {
        await assertThatRetrieveDeliversEmptyOnEmptyCache(on: try makeSUT())
    }

    func test_retrieve_hasNoSideEffectsOnEmptyCache() async throws {
        await assertThatRetrieveHasNoSideEffectsOnEmptyCache(on: try makeSUT())
    }

    func test_retrieve_deliversFoundValuesOnNonEmptyCache() async throws {
        await assertThatRetrieveDeliversFoundValuesOnNonEmptyCache(on: try makeSUT())
    }

    func test_retrieve_hasNoSideEffectsOnNonEmptyCache() async throws {
        await assertThatRetrieveHasNoSideEffectsOnNonEmptyCache(on: try makeSUT())
    }

    func test_retrieve_deliversEmptyForAnImageWithoutSavedComments() async throws {
        await assertThatRetrieveDeliversEmptyForAnImageWithoutSavedComments(on: try makeSUT())
    }

    func test_retrieve_deliversTheValidatorsSavedWithTheComments() async throws {
        await assertThatRetrieveDeliversTheValidatorsSavedWithTheComments(on: try makeSUT())
    }

    func test_insert_deliversNoErrorOnEmptyCache() async throws {
        await assertThatInsertDeliversNoErrorOnEmptyCache(on: try makeSUT())
    }

    func test_insert_deliversNoErrorOnNonEmptyCache() async throws {
        await assertThatInsertDeliversNoErrorOnNonEmptyCache(on: try makeSUT())
    }

    func test_refresh_stampsTheSavedCommentsWithItsTimeAndValidators_andLeavesThemAsTheyAre() async throws {
        await assertThatRefreshStampsTheSavedComments(on: try makeSUT())
    }

    func test_refresh_ofAnImageWithoutSavedComments_savesNothing() async throws {
        await assertThatRefreshOfAnImageWithoutSavedCommentsSavesNothing(on: try makeSUT())
    }

    func test_insert_overridesPreviouslyInsertedCacheValues() async throws {
        await assertThatInsertOverridesPreviouslyInsertedCacheValues(on: try makeSUT())
    }

    func test_insert_doesNotAffectAnotherImage() async throws {
        await assertThatInsertDoesNotAffectAnotherImage(on: try makeSUT())
    }

    func test_delete_deliversNoErrorOnEmptyCache() async throws {
        await assertThatDeleteDeliversNoErrorOnEmptyCache(on: try makeSUT())
    }

    func test_delete_hasNoSideEffectsOnEmptyCache() async throws {
        await assertThatDeleteHasNoSideEffectsOnEmptyCache(on: try makeSUT())
    }

    func test_delete_deliversNoErrorOnNonEmptyCache() async throws {
        await assertThatDeleteDeliversNoErrorOnNonEmptyCache(on: try makeSUT())
    }

    func test_delete_emptiesPreviouslyInsertedCache() async throws {
        await assertThatDeleteEmptiesPreviouslyInsertedCache(on: try makeSUT())
    }

    func test_delete_doesNotAffectAnotherImage() async throws {
        await assertThatDeleteDoesNotAffectAnotherImage(on: try makeSUT())
    }

    func test_storeSideEffects_runSeriallyInTheOrderTheyAreCalled() async throws {
        await assertThatSideEffectsRunSeriallyInTheOrderTheyAreCalled(on: try makeSUT())
    }

    func test_storeSideEffects_fromConcurrentCallersNeverFailAndLeaveOneCompleteValue() async throws {
        await assertThatSideEffectsFromConcurrentCallersNeverFailAndLeaveOneCompleteValue(on: try makeSUT())
    }

    func test_storeSideEffects_fromConcurrentCallersForDifferentImagesKeepEveryImagesComments() async throws {
        await assertThatSideEffectsFromConcurrentCallersForDifferentImagesKeepEveryImagesComments(on: try makeSUT())
    }

    // MARK: - FailableCommentsStoreSpecs

    func test_retrieve_deliversFailureOnRetrievalError() async throws {
        let (cache, imageID) = try makeCacheHoldingCommentsThatAreNotAList()

        await assertThatRetrieveDeliversFailureOnRetrievalError(on: SQLiteCommentsStore(cache), imageID: imageID, failingEntry: entryName(of: cache))
    }

    func test_retrieve_hasNoSideEffectsOnFailure() async throws {
        let (cache, imageID) = try makeCacheHoldingCommentsThatAreNotAList()

        await assertThatRetrieveHasNoSideEffectsOnFailure(
            on: SQLiteCommentsStore(cache), imageID: imageID, failingEntry: entryName(of: cache), contents: cache.dump)
    }

    func test_insert_deliversErrorOnInsertionError() async throws {
        let cache = try makeCache(for: self).cache
        try cache.refuse("INSERT", on: "comments")

        await assertThatInsertDeliversErrorOnInsertionError(on: SQLiteCommentsStore(cache), imageID: UUID(), failingEntry: entryName(of: cache))
    }

    func test_insert_hasNoSideEffectsOnInsertionError() async throws {
        let (sut, cache, imageID, previous) = try makeSUTHoldingComments()
        try cache.refuse("INSERT", on: "comments")

        await assertThatInsertHasNoSideEffectsOnInsertionError(on: sut, imageID: imageID, previous: previous)
    }

    func test_delete_deliversErrorOnDeletionError() async throws {
        let (sut, cache, imageID, _) = try makeSUTHoldingComments()
        try cache.refuse("DELETE", on: "comments")

        await assertThatDeleteDeliversErrorOnDeletionError(on: sut, imageID: imageID, failingEntry: entryName(of: cache), operation: .write)
    }

    func test_delete_hasNoSideEffectsOnDeletionError() async throws {
        let (sut, cache, imageID, previous) = try makeSUTHoldingComments()
        try cache.refuse("DELETE", on: "comments")

        await assertThatDeleteHasNoSideEffectsOnDeletionError(on: sut, imageID: imageID, previous: previous)
    }

    // MARK: - The database

    func test_retrieve_deliversFailureSayingWhoseCommentsAreNotAList() async throws {
        let (cache, imageID) = try makeCacheHoldingCommentsThatAreNotAList()

        let error = await retrieveError(for: imageID, from: SQLiteCommentsStore(cache))

        XCTAssertEqual(
            error,
            .cannot(.read, "cache database \(cache.path)", reason: "the comments of image \(imageID.uuidString) are not a list of comments"))
    }

    /// A list no API answer could hold was not saved by feedsite, and is not read: decoded,
    /// a planted 50 MB list took a gigabyte.
    func test_retrieve_deliversFailureWithoutReadingCommentsLongerThanAnAPIAnswerMayBe() async throws {
        let cache = try makeCache(for: self).cache
        let imageID = UUID()
        try SQLiteCommentsStore(cache).insert(CacheFixtures.uniqueComments(), validators: nil, timestamp: fixedNow(), imageID: imageID)
        try cache.execute("UPDATE comments SET comments = '[' || printf('%.*c', \(HTTPGet.apiAnswerLimit), ' ') || ']'")

        let error = await retrieveError(for: imageID, from: SQLiteCommentsStore(cache))

        let size = ByteCountText.describe(HTTPGet.apiAnswerLimit + 2)
        XCTAssertEqual(
            error,
            .cannot(
                .read, "cache database \(cache.path)",
                reason: "the comments of image \(imageID.uuidString) are \(size), more than an API answer may be (16 MiB)"))
    }

    func test_retrieve_deliversAnotherImagesCommentsWhenOneImagesDoNotRead() async throws {
        let (cache, unreadable) = try makeCacheHoldingCommentsThatAreNotAList()
        let sut = SQLiteCommentsStore(cache)
        let healthy = UUID()
        let saved = CachedComments(comments: CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp())
        try sut.insert(saved.comments, validators: nil, timestamp: saved.timestamp, imageID: healthy)

        let error = await retrieveError(for: unreadable, from: sut)

        assertCacheError(error, .read, naming: entryName(of: cache))
        await expect(sut, toRetrieve: saved, for: healthy)
    }

    func test_retrieve_deliversAnEmptyListAsSaved() async throws {
        let sut = try makeSUT()
        let imageID = UUID()
        let saved = CachedComments(comments: [], timestamp: CacheFixtures.fractionalTimestamp())

        try sut.insert([], validators: nil, timestamp: saved.timestamp, imageID: imageID)

        await expect(sut, toRetrieve: saved, for: imageID)
    }

    func test_retrieve_deliversTheCommentsAndValidatorsInsertedBeforeTheDatabaseWasClosedAndOpenedAgain() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let imageID = UUID()
        let saved = CachedComments(
            comments: CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp(),
            validators: HTTPValidators(etag: "\"v1\"", lastModified: "Mon, 20 May 2024 11:24:59 GMT"))
        do {
            try SQLiteCommentsStore(try openCache(in: folder)).insert(
                saved.comments, validators: saved.validators, timestamp: saved.timestamp, imageID: imageID)
        }

        await expect(SQLiteCommentsStore(try openCache(in: folder)), toRetrieve: saved, for: imageID)
    }

    func test_insert_withoutValidatorsForgetsTheValidatorsSavedBefore() async throws {
        let sut = try makeSUT()
        let imageID = UUID()
        let comments = CacheFixtures.uniqueComments()
        try sut.insert(comments, validators: HTTPValidators(etag: "\"v1\"", lastModified: nil), timestamp: fixedNow(), imageID: imageID)

        try sut.insert(comments, validators: nil, timestamp: fixedNow().adding(seconds: 1), imageID: imageID)

        await expect(sut, toRetrieve: CachedComments(comments: comments, timestamp: fixedNow().adding(seconds: 1), validators: nil), for: imageID)
    }

    func test_insert_refusesCommentsThatCannotBeEncodedAndKeepsThePreviousOnes() async throws {
        let (sut, cache, imageID, previous) = try makeSUTHoldingComments()
        let contentsBefore = try cache.dump()
        let unencodable = uniqueComment(createdAt: Date(timeIntervalSinceReferenceDate: .nan))

        let error = await insert(CachedComments(comments: [unencodable], timestamp: CacheFixtures.fractionalTimestamp()), for: imageID, to: sut)

        assertCacheError(error, .write, naming: "the comments of image \(imageID.uuidString)")
        XCTAssertEqual(try cache.dump(), contentsBefore)
        await expect(sut, toRetrieve: previous, for: imageID)
    }

    func test_insert_keepsTheListAsTheCodecsJSONArrayWithItsValidatorsAndSaveTimeInTheirColumns() throws {
        let (_, cache, imageID, previous) = try makeSUTHoldingComments()

        let rows = try cache.rows("SELECT image_id, saved_at, etag, last_modified, comments FROM comments")

        XCTAssertEqual(
            rows,
            [
                [
                    .text(imageID.uuidString), .real(previous.timestamp.timeIntervalSinceReferenceDate), .text("\"e\""), .null,
                    .text(try CacheCodec.comments.array(previous.comments)),
                ]
            ])
    }

    // MARK: - Pruning

    func test_prune_removesExactlyTheCommentsSavedSevenDaysAgoOrMoreAndCountsThem() async throws {
        let sut = try makeSUT()
        let now = fixedNow()
        let savedAt = [
            "older": now.minusCacheMaxAge().adding(seconds: -1), "exactly seven days": now.minusCacheMaxAge(),
            "seven days minus one second": now.minusCacheMaxAge().adding(seconds: 1), "today": now,
        ]
        let ids = savedAt.mapValues { _ in UUID() }
        for (name, date) in savedAt {
            try sut.insert(CacheFixtures.uniqueComments(), validators: nil, timestamp: date, imageID: ids[name]!)
        }

        let removed = try sut.prune(now: now)

        XCTAssertEqual(removed, 2)
        for (name, id) in ids {
            let kept = try sut.retrieve(imageID: id) != nil
            XCTAssertEqual(kept, ["seven days minus one second", "today"].contains(name), name)
        }
    }

    func test_prune_removesNothingAndCountsNoneWhenEveryListIsYoung() async throws {
        let sut = try makeSUT()
        let imageID = UUID()
        try sut.insert(CacheFixtures.uniqueComments(), validators: nil, timestamp: fixedNow().minusCacheMaxAge().adding(seconds: 1), imageID: imageID)

        XCTAssertEqual(try sut.prune(now: fixedNow()), 0)
        XCTAssertNotNil(try sut.retrieve(imageID: imageID))
    }

    // MARK: - Helpers

    private func makeSUT() throws -> SQLiteCommentsStore {
        SQLiteCommentsStore(try makeCache(for: self).cache)
    }

    private func makeSUTHoldingComments() throws -> (sut: SQLiteCommentsStore, cache: CacheDatabase, imageID: UUID, previous: CachedComments) {
        let cache = try makeCache(for: self).cache
        let sut = SQLiteCommentsStore(cache)
        let imageID = UUID()
        let previous = CachedComments(
            comments: CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp(),
            validators: HTTPValidators(etag: "\"e\"", lastModified: nil))
        try sut.insert(previous.comments, validators: previous.validators, timestamp: previous.timestamp, imageID: imageID)
        return (sut, cache, imageID, previous)
    }

    /// An image's comments, edited by hand into JSON that is no list of comments.
    private func makeCacheHoldingCommentsThatAreNotAList() throws -> (cache: CacheDatabase, imageID: UUID) {
        let cache = try makeCache(for: self).cache
        let imageID = UUID()
        try SQLiteCommentsStore(cache).insert(CacheFixtures.uniqueComments(), validators: nil, timestamp: fixedNow(), imageID: imageID)
        try cache.execute(#"UPDATE comments SET comments = '[{"id":"not a comment"}]'"#)
        return (cache, imageID)
    }
}
