import FeedCore
import Foundation
import TestSupport
import XCTest

/// The `CommentsStore` contract: the feed store's semantics, per image, with images kept
/// apart. Every comments store's test case conforms and runs each spec.
protocol CommentsStoreSpecs {
    func test_retrieve_deliversEmptyOnEmptyCache() async throws
    func test_retrieve_hasNoSideEffectsOnEmptyCache() async throws
    func test_retrieve_deliversFoundValuesOnNonEmptyCache() async throws
    func test_retrieve_hasNoSideEffectsOnNonEmptyCache() async throws
    func test_retrieve_deliversEmptyForAnImageWithoutSavedComments() async throws
    func test_retrieve_deliversTheValidatorsSavedWithTheComments() async throws

    func test_insert_deliversNoErrorOnEmptyCache() async throws
    func test_insert_deliversNoErrorOnNonEmptyCache() async throws
    func test_insert_overridesPreviouslyInsertedCacheValues() async throws
    func test_insert_doesNotAffectAnotherImage() async throws

    func test_refresh_stampsTheSavedCommentsWithItsTimeAndValidators_andLeavesThemAsTheyAre() async throws
    func test_refresh_ofAnImageWithoutSavedComments_savesNothing() async throws

    func test_delete_deliversNoErrorOnEmptyCache() async throws
    func test_delete_hasNoSideEffectsOnEmptyCache() async throws
    func test_delete_deliversNoErrorOnNonEmptyCache() async throws
    func test_delete_emptiesPreviouslyInsertedCache() async throws
    func test_delete_doesNotAffectAnotherImage() async throws

    func test_storeSideEffects_runSeriallyInTheOrderTheyAreCalled() async throws
    func test_storeSideEffects_fromConcurrentCallersNeverFailAndLeaveOneCompleteValue() async throws
    func test_storeSideEffects_fromConcurrentCallersForDifferentImagesKeepEveryImagesComments() async throws
}

extension CommentsStoreSpecs where Self: XCTestCase {
    func assertThatRetrieveDeliversEmptyOnEmptyCache(on sut: CommentsStore, file: StaticString = #filePath, line: UInt = #line) async {
        await expect(sut, toRetrieve: nil, for: UUID(), file: file, line: line)
    }

    func assertThatRetrieveHasNoSideEffectsOnEmptyCache(on sut: CommentsStore, file: StaticString = #filePath, line: UInt = #line) async {
        let imageID = UUID()

        await expect(sut, toRetrieve: nil, for: imageID, file: file, line: line)
        await expect(sut, toRetrieve: nil, for: imageID, file: file, line: line)
    }

    func assertThatRetrieveDeliversFoundValuesOnNonEmptyCache(on sut: CommentsStore, file: StaticString = #filePath, line: UInt = #line) async {
        let imageID = UUID()
        let cache = CachedComments(comments: CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp())

        await insert(cache, for: imageID, to: sut, file: file, line: line)

        await expect(sut, toRetrieve: cache, for: imageID, file: file, line: line)
    }

    func assertThatRetrieveHasNoSideEffectsOnNonEmptyCache(on sut: CommentsStore, file: StaticString = #filePath, line: UInt = #line) async {
        let imageID = UUID()
        let cache = CachedComments(comments: CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp())

        await insert(cache, for: imageID, to: sut, file: file, line: line)

        await expect(sut, toRetrieve: cache, for: imageID, file: file, line: line)
        await expect(sut, toRetrieve: cache, for: imageID, file: file, line: line)
    }

    func assertThatRetrieveDeliversTheValidatorsSavedWithTheComments(on sut: CommentsStore, file: StaticString = #filePath, line: UInt = #line) async {
        let (both, etagOnly, dateOnly) = (UUID(), UUID(), UUID())
        let timestamp = CacheFixtures.fractionalTimestamp()
        let cached = [
            both: CachedComments(
                comments: CacheFixtures.uniqueComments(), timestamp: timestamp,
                validators: HTTPValidators(etag: "\"a \\ \"", lastModified: "Mon, 20 May 2024 11:24:59 GMT")),
            etagOnly: CachedComments(comments: [], timestamp: timestamp, validators: HTTPValidators(etag: "W/\"weak\"", lastModified: nil)),
            dateOnly: CachedComments(comments: [], timestamp: timestamp, validators: HTTPValidators(etag: nil, lastModified: "Sun, 06 Nov 1994 08:49:37 GMT")),
        ]

        for (imageID, cache) in cached {
            await insert(cache, for: imageID, to: sut, file: file, line: line)
        }

        for (imageID, cache) in cached {
            await expect(sut, toRetrieve: cache, for: imageID, file: file, line: line)
        }
    }

