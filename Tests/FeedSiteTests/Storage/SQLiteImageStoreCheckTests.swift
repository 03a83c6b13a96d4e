import FeedCore
import FileSystem
import Foundation
import Hashing
import SQLite
import TestSupport
import XCTest

@testable import FeedStorage

/// How `SQLiteImageStore` remembers that a blob's bytes hashed to its name: the file's stamp
/// then, kept with the blob's row once the file has settled, so a blob whose file still has
/// that stamp is known without being read, and one whose file changed is hashed again.
final class SQLiteImageStoreCheckTests: XCTestCase {
    func test_retrieve_keepsTheBlobsCheckWhenItsFileChangedLongEnoughBefore() async throws {
        let (cache, images) = try makeCache()
        let url = CacheFixtures.uniqueImageURL()
        let inserted = try await store(cache, images).insert(Self.png(width: 640, height: 480), for: url)
        let stamp = try XCTUnwrap(PlainFile.stamp(of: blobFile(inserted.sha256, in: images).path))

        let retrieved = try store(cache, images, fileClock: Self.clock(stamp, after: 2.5)).retrieve(for: url)

        XCTAssertEqual(retrieved, inserted)
        XCTAssertEqual(try check(of: inserted, in: cache), BlobCheck(stamp: stamp, format: .png, dimensions: ImageDimensions(width: 640, height: 480)))
    }

    func test_retrieve_deliversTheImageWhenTheDatabaseRefusesToKeepItsCheck() async throws {
        let (cache, images) = try makeCache()
        let url = CacheFixtures.uniqueImageURL()
        let inserted = try await store(cache, images).insert(Self.png(width: 640, height: 480), for: url)
        let stamp = try XCTUnwrap(PlainFile.stamp(of: blobFile(inserted.sha256, in: images).path))
        try cache.refuse("UPDATE", on: "blobs")

        let retrieved = try store(cache, images, fileClock: Self.clock(stamp, after: 2.5)).retrieve(for: url)

        XCTAssertEqual(retrieved, inserted)
        XCTAssertNil(try check(of: inserted, in: cache))
    }

    func test_retrieve_keepsNoCheckOfAFileChangedWithinTheSettlingTime() async throws {
        let (cache, images) = try makeCache()
        let url = CacheFixtures.uniqueImageURL()
        let inserted = try await store(cache, images).insert(Self.png(width: 640, height: 480), for: url)
        let stamp = try XCTUnwrap(PlainFile.stamp(of: blobFile(inserted.sha256, in: images).path))

        let retrieved = try store(cache, images, fileClock: Self.clock(stamp, after: 1.9)).retrieve(for: url)

        XCTAssertEqual(retrieved, inserted)
        XCTAssertNil(try check(of: inserted, in: cache))
    }

    func test_retrieve_deliversWhatTheCheckSaysOfABlobWhoseFileKeptItsStampWithoutReadingIt() async throws {
        let (cache, images) = try makeCache()
        let url = CacheFixtures.uniqueImageURL()
        let inserted = try await checkedImage(Self.png(width: 640, height: 480), for: url, cache, images)
        // What the check says, not what the bytes are: had the blob been read, it would be a
        // PNG of 640 by 480.
        try cache.write { connection in
            _ = try connection.statement("UPDATE blobs SET format = 'gif', width = 3, height = 2").run()
        }

        let retrieved = try store(cache, images).retrieve(for: url)

        XCTAssertEqual(
            retrieved, StoredImage(digest: inserted.digest, byteCount: inserted.byteCount, format: .gif, dimensions: ImageDimensions(width: 3, height: 2)))
    }

    func test_retrieve_takesTheCheckOfABlobLinkedIntoASiteSince() async throws {
        let (cache, images) = try makeCache()
        let url = CacheFixtures.uniqueImageURL()
        let inserted = try await checkedImage(Self.png(width: 640, height: 480), for: url, cache, images)
        try store(cache, images).export(inserted, toPath: images.appendingPathComponent("linked.png").path)
        try cache.write { connection in
            _ = try connection.statement("UPDATE blobs SET format = 'gif'").run()
        }

        let retrieved = try store(cache, images).retrieve(for: url)

        XCTAssertEqual(retrieved?.format, .gif, "the check's format: the blob was not read")
    }

