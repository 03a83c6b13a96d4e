import FeedCore
import FeedStorage
import Foundation
import Hashing
import TestSupport
import XCTest

final class FileImageStoreTests: XCTestCase, ImageStoreSpecs {
    // MARK: - ImageStoreSpecs

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

    func test_retrieve_deliversEmptyForAnotherURL() async throws {
        await assertThatRetrieveDeliversEmptyForAnotherURL(on: try makeSUT())
    }

    func test_retrieve_deliversTheImageOfAURLWithQueryAndPercentEncoding() async throws {
        await assertThatRetrieveDeliversTheImageOfAURLWithQueryAndPercentEncoding(on: try makeSUT())
    }

    func test_insert_deliversTheImageNamedByTheLowerCaseHexSHA256OfItsBytes() async throws {
        await assertThatInsertDeliversTheImageNamedByTheLowerCaseHexSHA256OfItsBytes(on: try makeSUT())
    }

    func test_insert_detectsTheImageFormatFromItsBytes() async throws {
        await assertThatInsertDetectsTheImageFormatFromItsBytes(on: try makeSUT())
    }

    func test_insert_readsTheImageDimensionsFromItsHeader() async throws {
        await assertThatInsertReadsTheImageDimensionsFromItsHeader(on: try makeSUT())
    }

    func test_insert_overridesPreviouslyInsertedDataForTheSameURL() async throws {
        await assertThatInsertOverridesPreviouslyInsertedDataForTheSameURL(on: try makeSUT())
    }

    func test_insert_identicalBytesForTwoURLsAreOneStoredImage() async throws {
        await assertThatInsertIdenticalBytesForTwoURLsAreOneStoredImage(on: try makeSUT())
    }

    func test_delete_deliversNoErrorOnEmptyCache() async throws {
        await assertThatDeleteDeliversNoErrorOnEmptyCache(on: try makeSUT())
    }

    func test_delete_hasNoSideEffectsOnEmptyCache() async throws {
        await assertThatDeleteHasNoSideEffectsOnEmptyCache(on: try makeSUT())
    }

    func test_delete_emptiesPreviouslyInsertedCache() async throws {
        await assertThatDeleteEmptiesPreviouslyInsertedCache(on: try makeSUT())
    }

    func test_delete_keepsAnotherURLWithIdenticalBytes() async throws {
        await assertThatDeleteKeepsAnotherURLWithIdenticalBytes(on: try makeSUT())
    }

    func test_export_writesTheStoredBytesAtTheDestination() async throws {
        await assertThatExportWritesTheStoredBytesAtTheDestination(on: try makeSUT(), into: try makeTemporaryFolder(for: self))
    }

    func test_export_twiceToTheSameDestinationDoesNotFail() async throws {
        await assertThatExportTwiceToTheSameDestinationDoesNotFail(on: try makeSUT(), into: try makeTemporaryFolder(for: self))
    }

    func test_export_replacesOtherBytesAtTheDestination() async throws {
        await assertThatExportReplacesOtherBytesAtTheDestination(on: try makeSUT(), into: try makeTemporaryFolder(for: self))
    }

    func test_export_deliversErrorForAnImageThatIsNotStored() async throws {
        await assertThatExportDeliversErrorForAnImageThatIsNotStored(on: try makeSUT(), into: try makeTemporaryFolder(for: self))
    }

    func test_storeSideEffects_runSeriallyInTheOrderTheyAreCalled() async throws {
        await assertThatSideEffectsRunSeriallyInTheOrderTheyAreCalled(on: try makeSUT())
    }

    func test_storeSideEffects_fromConcurrentCallersNeverFailAndLeaveOneCompleteValue() async throws {
        let folder = try makeTemporaryFolder(for: self)

        await assertThatSideEffectsFromConcurrentCallersNeverFailAndLeaveOneCompleteValue(on: FileImageStore(folder: folder))

        XCTAssertEqual(CacheFixtures.temporaryFiles(under: folder), [])
    }

    // MARK: - Content addressing

    func test_insert_storesTheBytesInABlobNamedByTheirSHA256UnderItsFirstTwoHexDigits() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileImageStore(folder: folder)
        let data = CacheFixtures.pngBytes()
        let sha256 = SHA256.hexDigest(data)

