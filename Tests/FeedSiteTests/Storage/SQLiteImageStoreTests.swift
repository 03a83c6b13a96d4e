import FeedCore
import Foundation
import Hashing
import TestSupport
import XCTest

@testable import FeedStorage

final class SQLiteImageStoreTests: XCTestCase, ImageStoreSpecs {
    /// The run's clock.
    private let t0 = fixedNow()

    // MARK: - ImageStoreSpecs

    func test_retrieve_deliversEmptyOnEmptyCache() async throws {
        await assertThatRetrieveDeliversEmptyOnEmptyCache(on: try makeSUT().sut)
    }

    func test_retrieve_hasNoSideEffectsOnEmptyCache() async throws {
        await assertThatRetrieveHasNoSideEffectsOnEmptyCache(on: try makeSUT().sut)
    }

    func test_retrieve_deliversFoundValuesOnNonEmptyCache() async throws {
        await assertThatRetrieveDeliversFoundValuesOnNonEmptyCache(on: try makeSUT().sut)
    }

    func test_retrieve_hasNoSideEffectsOnNonEmptyCache() async throws {
        await assertThatRetrieveHasNoSideEffectsOnNonEmptyCache(on: try makeSUT().sut)
    }

    func test_retrieve_deliversEmptyForAnotherURL() async throws {
        await assertThatRetrieveDeliversEmptyForAnotherURL(on: try makeSUT().sut)
    }

    func test_retrieve_deliversTheImageOfAURLWithQueryAndPercentEncoding() async throws {
        await assertThatRetrieveDeliversTheImageOfAURLWithQueryAndPercentEncoding(on: try makeSUT().sut)
    }

    func test_insert_deliversTheImageNamedByTheLowerCaseHexSHA256OfItsBytes() async throws {
        await assertThatInsertDeliversTheImageNamedByTheLowerCaseHexSHA256OfItsBytes(on: try makeSUT().sut)
    }

    func test_insert_detectsTheImageFormatFromItsBytes() async throws {
        await assertThatInsertDetectsTheImageFormatFromItsBytes(on: try makeSUT().sut)
    }

    func test_insert_readsTheImageDimensionsFromItsHeader() async throws {
        await assertThatInsertReadsTheImageDimensionsFromItsHeader(on: try makeSUT().sut)
    }

    func test_insert_overridesPreviouslyInsertedDataForTheSameURL() async throws {
        await assertThatInsertOverridesPreviouslyInsertedDataForTheSameURL(on: try makeSUT().sut)
    }

    func test_insert_identicalBytesForTwoURLsAreOneStoredImage() async throws {
        await assertThatInsertIdenticalBytesForTwoURLsAreOneStoredImage(on: try makeSUT().sut)
    }

    func test_delete_deliversNoErrorOnEmptyCache() async throws {
        await assertThatDeleteDeliversNoErrorOnEmptyCache(on: try makeSUT().sut)
    }

    func test_delete_hasNoSideEffectsOnEmptyCache() async throws {
        await assertThatDeleteHasNoSideEffectsOnEmptyCache(on: try makeSUT().sut)
    }

    func test_delete_emptiesPreviouslyInsertedCache() async throws {
        await assertThatDeleteEmptiesPreviouslyInsertedCache(on: try makeSUT().sut)
    }

    func test_delete_keepsAnotherURLWithIdenticalBytes() async throws {
        await assertThatDeleteKeepsAnotherURLWithIdenticalBytes(on: try makeSUT().sut)
    }

    func test_export_writesTheStoredBytesAtTheDestination() async throws {
        await assertThatExportWritesTheStoredBytesAtTheDestination(on: try makeSUT().sut, into: try makeTemporaryFolder(for: self))
    }

    func test_export_twiceToTheSameDestinationDoesNotFail() async throws {
        await assertThatExportTwiceToTheSameDestinationDoesNotFail(on: try makeSUT().sut, into: try makeTemporaryFolder(for: self))
    }

    func test_export_replacesOtherBytesAtTheDestination() async throws {
        await assertThatExportReplacesOtherBytesAtTheDestination(on: try makeSUT().sut, into: try makeTemporaryFolder(for: self))
    }

    func test_export_deliversErrorForAnImageThatIsNotStored() async throws {
        await assertThatExportDeliversErrorForAnImageThatIsNotStored(on: try makeSUT().sut, into: try makeTemporaryFolder(for: self))
    }