    func assertThatRetrieveDeliversEmptyForAnImageWithoutSavedComments(on sut: CommentsStore, file: StaticString = #filePath, line: UInt = #line) async {
        let cache = CachedComments(comments: CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp())

        await insert(cache, for: UUID(), to: sut, file: file, line: line)

        await expect(sut, toRetrieve: nil, for: UUID(), file: file, line: line)
    }

    func assertThatInsertDeliversNoErrorOnEmptyCache(on sut: CommentsStore, file: StaticString = #filePath, line: UInt = #line) async {
        let cache = CachedComments(comments: CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp())

        let error = await insert(cache, for: UUID(), to: sut)

        XCTAssertNil(error, "Expected to insert into an empty cache successfully", file: file, line: line)
    }

    func assertThatInsertDeliversNoErrorOnNonEmptyCache(on sut: CommentsStore, file: StaticString = #filePath, line: UInt = #line) async {
        let imageID = UUID()
        await insert(
            CachedComments(comments: CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp()), for: imageID, to: sut, file: file,
            line: line)

        let error = await insert(
            CachedComments(comments: CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp(plusSeconds: 1)), for: imageID, to: sut)

        XCTAssertNil(error, "Expected to override the cache successfully", file: file, line: line)
    }

    func assertThatInsertOverridesPreviouslyInsertedCacheValues(on sut: CommentsStore, file: StaticString = #filePath, line: UInt = #line) async {
        let imageID = UUID()
        await insert(
            CachedComments(comments: CacheFixtures.uniqueComments(count: 3), timestamp: CacheFixtures.fractionalTimestamp()), for: imageID, to: sut, file: file,
            line: line)

        let latest = CachedComments(comments: CacheFixtures.uniqueComments(count: 1), timestamp: CacheFixtures.fractionalTimestamp(plusSeconds: 60.5))
        await insert(latest, for: imageID, to: sut, file: file, line: line)

        await expect(sut, toRetrieve: latest, for: imageID, file: file, line: line)
    }

    func assertThatInsertDoesNotAffectAnotherImage(on sut: CommentsStore, file: StaticString = #filePath, line: UInt = #line) async {
        let (first, second) = (UUID(), UUID())
        let firstCache = CachedComments(comments: CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp())
        let secondCache = CachedComments(comments: [], timestamp: CacheFixtures.fractionalTimestamp(plusSeconds: 5))

        await insert(firstCache, for: first, to: sut, file: file, line: line)
        await insert(secondCache, for: second, to: sut, file: file, line: line)

        await expect(sut, toRetrieve: firstCache, for: first, file: file, line: line)
        await expect(sut, toRetrieve: secondCache, for: second, file: file, line: line)
    }

    func assertThatDeleteDeliversNoErrorOnEmptyCache(on sut: CommentsStore, file: StaticString = #filePath, line: UInt = #line) async {
        let error = await delete(UUID(), from: sut)

        XCTAssertNil(error, "Expected deleting an empty cache to succeed", file: file, line: line)
    }

    func assertThatDeleteHasNoSideEffectsOnEmptyCache(on sut: CommentsStore, file: StaticString = #filePath, line: UInt = #line) async {
        let imageID = UUID()

        await delete(imageID, from: sut, file: file, line: line)

        await expect(sut, toRetrieve: nil, for: imageID, file: file, line: line)
    }

    func assertThatDeleteDeliversNoErrorOnNonEmptyCache(on sut: CommentsStore, file: StaticString = #filePath, line: UInt = #line) async {
        let imageID = UUID()
        await insert(
            CachedComments(comments: CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp()), for: imageID, to: sut, file: file,
            line: line)

        let error = await delete(imageID, from: sut)

        XCTAssertNil(error, "Expected deleting a non-empty cache to succeed", file: file, line: line)
    }

    func assertThatDeleteEmptiesPreviouslyInsertedCache(on sut: CommentsStore, file: StaticString = #filePath, line: UInt = #line) async {
        let imageID = UUID()
        await insert(
            CachedComments(comments: CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp()), for: imageID, to: sut, file: file,
            line: line)

        await delete(imageID, from: sut, file: file, line: line)

        await expect(sut, toRetrieve: nil, for: imageID, file: file, line: line)
    }