    func test_retrieve_hashesAgainABlobWhoseFileNoLongerHasTheCheckedStampAndDeliversEmptyForOtherBytes() async throws {
        let (cache, images) = try makeCache()
        let url = CacheFixtures.uniqueImageURL()
        let inserted = try await checkedImage(CacheFixtures.pngBytes("original"), for: url, cache, images)
        try CacheFixtures.pngBytes("damaged!").write(to: blobFile(inserted.sha256, in: images))
        // The file's modification time moves with the write; on a coarse clock it may not have yet.
        try cache.write { connection in
            _ = try connection.statement("UPDATE blobs SET checked_modified = checked_modified - 1").run()
        }

        let retrieved = try store(cache, images).retrieve(for: url)

        XCTAssertNil(retrieved)
    }

    func test_retrieve_hashesAgainABlobWhoseFileWasReplacedByAnother() async throws {
        let (cache, images) = try makeCache()
        let url = CacheFixtures.uniqueImageURL()
        let data = CacheFixtures.pngBytes("original")
        let inserted = try await checkedImage(data, for: url, cache, images)
        let blob = blobFile(inserted.sha256, in: images)
        let other = images.appendingPathComponent("other")
        try CacheFixtures.pngBytes("damaged!").write(to: other)
        XCTAssertEqual(rename(other.path, blob.path), 0)

        let retrieved = try store(cache, images).retrieve(for: url)

        XCTAssertNil(retrieved)
    }

    func test_retrieve_hashesABlobThatWasNeverCheckedAsBefore() async throws {
        let (cache, images) = try makeCache()
        let url = CacheFixtures.uniqueImageURL()
        let inserted = try await store(cache, images).insert(CacheFixtures.pngBytes("original"), for: url)
        try CacheFixtures.pngBytes("damaged!").write(to: blobFile(inserted.sha256, in: images))

        let retrieved = try store(cache, images).retrieve(for: url)

        XCTAssertNil(retrieved)
    }

    func test_check_readsBackAsSavedAndNotForARowNeverChecked() async throws {
        let (cache, images) = try makeCache()
        let image = try await store(cache, images).insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL())
        let saved = BlobCheck(
            stamp: FileStamp(device: .max, inode: 1 << 63, size: 12, modified: Int64.max), format: .webp, dimensions: nil)
        XCTAssertNil(try check(of: image, in: cache))

        try cache.write { try saved.save(sha256: image.sha256, $0) }

        XCTAssertEqual(try check(of: image, in: cache), saved)
    }

    func test_isSettled_isTrueFromTwoSecondsAfterTheFileChanged() {
        let stamp = FileStamp(device: 1, inode: 2, size: 3, modified: 1_000_000_000_000_000_000)

        XCTAssertFalse(BlobCheck.isSettled(stamp, at: Date(timeIntervalSince1970: 1_000_000_001.999)))
        XCTAssertTrue(BlobCheck.isSettled(stamp, at: Date(timeIntervalSince1970: 1_000_000_002)))
    }

    // MARK: - Helpers

    private func makeCache() throws -> (cache: CacheDatabase, images: URL) {
        let (_, cache, images) = try makeImageStore(for: self)
        return (cache, images)
    }

    private func store(_ cache: CacheDatabase, _ images: URL, fileClock: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 0) })
        -> SQLiteImageStore
    {
        SQLiteImageStore(cache, folder: images, now: fixedNow(), fileClock: fileClock)
    }

    /// An image inserted, then retrieved once its file has settled, so its check is kept.
    private func checkedImage(_ data: Data, for url: URL, _ cache: CacheDatabase, _ images: URL) async throws -> StoredImage {
        let inserted = try await store(cache, images).insert(data, for: url)
        let stamp = try XCTUnwrap(PlainFile.stamp(of: blobFile(inserted.sha256, in: images).path))
        XCTAssertEqual(try store(cache, images, fileClock: Self.clock(stamp, after: 3)).retrieve(for: url), inserted)
        XCTAssertNotNil(try check(of: inserted, in: cache))
        return inserted
    }

    private func check(of image: StoredImage, in cache: CacheDatabase) throws -> BlobCheck? {
        try cache.read { connection in
            let select = try connection.statement("SELECT \(BlobCheck.columns) FROM blobs WHERE sha256 = ?")
            var found: BlobCheck?
            try select.forEachRow(.text(image.sha256)) { found = BlobCheck($0, from: 0) }
            return found
        }
    }

    /// A clock that reads `seconds` after the file stamped `stamp` was last written.
    private static func clock(_ stamp: FileStamp, after seconds: Double) -> @Sendable () -> Date {
        let date = Date(timeIntervalSince1970: Double(stamp.modified) / 1e9 + seconds)
        return { date }
    }

    /// The start of a PNG whose header says `width` by `height`.
    private static func png(width: UInt32, height: UInt32) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        for value in [width, height] { bytes += withUnsafeBytes(of: value.bigEndian, Array.init) }
        bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
        return Data(bytes)
    }
}