        _ = try await sut.insert(data, for: CacheFixtures.uniqueImageURL())

        XCTAssertEqual(sha256, sha256.lowercased())
        XCTAssertEqual(CacheFixtures.files(under: folder.appendingPathComponent("blobs")), ["\(sha256.prefix(2))/\(sha256)"])
        XCTAssertEqual(try Data(contentsOf: blobFile(for: data, in: folder)), data)
    }

    func test_insert_storesIdenticalBytesForTwoURLsOnce() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileImageStore(folder: folder)
        let data = CacheFixtures.pngBytes()
        let (first, second) = (CacheFixtures.uniqueImageURL(), CacheFixtures.uniqueImageURL())

        _ = try await sut.insert(data, for: first)
        _ = try await sut.insert(data, for: second)

        XCTAssertEqual(CacheFixtures.files(under: folder.appendingPathComponent("blobs")).count, 1)
        XCTAssertEqual(
            CacheFixtures.files(under: folder.appendingPathComponent("index")),
            [relativeIndexPath(for: first), relativeIndexPath(for: second)].sorted())
        XCTAssertEqual(try fileNumber(of: indexFile(for: first, in: folder)), try fileNumber(of: blobFile(for: data, in: folder)))
        XCTAssertEqual(try fileNumber(of: indexFile(for: second, in: folder)), try fileNumber(of: blobFile(for: data, in: folder)))
    }

    func test_insert_makesTheURLsIndexEntryAHardLinkToItsBlob() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileImageStore(folder: folder)
        let url = CacheFixtures.uniqueImageURL()
        let data = CacheFixtures.pngBytes()

        let inserted = try await sut.insert(data, for: url)

        XCTAssertEqual(try fileNumber(of: indexFile(for: url, in: folder)), try fileNumber(of: blobFile(for: data, in: folder)))
        XCTAssertEqual(inserted, StoredImage(sha256: SHA256.hexDigest(data), byteCount: data.count, format: .png))
    }

    func test_retrieve_deliversImagesInsertedByAnotherInstance() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let url = CacheFixtures.uniqueImageURL()
        let data = CacheFixtures.pngBytes()

        let inserted = try await FileImageStore(folder: folder).insert(data, for: url)

        await expect(FileImageStore(folder: folder), toRetrieve: inserted, for: url)
        XCTAssertEqual(inserted.format, .png)
    }

    func test_delete_forgetsTheURLButKeepsTheBlob() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileImageStore(folder: folder)
        let url = CacheFixtures.uniqueImageURL()
        let data = CacheFixtures.pngBytes()
        _ = try await sut.insert(data, for: url)

        try await sut.delete(for: url)

        XCTAssertFalse(FileManager.default.fileExists(atPath: indexFile(for: url, in: folder).path))
        XCTAssertEqual(try Data(contentsOf: blobFile(for: data, in: folder)), data)
    }

    // MARK: - Verified reads

    func test_retrieve_deliversEmptyWhenTheBlobBytesNoLongerMatchTheirHash() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileImageStore(folder: folder)
        let url = CacheFixtures.uniqueImageURL()
        let data = CacheFixtures.pngBytes()
        _ = try await sut.insert(data, for: url)

        try CacheFixtures.pngBytes("other bytes").write(to: blobFile(for: data, in: folder))

        await expect(sut, toRetrieve: nil, for: url)
    }

    func test_retrieve_deliversEmptyWhenTheBlobIsTruncated() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileImageStore(folder: folder)
        let url = CacheFixtures.uniqueImageURL()
        let data = CacheFixtures.pngBytes()
        _ = try await sut.insert(data, for: url)

        try data.prefix(data.count - 1).write(to: blobFile(for: data, in: folder))

        await expect(sut, toRetrieve: nil, for: url)
    }

    func test_retrieve_deliversEmptyWhenTheBlobIsMissing() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileImageStore(folder: folder)
        let url = CacheFixtures.uniqueImageURL()
        let data = CacheFixtures.pngBytes()
        _ = try await sut.insert(data, for: url)

        try FileManager.default.removeItem(at: blobFile(for: data, in: folder))

        await expect(sut, toRetrieve: nil, for: url)
    }

    func test_insert_repairsADamagedBlob() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileImageStore(folder: folder)
        let url = CacheFixtures.uniqueImageURL()
        let data = CacheFixtures.pngBytes()
        let inserted = try await sut.insert(data, for: url)
        try Data("damaged".utf8).write(to: blobFile(for: data, in: folder))

        _ = try await sut.insert(data, for: url)

        XCTAssertEqual(try Data(contentsOf: blobFile(for: data, in: folder)), data)
        await expect(sut, toRetrieve: inserted, for: url)
    }

    func test_insert_ofADamagedSharedBlobRepairsItForTheInsertingURLAndNeverServesTheDamagedBytes() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileImageStore(folder: folder)
        let (first, second) = (CacheFixtures.uniqueImageURL(), CacheFixtures.uniqueImageURL())
        let data = CacheFixtures.pngBytes()
        let inserted = try await sut.insert(data, for: first)
        try Data("damaged".utf8).write(to: blobFile(for: data, in: folder))

        _ = try await sut.insert(data, for: second)

        await expect(sut, toRetrieve: inserted, for: second)
        await expect(sut, toRetrieve: nil, for: first)
        _ = try await sut.insert(data, for: first)
        await expect(sut, toRetrieve: inserted, for: first)
    }

    func test_retrieve_deliversEmptyOnAnIndexEntryWhoseBytesMatchNoBlob() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileImageStore(folder: folder)
        let url = CacheFixtures.uniqueImageURL()
        let index = indexFile(for: url, in: folder)
        try FileManager.default.createDirectory(at: index.deletingLastPathComponent(), withIntermediateDirectories: true)
        try CacheFixtures.garbage.write(to: index)

        await expect(sut, toRetrieve: nil, for: url)
        XCTAssertEqual(try Data(contentsOf: index), CacheFixtures.garbage, "retrieve has no side effects")
    }

    func test_retrieve_deliversFailureOnAnUnreadableIndexEntry() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileImageStore(folder: folder)
        let url = CacheFixtures.uniqueImageURL()
        let index = indexFile(for: url, in: folder)
        try CacheFixtures.makeFolder(at: index)

        let error = await retrieveError(for: url, from: sut)

        assertCacheFileError(error, .read, at: index)
    }

    func test_retrieve_hasNoSideEffectsOnAnUnreadableIndexEntry() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileImageStore(folder: folder)
        let url = CacheFixtures.uniqueImageURL()
        let index = indexFile(for: url, in: folder)
        try CacheFixtures.makeFolder(at: index)

        let first = await retrieveError(for: url, from: sut)
        let second = await retrieveError(for: url, from: sut)

        assertCacheFileError(first, .read, at: index)
        XCTAssertEqual(first as? CacheError, second as? CacheError)
    }

    func test_insert_replacesACorruptIndexEntry() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileImageStore(folder: folder)
        let url = CacheFixtures.uniqueImageURL()
        let index = indexFile(for: url, in: folder)
        try FileManager.default.createDirectory(at: index.deletingLastPathComponent(), withIntermediateDirectories: true)
        try CacheFixtures.garbage.write(to: index)

        let inserted = try await sut.insert(CacheFixtures.pngBytes(), for: url)

        await expect(sut, toRetrieve: inserted, for: url)
    }

    // MARK: - Export

    func test_export_hardLinksTheBlobIntoTheDestination() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let site = try makeTemporaryFolder(for: self)
        let sut = FileImageStore(folder: folder)
        let data = CacheFixtures.pngBytes()
        let image = try await sut.insert(data, for: CacheFixtures.uniqueImageURL())
        let destination = site.appendingPathComponent(image.fileName)

        try sut.export(image, to: destination)

        let blobInode = try fileNumber(of: blobFile(for: data, in: folder))
        XCTAssertEqual(try fileNumber(of: destination), blobInode, "Expected the destination to be the blob's inode")
        XCTAssertEqual(try Data(contentsOf: destination), data)
    }

    func test_export_twiceToTheSameDestinationKeepsTheHardLink() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let site = try makeTemporaryFolder(for: self)
        let sut = FileImageStore(folder: folder)
        let data = CacheFixtures.pngBytes()
        let image = try await sut.insert(data, for: CacheFixtures.uniqueImageURL())
        let destination = site.appendingPathComponent(image.fileName)

        try sut.export(image, to: destination)
        try sut.export(image, to: destination)

        XCTAssertEqual(try fileNumber(of: destination), try fileNumber(of: blobFile(for: data, in: folder)))
        XCTAssertEqual(CacheFixtures.files(under: site), [image.fileName])
    }

    func test_insert_repairsADamagedBlobWithANewFileRatherThanThroughItsHardLinks() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let site = try makeTemporaryFolder(for: self)
        let sut = FileImageStore(folder: folder)
        let url = CacheFixtures.uniqueImageURL()
        let data = CacheFixtures.pngBytes()
        let image = try await sut.insert(data, for: url)
        let destination = site.appendingPathComponent(image.fileName)
        try sut.export(image, to: destination)
        let blob = blobFile(for: data, in: folder)
        try Data("damaged".utf8).write(to: blob)  // in place: damages the exported link too

        _ = try await sut.insert(data, for: url)

        XCTAssertEqual(try Data(contentsOf: blob), data)
        XCTAssertNotEqual(try fileNumber(of: blob), try fileNumber(of: destination), "Expected the repaired blob to be a new file")
    }

    func test_export_toAnotherFileSystemCopiesTheBytes() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let site = try makeFolderOnAnotherFileSystem(than: folder)
        let sut = FileImageStore(folder: folder)
        let data = CacheFixtures.pngBytes()
        let image = try await sut.insert(data, for: CacheFixtures.uniqueImageURL())
        let destination = site.appendingPathComponent(image.fileName)

        try sut.export(image, to: destination)

        XCTAssertEqual(try Data(contentsOf: destination), data)
    }

    func test_export_twiceToTheSameDestinationOnAnotherFileSystemDoesNotFail() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let site = try makeFolderOnAnotherFileSystem(than: folder)
        let sut = FileImageStore(folder: folder)
        let data = CacheFixtures.pngBytes()
        let image = try await sut.insert(data, for: CacheFixtures.uniqueImageURL())
        let destination = site.appendingPathComponent(image.fileName)

        await export(image, to: destination, from: sut, file: #filePath, line: #line)
        await export(image, to: destination, from: sut, file: #filePath, line: #line)

        XCTAssertEqual(try Data(contentsOf: destination), data)
    }

    // MARK: - Atomic writes and errors

    func test_insert_leavesNoTemporaryFilesBehind() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileImageStore(folder: folder)
        let url = CacheFixtures.uniqueImageURL()
        let data = CacheFixtures.pngBytes()

        _ = try await sut.insert(CacheFixtures.jpegBytes(), for: url)
        _ = try await sut.insert(data, for: url)

        XCTAssertEqual(CacheFixtures.temporaryFiles(under: folder), [])
        XCTAssertEqual(CacheFixtures.files(under: folder).count, 3, "two blobs and one index entry: \(CacheFixtures.files(under: folder))")
    }

    func test_insert_deliversErrorWhenTheStoreFolderCannotBeCreated() async throws {
        let blocker = try makeTemporaryFolder(for: self).appendingPathComponent("not-a-folder")
        try CacheFixtures.makeBlockingFile(at: blocker)
        let sut = FileImageStore(folder: blocker)
        let data = CacheFixtures.pngBytes()

        do {
            _ = try await sut.insert(data, for: CacheFixtures.uniqueImageURL())
            XCTFail("Expected the insertion to fail")
        } catch let CacheError.cannot(operation, entry, reason) {
            XCTAssertEqual(operation, .write)
            XCTAssertTrue(entry.hasPrefix(blocker.appendingPathComponent("blobs").path + "/"), "names the file it could not write: \(entry)")
            XCTAssertEqual(reason, "Not a directory")
        }
    }

    func test_insert_deliversErrorOnReadOnlyFolder() async throws {
        try CacheFixtures.skipIfRunningAsRoot()
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileImageStore(folder: folder)
        let data = CacheFixtures.pngBytes()
        try CacheFixtures.makeReadOnly(folder, for: self)

        do {
            _ = try await sut.insert(data, for: CacheFixtures.uniqueImageURL())
            XCTFail("Expected the insertion to fail")
        } catch let CacheError.cannot(operation, entry, reason) {
            // The first file it writes is the download's, beside the blobs.
            XCTAssertEqual(operation, .write)
            XCTAssertTrue(entry.hasPrefix(folder.appendingPathComponent("blobs").path + "/"), "names the file it could not write: \(entry)")
            XCTAssertEqual(reason, "Permission denied")
        }
        XCTAssertEqual(CacheFixtures.files(under: folder), [])
    }

    func test_insert_keepsThePreviousImageWhenTheIndexCannotBeWritten() async throws {
        try CacheFixtures.skipIfRunningAsRoot()
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileImageStore(folder: folder)
        let url = CacheFixtures.uniqueImageURL()
        let previous = try await sut.insert(CacheFixtures.pngBytes(), for: url)
        try CacheFixtures.makeReadOnly(indexFile(for: url, in: folder).deletingLastPathComponent(), for: self)

        do {
            _ = try await sut.insert(CacheFixtures.jpegBytes(), for: url)
            XCTFail("Expected the insertion to fail")
        } catch {
            assertCacheFileError(error, .write, at: indexFile(for: url, in: folder))
        }
        await expect(sut, toRetrieve: previous, for: url)
        XCTAssertEqual(CacheFixtures.temporaryFiles(under: folder), [])
    }

    func test_delete_deliversErrorOnDeletionError() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileImageStore(folder: folder)
        let url = CacheFixtures.uniqueImageURL()
        let index = indexFile(for: url, in: folder)
        try CacheFixtures.makeFolder(at: index)

        let error = await delete(url, from: sut)

        assertCacheFileError(error, .delete, at: index)
    }

    // MARK: - Helpers

    private func makeSUT() throws -> any ImageStore {
        FileImageStore(folder: try makeTemporaryFolder(for: self))
    }

    /// `<folder>/blobs/<h[0..2]>/<h>`, h = SHA-256 of the bytes, as documented.
    private func blobFile(for data: Data, in folder: URL) -> URL {
        let sha256 = SHA256.hexDigest(data)
        return folder.appendingPathComponent("blobs").appendingPathComponent(String(sha256.prefix(2))).appendingPathComponent(sha256)
    }

    /// `<folder>/index/<u[0..2]>/<u>`, u = SHA-256 of the URL, as documented.
    private func indexFile(for url: URL, in folder: URL) -> URL {
        folder.appendingPathComponent("index").appendingPathComponent(relativeIndexPath(for: url))
    }

    private func relativeIndexPath(for url: URL) -> String {
        let key = SHA256.hexDigest(Array(url.absoluteString.utf8))
        return "\(key.prefix(2))/\(key)"
    }

    /// A folder on a file system other than `folder`'s (tmpfs `/dev/shm`), where hard links
    /// from `folder` are impossible; skips the test when there is none.
    private func makeFolderOnAnotherFileSystem(than folder: URL) throws -> URL {
        let shm = URL(fileURLWithPath: "/dev/shm")
        guard FileManager.default.isWritableFile(atPath: shm.path),
            let shmDevice = try? FileManager.default.attributesOfItem(atPath: shm.path)[.systemNumber] as? NSNumber,
            let folderDevice = try? FileManager.default.attributesOfItem(atPath: folder.path)[.systemNumber] as? NSNumber,
            shmDevice != folderDevice
        else {
            throw XCTSkip("no writable file system other than the temporary folder's")
        }
        let other = shm.appendingPathComponent("feedsite-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: other) }
        return other
    }

    private func fileNumber(of url: URL, file: StaticString = #filePath, line: UInt = #line) throws -> UInt64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try XCTUnwrap((attributes[.systemFileNumber] as? NSNumber)?.uint64Value, "no file number for \(url.path)", file: file, line: line)
    }
}
