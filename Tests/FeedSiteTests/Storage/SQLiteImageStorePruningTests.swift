import FeedCore
import Foundation
import Hashing
import TestSupport
import XCTest

@testable import FeedStorage

/// What `SQLiteImageStore.prune` keeps and removes: only what the seven-day fallback can
/// still need.
final class SQLiteImageStorePruningTests: XCTestCase {
    /// The run's clock.
    private let t0 = fixedNow()

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
        let young = try await SQLiteImageStore(cache, folder: images, now: t0.adding(seconds: 1), fileClock: wallClock).insert(
            CacheFixtures.jpegBytes(), for: youngURL)

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
        XCTAssertEqual(try cache.lastReferred(shown.sha256), savedAt)
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

    func test_prune_leavesAFileNamedInUpperCaseHexAlone_andRemovesAnExpiredBlobFromTheShardThatHoldsIt() async throws {
        let (sut, cache, images) = try makeSUT(now: t0)
        let data = CacheFixtures.pngBytes()
        let sha256 = SHA256.hexDigest(data)
        let upper = images.appendingPathComponent("blobs/\(sha256.prefix(2))/\(sha256.uppercased())")
        let elsewhere = images.appendingPathComponent("blobs/zz/\(sha256)")
        for file in [upper, elsewhere] {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file)
        }

        let first = try sut.prune(cachedFeed: nil, now: t0)
        let weekLater = try sut.prune(cachedFeed: nil, now: t0.adding(days: 7))

        XCTAssertEqual(first, ImagePruning())
        XCTAssertEqual(weekLater, ImagePruning(blobs: [RemovedCacheFile(path: elsewhere.path, byteCount: data.count)], urls: 0))
        XCTAssertTrue(FileManager.default.fileExists(atPath: upper.path), "not a name the store writes")
        XCTAssertEqual(try cache.rows("SELECT * FROM blobs"), [])
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
            let store = SQLiteImageStore(cache, folder: images, now: now, fileClock: wallClock)
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
        try makeImageStore(for: self, now: now ?? t0)
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
}
