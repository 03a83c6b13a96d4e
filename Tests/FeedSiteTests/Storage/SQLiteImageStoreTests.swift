import FeedCore
import Foundation
import Hashing
import TestSupport
import XCTest

@testable import FeedStorage

final class SQLiteImageStoreTests: XCTestCase, ImageStoreSpecs {
    /// A run's clock for the pruning tests.
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

        _ = try await SQLiteImageStore(cache, folder: images, now: later).insert(data, for: CacheFixtures.uniqueImageURL())
        _ = try await SQLiteImageStore(cache, folder: images, now: t0).insert(data, for: CacheFixtures.uniqueImageURL())

        XCTAssertEqual(try lastReferred(SHA256.hexDigest(data), in: cache), later)
    }

    func test_retrieve_deliversTheImageInsertedBeforeTheDatabaseWasClosedAndOpenedAgain() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let images = folder.appendingPathComponent("images")
        let url = CacheFixtures.uniqueImageURL()
        let inserted: StoredImage
        do {
            inserted = try await SQLiteImageStore(try openCache(in: folder), folder: images, now: t0).insert(CacheFixtures.pngBytes(), for: url)
        }

        await expect(SQLiteImageStore(try openCache(in: folder), folder: images, now: t0), toRetrieve: inserted, for: url)
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
        try sut.export(image, to: exported)
        let blob = blobFile(image.sha256, in: images)
        try Data("damaged".utf8).write(to: blob)  // in place: damages the exported link too

        _ = try await sut.insert(data, for: url)

        XCTAssertEqual(try Data(contentsOf: blob), data)
        XCTAssertNotEqual(try fileNumber(of: blob), try fileNumber(of: exported), "Expected the repaired blob to be a new file")
        await expect(sut, toRetrieve: image, for: url)
    }

    // MARK: - Export

    func test_export_hardLinksTheBlobIntoTheDestination() async throws {
        let (sut, _, images) = try makeSUT()
        let site = try makeTemporaryFolder(for: self)
        let data = CacheFixtures.pngBytes()
        let image = try await sut.insert(data, for: CacheFixtures.uniqueImageURL())
        let destination = site.appendingPathComponent(image.fileName)

        try sut.export(image, to: destination)
        try sut.export(image, to: destination)

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

        try sut.export(image, to: destination)
        try sut.export(image, to: destination)

        XCTAssertEqual(try Data(contentsOf: destination), data)
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
        let sut = SQLiteImageStore(cache, folder: blocker, now: t0)

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

    // MARK: - Pruning

    func test_prune_keepsABlobLastReferredToSevenDaysMinusOneSecondAgo() async throws {
        let (sut, _, images) = try makeSUT(now: t0)
        let url = CacheFixtures.uniqueImageURL()
        let image = try await sut.insert(CacheFixtures.pngBytes(), for: url)

        let pruning = try sut.prune(cachedFeed: nil, now: t0.adding(days: 7).adding(seconds: -1))

        XCTAssertEqual(pruning, ImagePruning())
        XCTAssertTrue(FileManager.default.fileExists(atPath: blobFile(image.sha256, in: images).path))
        await expect(sut, toRetrieve: image, for: url)
    }

    func test_prune_removesABlobLastReferredToSevenDaysAgoWithEveryURLLeadingToIt() async throws {
        let (sut, cache, images) = try makeSUT(now: t0)
        let data = CacheFixtures.pngBytes()
        let (first, second) = (CacheFixtures.uniqueImageURL(), CacheFixtures.uniqueImageURL())
        let old = try await sut.insert(data, for: first)
        _ = try await sut.insert(data, for: second)
        let youngURL = CacheFixtures.uniqueImageURL()
        let young = try await SQLiteImageStore(cache, folder: images, now: t0.adding(seconds: 1)).insert(CacheFixtures.jpegBytes(), for: youngURL)

        let pruning = try sut.prune(cachedFeed: nil, now: t0.adding(days: 7))

        XCTAssertEqual(pruning, ImagePruning(blobs: [RemovedCacheFile(path: blobFile(old.sha256, in: images).path, byteCount: data.count)], urls: 2))
        XCTAssertFalse(FileManager.default.fileExists(atPath: blobFile(old.sha256, in: images).path))
        XCTAssertEqual(try cache.rows("SELECT sha256 FROM blobs"), [[.text(young.sha256)]])
        XCTAssertEqual(try cache.rows("SELECT url FROM images"), [[.text(youngURL.absoluteString)]])
        await expect(sut, toRetrieve: nil, for: first)
        await expect(sut, toRetrieve: nil, for: second)
        await expect(sut, toRetrieve: young, for: youngURL)
    }

    func test_prune_alwaysKeepsTheCachedFeedsBlobsAndRecordsThemAsReferredToWhenItWasSaved() async throws {
        let (sut, cache, _) = try makeSUT(now: t0)
        let (shownURL, oldURL) = (CacheFixtures.uniqueImageURL(), CacheFixtures.uniqueImageURL())
        let shown = try await sut.insert(CacheFixtures.pngBytes(), for: shownURL)
        let old = try await sut.insert(CacheFixtures.jpegBytes(), for: oldURL)
        let savedAt = t0.adding(days: 3)

        let pruning = try sut.prune(cachedFeed: .init(blobs: [shown.digest], savedAt: savedAt), now: t0.adding(days: 30))

        XCTAssertEqual(pruning.blobs.map { ($0.path as NSString).lastPathComponent }, [old.sha256])
        XCTAssertEqual(try lastReferred(shown.sha256, in: cache), savedAt)
        await expect(sut, toRetrieve: shown, for: shownURL)
        await expect(sut, toRetrieve: nil, for: oldURL)
    }

    func test_prune_countsABlobFileWithoutARowAsReferredToNowAndKeepsItSevenMoreDays() async throws {
        let (sut, cache, images) = try makeSUT(now: t0)
        let data = CacheFixtures.pngBytes()
        let sha256 = SHA256.hexDigest(data)
        let blob = blobFile(sha256, in: images)
        try FileManager.default.createDirectory(at: blob.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: blob)  // as a run killed between moving the blob in and writing its row leaves it
        let found = t0.adding(days: 40)

        let first = try sut.prune(cachedFeed: nil, now: found)
        let keptTooEarly = try sut.prune(cachedFeed: nil, now: found.adding(days: 7).adding(seconds: -1))
        let last = try sut.prune(cachedFeed: nil, now: found.adding(days: 7))

        XCTAssertEqual(first, ImagePruning())
        XCTAssertEqual(keptTooEarly, ImagePruning())
        XCTAssertEqual(last, ImagePruning(blobs: [RemovedCacheFile(path: blob.path, byteCount: data.count)], urls: 0))
        XCTAssertEqual(try cache.rows("SELECT * FROM blobs"), [])
    }

    func test_prune_dropsTheRowsOfABlobWhoseFileIsMissing() async throws {
        let (sut, cache, images) = try makeSUT(now: t0)
        let url = CacheFixtures.uniqueImageURL()
        let image = try await sut.insert(CacheFixtures.pngBytes(), for: url)
        try FileManager.default.removeItem(at: blobFile(image.sha256, in: images))

        let pruning = try sut.prune(cachedFeed: nil, now: t0.adding(seconds: 60))

        XCTAssertEqual(pruning, ImagePruning(blobs: [], urls: 1))
        XCTAssertEqual(try cache.rows("SELECT * FROM blobs"), [])
        XCTAssertEqual(try cache.rows("SELECT * FROM images"), [])
    }

    func test_prune_removesAShardFolderItEmptiesAndKeepsOneThatStillHoldsABlob() async throws {
        let (sut, _, images) = try makeSUT(now: t0)
        let (removed, kept, alone) = Self.twoPayloadsInOneShardAndOneInAnother()
        var stored: [Data: StoredImage] = [:]
        for data in [removed, kept, alone] {
            stored[data] = try await sut.insert(data, for: CacheFixtures.uniqueImageURL())
        }
        let shared = blobFile(stored[kept]!.sha256, in: images).deletingLastPathComponent()
        let emptied = blobFile(stored[alone]!.sha256, in: images).deletingLastPathComponent()

        let pruning = try sut.prune(cachedFeed: .init(blobs: [stored[kept]!.digest], savedAt: t0), now: t0.adding(days: 7))

        XCTAssertEqual(pruning.blobs.count, 2)
        XCTAssertTrue(FileManager.default.fileExists(atPath: shared.path), "the shard still holds the kept blob")
        XCTAssertEqual(try Data(contentsOf: blobFile(stored[kept]!.sha256, in: images)), kept)
        XCTAssertFalse(FileManager.default.fileExists(atPath: emptied.path), "the emptied shard is removed")
    }

    func test_prune_leavesAFileWhoseNameIsNoSHA256Alone() async throws {
        let (sut, cache, images) = try makeSUT(now: t0)
        let stranger = images.appendingPathComponent("blobs/ab/stranger.txt")
        try FileManager.default.createDirectory(at: stranger.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not an image".utf8).write(to: stranger)

        let first = try sut.prune(cachedFeed: nil, now: t0)
        let weekLater = try sut.prune(cachedFeed: nil, now: t0.adding(days: 7))

        XCTAssertEqual([first, weekLater], [ImagePruning(), ImagePruning()])
        XCTAssertEqual(try cache.rows("SELECT * FROM blobs"), [], "no blob is recorded for it")
        XCTAssertTrue(FileManager.default.fileExists(atPath: stranger.path))
    }

    /// Thirty runs a day apart, each showing a feed whose images all change every day but one,
    /// loading from the cache what it holds and pruning after saving the feed, as `generate`
    /// does.
    func test_prune_dailyForThirtyDaysKeepsOnlyTheLastSevenDaysBlobsAndNeverAnImageTheCachedFeedShows() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let cache = try openCache(in: folder, now: t0)
        let images = folder.appendingPathComponent("images")
        let everyDay = (url: CacheFixtures.uniqueImageURL(), data: CacheFixtures.pngBytes("shown every day"))
        var blobsOfDay: [Set<String>] = []

        for day in 0..<30 {
            let now = t0.adding(days: day)
            let store = SQLiteImageStore(cache, folder: images, now: now)
            let todays = (0..<2).map { (url: CacheFixtures.uniqueImageURL(), data: CacheFixtures.pngBytes("day \(day) image \($0)")) }
            var feed: [FeedItem] = []
            for image in [everyDay] + todays {
                if try store.retrieve(for: image.url) == nil { _ = try await store.insert(image.data, for: image.url) }
                feed.append(FeedItem(image: FeedImage(id: UUID(), description: nil, location: nil, url: image.url), firstSeen: now))
            }
            try SQLiteFeedStore(cache).insert(feed, timestamp: now)
            blobsOfDay.append(Set(todays.map { SHA256.hexDigest($0.data) }))

            let pruning = try store.prune(cachedFeed: try cache.cachedFeedImages(), now: now)

            let lastSevenDays = blobsOfDay[max(0, day - 6)...day].reduce(into: Set([SHA256.hexDigest(everyDay.data)])) { $0.formUnion($1) }
            XCTAssertEqual(Set(blobsOnDisk(in: images)), lastSevenDays, "day \(day)")
            XCTAssertEqual(pruning.blobs.count, day >= 7 ? 2 : 0, "day \(day)")
            for item in feed {
                XCTAssertNotNil(try store.retrieve(for: item.image.url), "day \(day): \(item.image.url)")
            }
        }
        XCTAssertEqual(try cache.rows("SELECT count(*) FROM blobs"), [[.integer(15)]])
        XCTAssertEqual(try cache.rows("SELECT count(*) FROM images"), [[.integer(15)]])
    }

    // MARK: - Helpers

    private func makeSUT(now: Date? = nil) throws -> (sut: SQLiteImageStore, cache: CacheDatabase, images: URL) {
        let (folder, cache) = try makeCache(for: self)
        let images = folder.appendingPathComponent("images")
        return (SQLiteImageStore(cache, folder: images, now: now ?? t0), cache, images)
    }

    private func lastReferred(_ sha256: String, in cache: CacheDatabase) throws -> Date? {
        try cache.rows("SELECT last_referred FROM blobs WHERE sha256 = '\(sha256)'").first?.first?.date
    }

    /// The names of the blob files, whatever the database says.
    private func blobsOnDisk(in images: URL) -> [String] {
        CacheFixtures.files(under: images.appendingPathComponent("blobs")).map { ($0 as NSString).lastPathComponent }
    }

    /// Two payloads whose blobs share a shard folder (their SHA-256s start alike), and a third
    /// alone in another.
    private static func twoPayloadsInOneShardAndOneInAnother() -> (Data, Data, Data) {
        var byShard: [Substring: Data] = [:]
        for index in 0... {
            let data = CacheFixtures.pngBytes("payload \(index)")
            let shard = SHA256.hexDigest(data).prefix(2)
            if let first = byShard[shard] {
                let alone = byShard.first { $0.key != shard }!.value
                return (first, data, alone)
            }
            byShard[shard] = data
        }
        fatalError("unreachable")
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
