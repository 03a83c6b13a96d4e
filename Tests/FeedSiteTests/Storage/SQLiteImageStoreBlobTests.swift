import FeedCore
import Foundation
import Hashing
import TestSupport
import XCTest

@testable import FeedStorage

/// How `SQLiteImageStore` keeps an image: a blob named by its bytes' SHA-256, hashed again
/// whenever it is read, and hard-linked into the site where it can be.
final class SQLiteImageStoreBlobTests: XCTestCase {
    /// The run's clock.
    private let t0 = fixedNow()

    // MARK: - Content addressing

    func test_insert_storesTheBytesInABlobNamedByTheirSHA256UnderItsFirstTwoHexDigitsOnceForTwoURLs() async throws {
        let (sut, cache, images) = try makeSUT()
        let data = CacheFixtures.pngBytes()
        let sha256 = SHA256.hexDigest(data)
        let (first, second) = (CacheFixtures.uniqueImageURL(), CacheFixtures.uniqueImageURL())

        _ = try await sut.insert(data, for: first)
        _ = try await sut.insert(data, for: second)

        XCTAssertEqual(CacheFixtures.files(under: images.appendingPathComponent("blobs")), ["\(sha256.prefix(2))/\(sha256)"])
        XCTAssertEqual(try Data(contentsOf: blobFile(sha256, in: images)), data)
        XCTAssertEqual(
            try cache.rows("SELECT url, sha256 FROM images ORDER BY url"),
            [first, second].map(\.absoluteString).sorted().map { [.text($0), .text(sha256)] })
    }

    func test_insert_recordsTheBlobAsReferredToAtTheStoresClockKeepingALaterTime() async throws {
        let (_, cache, images) = try makeSUT()
        let data = CacheFixtures.pngBytes()
        let later = t0.adding(days: 2)

        _ = try await SQLiteImageStore(cache, folder: images, now: later, fileClock: wallClock).insert(data, for: CacheFixtures.uniqueImageURL())
        _ = try await SQLiteImageStore(cache, folder: images, now: t0, fileClock: wallClock).insert(data, for: CacheFixtures.uniqueImageURL())

        XCTAssertEqual(try cache.lastReferred(SHA256.hexDigest(data)), later)
    }

    func test_retrieve_deliversTheImageInsertedBeforeTheDatabaseWasClosedAndOpenedAgain() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let images = folder.appendingPathComponent("images")
        let url = CacheFixtures.uniqueImageURL()
        let inserted: StoredImage
        do {
            inserted = try await SQLiteImageStore(try openCache(in: folder), folder: images, now: t0, fileClock: wallClock).insert(
                CacheFixtures.pngBytes(), for: url)
        }

