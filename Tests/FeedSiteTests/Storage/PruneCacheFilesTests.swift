import FeedCore
import FeedStorage
import Foundation
import Hashing
import TestSupport
import XCTest

/// The stores' pruning on disk: `FileCommentsStore.prune` and `FileImageStore.prune` with
/// its record, `<images>/references`.
final class PruneCacheFilesTests: XCTestCase {
    /// On the hour, so the record's whole hours hold it exactly.
    private let t0 = Date(timeIntervalSince1970: 1_716_202_800)

    // MARK: - Comments

    func test_pruneComments_removesFilesSavedSevenDaysAgoAndKeepsYoungerOnes() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileCommentsStore(folder: folder)
        let (old, young) = (UUID(), UUID())
        try await sut.insert(CacheFixtures.uniqueComments(), validators: nil, timestamp: t0, imageID: old)
        try await sut.insert(CacheFixtures.uniqueComments(), validators: nil, timestamp: t0.adding(seconds: 1), imageID: young)

        let removed = try await sut.prune(now: t0.adding(days: 7))

        XCTAssertEqual(removed.map { ($0.path as NSString).lastPathComponent }, ["\(old.uuidString).json"])
        XCTAssertGreaterThan(removed.first?.byteCount ?? 0, 0)
        let oldRetrieved = try sut.retrieve(imageID: old)
        let youngRetrieved = try sut.retrieve(imageID: young)
        XCTAssertNil(oldRetrieved)
        XCTAssertNotNil(youngRetrieved)
    }

    func test_pruneComments_leavesAFileThatIsNotACommentsFileAlone() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let stranger = folder.appendingPathComponent("ab/stranger.json")
        try FileManager.default.createDirectory(at: stranger.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not json".utf8).write(to: stranger)

        let removed = try await FileCommentsStore(folder: folder).prune(now: t0.adding(days: 100))

        XCTAssertEqual(removed, [])
        XCTAssertTrue(FileManager.default.fileExists(atPath: stranger.path))
    }

    func test_cacheCodecTimestamp_readsTheSaveTimeFromTheFilesFirstBytes() throws {
        var text = ""
        let timestamp = CacheFixtures.fractionalTimestamp()
        try CacheCodec<ImageComment>.comments.encode(CacheFixtures.uniqueComments(), timestamp: timestamp) { text += $0 }

        let prefix = Array(text.utf8.prefix(CacheCodec<ImageComment>.timestampPrefixLength))

        XCTAssertEqual(CacheCodec<ImageComment>.timestamp(atStartOf: prefix), timestamp)
        XCTAssertNil(CacheCodec<ImageComment>.timestamp(atStartOf: Array("{\"value\":[]}".utf8)))
    }

    // MARK: - Images

    func test_pruneImages_removesABlobNoFeedReferredToForSevenDaysWithItsIndexEntry() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileImageStore(folder: folder)
        let (oldURL, keptURL) = (CacheFixtures.uniqueImageURL(), CacheFixtures.uniqueImageURL())
        let old = try await sut.insert(Data("old image".utf8), for: oldURL)
        let kept = try await sut.insert(Data("kept image".utf8), for: keptURL)
        _ = try await sut.prune(cachedFeed: .init(blobs: [old.digest, kept.digest], savedAt: t0), now: t0)
        _ = try await sut.prune(cachedFeed: .init(blobs: [kept.digest], savedAt: t0.adding(days: 1)), now: t0.adding(days: 1))

        let keptTooEarly = try await sut.prune(
            cachedFeed: .init(blobs: [kept.digest], savedAt: t0.adding(days: 1)), now: t0.adding(days: 7).adding(seconds: -1))
        let pruning = try await sut.prune(cachedFeed: .init(blobs: [kept.digest], savedAt: t0.adding(days: 1)), now: t0.adding(days: 7))

        XCTAssertEqual(keptTooEarly, ImagePruning())
        XCTAssertEqual(pruning.blobs, [RemovedCacheFile(path: folder.path + "/blobs/\(old.sha256.prefix(2))/\(old.sha256)", byteCount: 9)])
        XCTAssertEqual(pruning.indexEntries, 1)
        XCTAssertNil(try sut.retrieve(for: oldURL))
        XCTAssertEqual(try sut.retrieve(for: keptURL), kept)
    }

    func test_pruneImages_keepsTheCachedFeedsBlobWhateverTheRecordSays() async throws {
        let sut = FileImageStore(folder: try makeTemporaryFolder(for: self))
        let url = CacheFixtures.uniqueImageURL()
        let image = try await sut.insert(Data("shown".utf8), for: url)
        _ = try await sut.prune(cachedFeed: nil, now: t0)

        let pruning = try await sut.prune(cachedFeed: .init(blobs: [image.digest], savedAt: t0), now: t0.adding(days: 30))

        XCTAssertEqual(pruning, ImagePruning())
        XCTAssertEqual(try sut.retrieve(for: url), image)
    }

    func test_pruneImages_keepsEveryBlobOfACacheWhoseRecordIsDamaged() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileImageStore(folder: folder)
        let url = CacheFixtures.uniqueImageURL()
        let image = try await sut.insert(Data("image".utf8), for: url)
        try Data("garbage".utf8).write(to: folder.appendingPathComponent("references"))

        let pruning = try await sut.prune(cachedFeed: nil, now: t0.adding(days: 30))

        XCTAssertEqual(pruning, ImagePruning())
        XCTAssertEqual(try sut.retrieve(for: url), image)
    }

    func test_pruneImages_leavesTheRecordAndKeptBlobsUntouchedWhenNothingChanged() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileImageStore(folder: folder)
        let image = try await sut.insert(Data("image".utf8), for: CacheFixtures.uniqueImageURL())
        let blob = folder.appendingPathComponent("blobs/\(image.sha256.prefix(2))/\(image.sha256)")
        let feed = CacheRetention.CachedFeedImages(blobs: [image.digest], savedAt: t0)
        _ = try await sut.prune(cachedFeed: feed, now: t0)
        let record = folder.appendingPathComponent("references")
        let before = try FileManager.default.attributesOfItem(atPath: record.path)
        let blobBefore = try FileManager.default.attributesOfItem(atPath: blob.path)[.modificationDate] as? Date

        _ = try await sut.prune(cachedFeed: .init(blobs: [image.digest], savedAt: t0.adding(seconds: -600)), now: t0.adding(seconds: 900))

        let after = try FileManager.default.attributesOfItem(atPath: record.path)
        XCTAssertEqual(after[.systemFileNumber] as? NSNumber, before[.systemFileNumber] as? NSNumber, "a record within the same hour is not rewritten")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: blob.path)[.modificationDate] as? Date, blobBefore)
    }

    func test_pruneImages_removesAnIndexEntryThatIsACopyOfARemovedBlob() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let sut = FileImageStore(folder: folder)
        let url = CacheFixtures.uniqueImageURL()
        let image = try await sut.insert(Data("copied".utf8), for: url)
        _ = try await sut.prune(cachedFeed: nil, now: t0)
        let entry = try XCTUnwrap(
            FileManager.default.enumerator(atPath: folder.appendingPathComponent("index").path)?.allObjects.compactMap { $0 as? String }.first { $0.count > 3 })
        let entryURL = folder.appendingPathComponent("index/\(entry)")
        try FileManager.default.removeItem(at: entryURL)
        try Data("copied".utf8).write(to: entryURL)

        let pruning = try await sut.prune(cachedFeed: nil, now: t0.adding(days: 7))

        XCTAssertEqual(pruning.blobs.map(\.path), [folder.path + "/blobs/\(image.sha256.prefix(2))/\(image.sha256)"])
        XCTAssertEqual(pruning.indexEntries, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: entryURL.path))
    }
}