    func assertThatDeleteDoesNotAffectAnotherImage(on sut: CommentsStore, file: StaticString = #filePath, line: UInt = #line) async {
        let (deleted, kept) = (UUID(), UUID())
        let keptCache = CachedComments(comments: CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp())
        await insert(
            CachedComments(comments: CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp()), for: deleted, to: sut, file: file,
            line: line)
        await insert(keptCache, for: kept, to: sut, file: file, line: line)

        await delete(deleted, from: sut, file: file, line: line)

        await expect(sut, toRetrieve: nil, for: deleted, file: file, line: line)
        await expect(sut, toRetrieve: keptCache, for: kept, file: file, line: line)
    }

    func assertThatSideEffectsRunSeriallyInTheOrderTheyAreCalled(on sut: CommentsStore, file: StaticString = #filePath, line: UInt = #line) async {
        let imageID = UUID()
        let last = CachedComments(comments: CacheFixtures.uniqueComments(count: 4), timestamp: CacheFixtures.fractionalTimestamp(plusSeconds: 2.25))

        await insert(
            CachedComments(comments: CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp()), for: imageID, to: sut, file: file,
            line: line)
        await delete(imageID, from: sut, file: file, line: line)
        await insert(
            CachedComments(comments: CacheFixtures.uniqueComments(count: 1), timestamp: CacheFixtures.fractionalTimestamp(plusSeconds: 1)), for: imageID,
            to: sut, file: file, line: line)
        await delete(imageID, from: sut, file: file, line: line)
        await insert(last, for: imageID, to: sut, file: file, line: line)

        await expect(sut, toRetrieve: last, for: imageID, file: file, line: line)
    }

    func assertThatSideEffectsFromConcurrentCallersNeverFailAndLeaveOneCompleteValue(on sut: CommentsStore, file: StaticString = #filePath, line: UInt = #line)
        async
    {
        let imageID = UUID()
        let values = (0..<12).map { index in
            CachedComments(
                comments: CacheFixtures.uniqueComments(count: 1 + index % 3), timestamp: CacheFixtures.fractionalTimestamp(plusSeconds: Double(index) + 0.5))
        }

        let errors = await withTaskGroup(of: String?.self) { group in
            for (index, value) in values.enumerated() {
                group.addTask { await failure("insert") { try await sut.insert(value.comments, timestamp: value.timestamp, imageID: imageID) } }
                if index % 3 == 0 {
                    group.addTask { await failure("delete") { try await sut.delete(imageID: imageID) } }
                }
                group.addTask { await failure("retrieve") { _ = try await sut.retrieve(imageID: imageID) } }
            }
            return await group.failures()
        }
        XCTAssertEqual(errors, [], "Expected concurrent side effects to succeed", file: file, line: line)

        let insertErrors = await withTaskGroup(of: String?.self) { group in
            for value in values {
                group.addTask { await failure("insert") { try await sut.insert(value.comments, timestamp: value.timestamp, imageID: imageID) } }
            }
            return await group.failures()
        }
        XCTAssertEqual(insertErrors, [], "Expected concurrent inserts to succeed", file: file, line: line)
        do {
            let retrieved = try await sut.retrieve(imageID: imageID)
            XCTAssertNotNil(retrieved, "Expected a value after concurrent inserts", file: file, line: line)
            if let retrieved {
                XCTAssertTrue(values.contains(retrieved), "Expected one of the inserted values, got \(retrieved)", file: file, line: line)
            }
        } catch {
            XCTFail("Expected readable comments after concurrent inserts, got \(error)", file: file, line: line)
        }
    }

    func assertThatSideEffectsFromConcurrentCallersForDifferentImagesKeepEveryImagesComments(
        on sut: CommentsStore, file: StaticString = #filePath, line: UInt = #line
    ) async {
        let caches = (0..<16).map { index in
            (
                imageID: UUID(),
                cache: CachedComments(
                    comments: CacheFixtures.uniqueComments(count: 1 + index % 3), timestamp: CacheFixtures.fractionalTimestamp(plusSeconds: Double(index)))
            )
        }

        let errors = await withTaskGroup(of: String?.self) { group in
            for entry in caches {
                group.addTask {
                    await failure("save") {
                        try await sut.delete(imageID: entry.imageID)
                        try await sut.insert(entry.cache.comments, timestamp: entry.cache.timestamp, imageID: entry.imageID)
                    }
                }
            }
            return await group.failures()
        }

        XCTAssertEqual(errors, [], "Expected concurrent saves to succeed", file: file, line: line)
        for entry in caches {
            await expect(sut, toRetrieve: entry.cache, for: entry.imageID, file: file, line: line)
        }
    }
}