        await expect(SQLiteImageStore(try openCache(in: folder), folder: images, now: t0, fileClock: wallClock), toRetrieve: inserted, for: url)
    }

    func test_delete_forgetsTheURLButKeepsTheBlob() async throws {
        let (sut, _, images) = try makeSUT()
        let url = CacheFixtures.uniqueImageURL()
        let data = CacheFixtures.pngBytes()
        _ = try await sut.insert(data, for: url)

        try sut.delete(for: url)

        await expect(sut, toRetrieve: nil, for: url)
        XCTAssertEqual(try Data(contentsOf: blobFile(SHA256.hexDigest(data), in: images)), data)
    }

    // MARK: - Verified reads

    func test_retrieve_deliversEmptyWhenTheBlobHoldsOtherBytesOfTheSameSize() async throws {
        let (sut, _, images) = try makeSUT()
        let url = CacheFixtures.uniqueImageURL()
        let data = CacheFixtures.pngBytes("original")
        _ = try await sut.insert(data, for: url)

        try CacheFixtures.pngBytes("damaged!").write(to: blobFile(SHA256.hexDigest(data), in: images))

        await expect(sut, toRetrieve: nil, for: url)
    }

    func test_retrieve_deliversEmptyWhenTheBlobIsMissing() async throws {
        let (sut, _, images) = try makeSUT()
        let url = CacheFixtures.uniqueImageURL()
        let data = CacheFixtures.pngBytes()
        _ = try await sut.insert(data, for: url)

        try FileManager.default.removeItem(at: blobFile(SHA256.hexDigest(data), in: images))

        await expect(sut, toRetrieve: nil, for: url)
    }

    func test_insert_repairsADamagedBlobWithANewFileRatherThanThroughItsHardLinks() async throws {
        let (sut, _, images) = try makeSUT()
        let site = try makeTemporaryFolder(for: self)
        let url = CacheFixtures.uniqueImageURL()
        let data = CacheFixtures.pngBytes()
        let image = try await sut.insert(data, for: url)
        let exported = site.appendingPathComponent(image.fileName)
        try sut.export(image, toPath: exported.path)
        let blob = blobFile(image.sha256, in: images)
        try Data("damaged".utf8).write(to: blob)  // in place: damages the exported link too

        _ = try await sut.insert(data, for: url)

        XCTAssertEqual(try Data(contentsOf: blob), data)
        XCTAssertNotEqual(try fileNumber(of: blob), try fileNumber(of: exported), "Expected the repaired blob to be a new file")
        await expect(sut, toRetrieve: image, for: url)
    }

    /// No run makes a folder where a blob goes; one there would fail the image for good.
    func test_insert_setsAsideAFolderWhereTheBlobGoes_keepingWhatItHolds() async throws {
        let (sut, _, images) = try makeSUT()
        let url = CacheFixtures.uniqueImageURL()
        let data = CacheFixtures.pngBytes()
        let blob = blobFile(SHA256.hexDigest(data), in: images)
        try FileManager.default.createDirectory(at: blob, withIntermediateDirectories: true)
        try Data("inside".utf8).write(to: blob.appendingPathComponent("file"))

        let image = try await sut.insert(data, for: url)

        XCTAssertEqual(try Data(contentsOf: blob), data)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: blob.path + ".not-a-blob/file")), Data("inside".utf8))
        await expect(sut, toRetrieve: image, for: url)
    }

    // MARK: - Export

    func test_export_hardLinksTheBlobIntoTheDestination() async throws {
        let (sut, _, images) = try makeSUT()
        let site = try makeTemporaryFolder(for: self)
        let data = CacheFixtures.pngBytes()
        let image = try await sut.insert(data, for: CacheFixtures.uniqueImageURL())
        let destination = site.appendingPathComponent(image.fileName)

        try sut.export(image, toPath: destination.path)
        try sut.export(image, toPath: destination.path)

        XCTAssertEqual(try fileNumber(of: destination), try fileNumber(of: blobFile(image.sha256, in: images)), "Expected the blob's inode")
        XCTAssertEqual(try Data(contentsOf: destination), data)
        XCTAssertEqual(CacheFixtures.files(under: site), [image.fileName])
    }

    func test_export_toAnotherFileSystemCopiesTheBytes() async throws {
        let (sut, _, images) = try makeSUT()
        let site = try makeFolderOnAnotherFileSystem(than: images)
        let data = CacheFixtures.pngBytes()
        let image = try await sut.insert(data, for: CacheFixtures.uniqueImageURL())
        let destination = site.appendingPathComponent(image.fileName)

        try sut.export(image, toPath: destination.path)
        try sut.export(image, toPath: destination.path)

        XCTAssertEqual(try Data(contentsOf: destination), data)
    }

    // MARK: - Helpers

    private func makeSUT(now: Date? = nil) throws -> (sut: SQLiteImageStore, cache: CacheDatabase, images: URL) {
        try makeImageStore(for: self, now: now ?? t0)
    }

    /// A folder on a file system other than `folder`'s (tmpfs `/dev/shm`), where hard links
    /// from `folder` are impossible; skips the test when there is none.
    private func makeFolderOnAnotherFileSystem(than folder: URL) throws -> URL {
        let shm = URL(fileURLWithPath: "/dev/shm")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
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
}
