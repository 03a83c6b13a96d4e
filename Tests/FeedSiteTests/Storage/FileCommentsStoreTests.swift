import FeedCore
import FeedStorage
import Foundation
import TestSupport
import XCTest

final class FileCommentsStoreTests: XCTestCase, FailableCommentsStoreSpecs {
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
        let folder = try makeTemporaryFolder(for: self)

        await assertThatSideEffectsFromConcurrentCallersNeverFailAndLeaveOneCompleteValue(on: FileCommentsStore(folder: folder))

        XCTAssertEqual(CacheFixtures.temporaryFiles(under: folder), [])
    }

    func test_storeSideEffects_fromConcurrentCallersForDifferentImagesKeepEveryImagesComments() async throws {
        let folder = try makeTemporaryFolder(for: self)

        await assertThatSideEffectsFromConcurrentCallersForDifferentImagesKeepEveryImagesComments(on: FileCommentsStore(folder: folder))

        XCTAssertEqual(CacheFixtures.temporaryFiles(under: folder), [])
    }

    // MARK: - FailableCommentsStoreSpecs

    func test_retrieve_deliversFailureOnRetrievalError() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let imageID = UUID()
        let file = try writeGarbage(for: imageID, in: folder)

        await assertThatRetrieveDeliversFailureOnRetrievalError(on: FileCommentsStore(folder: folder), imageID: imageID, failingFile: file)
    }

    func test_retrieve_hasNoSideEffectsOnFailure() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let imageID = UUID()
        let file = try writeGarbage(for: imageID, in: folder)

        await assertThatRetrieveHasNoSideEffectsOnFailure(on: FileCommentsStore(folder: folder), imageID: imageID, failingFile: file)
    }

    func test_insert_deliversErrorOnInsertionError() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let imageID = UUID()
        let file = commentsFile(for: imageID, in: folder)
        try CacheFixtures.makeBlockingFile(at: file.deletingLastPathComponent())

        await assertThatInsertDeliversErrorOnInsertionError(on: FileCommentsStore(folder: folder), imageID: imageID, failingFile: file)
    }

    func test_insert_hasNoSideEffectsOnInsertionError() async throws {
        try CacheFixtures.skipIfRunningAsRoot()
        let folder = try makeTemporaryFolder(for: self)
        let imageID = UUID()
        let sut = FileCommentsStore(folder: folder)
        let previous = CachedComments(comments: CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp())
        try await sut.insert(previous.comments, timestamp: previous.timestamp, imageID: imageID)
        try CacheFixtures.makeReadOnly(commentsFile(for: imageID, in: folder).deletingLastPathComponent(), for: self)

        await assertThatInsertHasNoSideEffectsOnInsertionError(on: sut, imageID: imageID, previous: previous)
        XCTAssertEqual(CacheFixtures.temporaryFiles(under: folder), [])
    }

    func test_delete_deliversErrorOnDeletionError() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let imageID = UUID()
        let file = commentsFile(for: imageID, in: folder)
        try CacheFixtures.makeFolder(at: file)

        await assertThatDeleteDeliversErrorOnDeletionError(on: FileCommentsStore(folder: folder), imageID: imageID, failingFile: file)
    }

    func test_delete_hasNoSideEffectsOnDeletionError() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let imageID = UUID()
        let file = commentsFile(for: imageID, in: folder)
        try CacheFixtures.makeFolder(at: file)

        await assertThatDeleteHasNoSideEffectsOnDeletionError(on: FileCommentsStore(folder: folder), imageID: imageID, failingFile: file)
    }

    // MARK: - Files

    func test_insert_storesEachImagesCommentsInItsOwnFileShardedByTheFirstTwoHexDigits() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileCommentsStore(folder: folder)
        let first = UUID(uuidString: "AB0C5E3A-1111-4222-8333-444455556666")!
        let second = UUID(uuidString: "0f1e2d3c-4b5a-4968-8776-655443322110")!

        try await sut.insert(CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp(), imageID: first)
        try await sut.insert([], timestamp: CacheFixtures.fractionalTimestamp(), imageID: second)

        XCTAssertEqual(
            CacheFixtures.files(under: folder),
            ["0f/0F1E2D3C-4B5A-4968-8776-655443322110.json", "ab/AB0C5E3A-1111-4222-8333-444455556666.json"])
    }

    func test_retrieve_deliversCommentsInsertedByAnotherInstance() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let imageID = UUID()
        let cache = CachedComments(comments: CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp())

        try await FileCommentsStore(folder: folder).insert(cache.comments, timestamp: cache.timestamp, imageID: imageID)

        await expect(FileCommentsStore(folder: folder), toRetrieve: cache, for: imageID)
    }

    func test_retrieve_deliversEmptyCommentsListAsSaved() async throws {
        let sut = try makeSUT()
        let imageID = UUID()
        let cache = CachedComments(comments: [], timestamp: CacheFixtures.fractionalTimestamp())

        try await sut.insert([], timestamp: cache.timestamp, imageID: imageID)

        await expect(sut, toRetrieve: cache, for: imageID)
    }

    func test_retrieve_corruptFileOfOneImageDoesNotAffectAnother() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileCommentsStore(folder: folder)
        let (corrupt, healthy) = (UUID(), UUID())
        let cache = CachedComments(comments: CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp())
        try await sut.insert(cache.comments, timestamp: cache.timestamp, imageID: healthy)
        let corruptFile = try writeGarbage(for: corrupt, in: folder)

        let error = await retrieveError(for: corrupt, from: sut)

        assertCacheFileError(error, .read, at: corruptFile)
        await expect(sut, toRetrieve: cache, for: healthy)
    }

    func test_delete_removesOnlyThatImagesFile() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileCommentsStore(folder: folder)
        let (deleted, kept) = (UUID(), UUID())
        try await sut.insert(CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp(), imageID: deleted)
        try await sut.insert(CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp(), imageID: kept)

        try await sut.delete(imageID: deleted)

        XCTAssertFalse(FileManager.default.fileExists(atPath: commentsFile(for: deleted, in: folder).path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: commentsFile(for: kept, in: folder).path))
    }

    func test_insert_leavesNoTemporaryFilesBehind() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileCommentsStore(folder: folder)
        let imageID = UUID()

        try await sut.insert(CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp(), imageID: imageID)
        try await sut.insert(CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp(plusSeconds: 1), imageID: imageID)

        XCTAssertEqual(CacheFixtures.files(under: folder), [relativePath(of: commentsFile(for: imageID, in: folder), in: folder)])
    }

    func test_insert_deliversErrorOnReadOnlyFolder() async throws {
        try CacheFixtures.skipIfRunningAsRoot()
        let folder = try makeTemporaryFolder(for: self)
        let imageID = UUID()
        try CacheFixtures.makeReadOnly(folder, for: self)

        await assertThatInsertDeliversErrorOnInsertionError(
            on: FileCommentsStore(folder: folder), imageID: imageID, failingFile: commentsFile(for: imageID, in: folder))
        XCTAssertEqual(CacheFixtures.files(under: folder), [])
    }

    func test_insert_keepsThePreviousFileUnchangedWhenTheNewCommentsCannotBeEncoded() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileCommentsStore(folder: folder)
        let imageID = UUID()
        let file = commentsFile(for: imageID, in: folder)
        let previous = CachedComments(comments: CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp())
        try await sut.insert(previous.comments, timestamp: previous.timestamp, imageID: imageID)
        let bytesBefore = try Data(contentsOf: file)
        let unencodable = uniqueComment(createdAt: Date(timeIntervalSinceReferenceDate: .nan))

        let error = await insert(CachedComments(comments: [unencodable], timestamp: CacheFixtures.fractionalTimestamp()), for: imageID, to: sut)

        assertCacheFileError(error, .write, at: file)
        XCTAssertEqual(try Data(contentsOf: file), bytesBefore)
        XCTAssertEqual(CacheFixtures.temporaryFiles(under: folder), [])
        await expect(sut, toRetrieve: previous, for: imageID)
    }

    // MARK: - Helpers

    private func makeSUT() throws -> CommentsStore {
        FileCommentsStore(folder: try makeTemporaryFolder(for: self))
    }

    /// `<folder>/<first two hex digits, lower-case>/<ID, upper-case>.json`, as documented.
    private func commentsFile(for imageID: UUID, in folder: URL) -> URL {
        let name = imageID.uuidString.uppercased()
        return folder.appendingPathComponent(String(name.prefix(2)).lowercased()).appendingPathComponent("\(name).json")
    }

    private func writeGarbage(for imageID: UUID, in folder: URL) throws -> URL {
        let file = commentsFile(for: imageID, in: folder)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try CacheFixtures.garbage.write(to: file)
        return file
    }

    func test_insert_ofIdenticalCommentsAndTimestampLeavesTheFileUntouched() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileCommentsStore(folder: folder)
        let imageID = UUID()
        let comments = [uniqueComment(), uniqueComment()]
        try await sut.insert(comments, timestamp: fixedNow(), imageID: imageID)
        let file = try XCTUnwrap(CacheFixtures.files(under: folder).first.map { folder.appendingPathComponent($0) })
        let before = try FileManager.default.attributesOfItem(atPath: file.path)

        try await sut.insert(comments, timestamp: fixedNow(), imageID: imageID)
        let same = try FileManager.default.attributesOfItem(atPath: file.path)
        try await sut.insert(comments, timestamp: fixedNow().adding(seconds: 1), imageID: imageID)
        let later = try FileManager.default.attributesOfItem(atPath: file.path)

        XCTAssertEqual(same[.systemFileNumber] as? Int, before[.systemFileNumber] as? Int, "identical bytes are not rewritten")
        XCTAssertNotEqual(later[.systemFileNumber] as? Int, before[.systemFileNumber] as? Int, "a new timestamp is written (a new file renamed into place)")
        let retrieved = try sut.retrieve(imageID: imageID)
        XCTAssertEqual(retrieved, CachedComments(comments: comments, timestamp: fixedNow().adding(seconds: 1)))
    }

    private func relativePath(of file: URL, in folder: URL) -> String {
        "\(file.deletingLastPathComponent().lastPathComponent)/\(file.lastPathComponent)"
    }
}