    func test_storeSideEffects_runSeriallyInTheOrderTheyAreCalled() async throws {
        await assertThatSideEffectsRunSeriallyInTheOrderTheyAreCalled(on: try makeSUT().sut)
    }

    func test_storeSideEffects_fromConcurrentCallersNeverFailAndLeaveOneCompleteValue() async throws {
        let (sut, _, images) = try makeSUT()

        await assertThatSideEffectsFromConcurrentCallersNeverFailAndLeaveOneCompleteValue(on: sut)

        XCTAssertEqual(CacheFixtures.temporaryFiles(under: images), [])
    }

    // MARK: - Failures

    func test_insert_leavesNoTemporaryFilesBehind() async throws {
        let (sut, _, images) = try makeSUT()
        let url = CacheFixtures.uniqueImageURL()

        _ = try await sut.insert(CacheFixtures.jpegBytes(), for: url)
        _ = try await sut.insert(CacheFixtures.pngBytes(), for: url)

        XCTAssertEqual(CacheFixtures.temporaryFiles(under: images), [])
        XCTAssertEqual(CacheFixtures.files(under: images).count, 2, "two blobs: \(CacheFixtures.files(under: images))")
    }

    func test_insert_deliversErrorNamingTheFileWhenTheBlobsFolderCannotBeCreated() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let cache = try openCache(in: folder)
        let blocker = folder.appendingPathComponent("not-a-folder")
        try CacheFixtures.makeBlockingFile(at: blocker)
        let sut = SQLiteImageStore(cache, folder: blocker, now: t0, fileClock: wallClock)

        do {
            _ = try await sut.insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL())
            XCTFail("Expected the insertion to fail")
        } catch let CacheError.cannot(operation, entry, reason) {
            XCTAssertEqual(operation, .write)
            XCTAssertTrue(entry.hasPrefix(blocker.appendingPathComponent("blobs").path + "/"), "names the file it could not write: \(entry)")
            XCTAssertEqual(reason, "Not a directory")
        }
    }

    func test_insert_keepsThePreviousImageWhenTheDatabaseRefusesTheWrite() async throws {
        let (sut, cache, _) = try makeSUT()
        let url = CacheFixtures.uniqueImageURL()
        let previous = try await sut.insert(CacheFixtures.pngBytes(), for: url)
        let contentsBefore = try cache.dump()
        try cache.refuse("INSERT", on: "images")

        let error = await errorOf { try await sut.insert(CacheFixtures.jpegBytes(), for: url) }

        assertCacheError(error, .write, naming: entryName(of: cache))
        XCTAssertEqual(try cache.dump(), contentsBefore, "the blob's reference is rolled back with the URL's row")
        await expect(sut, toRetrieve: previous, for: url)
    }

    // MARK: - A picture that comes back

    func test_insert_ofBytesAnEarlierCopyHolds_linksThatCopyAsTheBlob() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let cache = try openCache(in: folder)
        let bytes = CacheFixtures.pngBytes()
        let name = SHA256.hexDigest(bytes) + ".png"
        let earlier = folder.appendingPathComponent("history-\(name)").path
        try bytes.write(to: URL(fileURLWithPath: earlier))
        let sut = SQLiteImageStore(
            cache, folder: folder.appendingPathComponent("images"), now: t0, fileClock: wallClock, earlierCopy: { $0 == name ? earlier : nil })

        let image = try await sut.insert(bytes, for: CacheFixtures.uniqueImageURL())

        XCTAssertEqual(try inode(sut.blobPath(for: image.sha256)), try inode(earlier))
    }

    func test_insert_ofBytesAnEarlierCopyDoesNotHold_storesThemAsTheyCame() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let cache = try openCache(in: folder)
        let bytes = CacheFixtures.pngBytes()
        let earlier = folder.appendingPathComponent("damaged").path
        try CacheFixtures.pngBytes().write(to: URL(fileURLWithPath: earlier))
        let sut = SQLiteImageStore(cache, folder: folder.appendingPathComponent("images"), now: t0, fileClock: wallClock, earlierCopy: { _ in earlier })

        let image = try await sut.insert(bytes, for: CacheFixtures.uniqueImageURL())

        XCTAssertNotEqual(try inode(sut.blobPath(for: image.sha256)), try inode(earlier))
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: sut.blobPath(for: image.sha256))), bytes)
    }

    // MARK: - Helpers

    private func makeSUT(now: Date? = nil) throws -> (sut: SQLiteImageStore, cache: CacheDatabase, images: URL) {
        try makeImageStore(for: self, now: now ?? t0)
    }
}
