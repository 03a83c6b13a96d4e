import FeedCore
import Foundation
import Hashing
import TestSupport
import XCTest

@testable import FeedStorage

/// What `SQLiteImageStore.prune` does with renditions: they live by their sources, whatever
/// their own time, and their blobs go once no source that stays has them.
final class SQLiteImageStoreRenditionPruningTests: XCTestCase {
    /// The run's clock.
    private let t0 = fixedNow()
    private let recipe = "widths=480,960;quality=80;v1"

    func test_prune_removesAnExpiredSourcesRenditionsWithItRowsAndBlobsThoughTheyWereSavedLater() async throws {
        let (sut, cache, images) = try makeImageStore(for: self, now: t0)
        let source = try await sut.insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL())
        let refused = try await sut.insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL())
        let later = SQLiteImageStore(cache, folder: images, now: t0.adding(days: 6), fileClock: wallClock)
        let (small, large) = (CacheFixtures.jpegBytes(), CacheFixtures.jpegBytes())
        let saved = try later.saveRenditions([(480, 300, .jpeg, [UInt8](small)), (960, 600, .jpeg, [UInt8](large))], of: source, recipe: recipe)
        try later.saveNotDecodable(source: refused, recipe: recipe, reason: "a reason")

        let pruning = try sut.prune(cachedFeed: nil, now: t0.adding(days: 7))

        XCTAssertEqual(pruning.blobs.map(\.path), [source, refused].map { blobFile($0.sha256, in: images).path }.sorted())
        XCTAssertEqual(
            pruning.renditions,
            zip(saved, [small, large]).map { RemovedCacheFile(path: blobFile($0.sha256, in: images).path, byteCount: $1.count) }.sorted { $0.path < $1.path })
        XCTAssertEqual(pruning.renditionSets, 2)
        XCTAssertEqual(CacheFixtures.files(under: images.appendingPathComponent("blobs")), [])
        for table in ["blobs", "images", "rendition_sets", "renditions"] {
            XCTAssertEqual(try cache.rows("SELECT count(*) FROM \(table)"), [[.integer(0)]], table)
        }
    }

    func test_prune_keepsTheRenditionsOfASourceThatStaysWhateverTheirOwnTime() async throws {
        let (sut, cache, images) = try makeImageStore(for: self, now: t0)
        let source = try await sut.insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL())
        let saved = try sut.saveRenditions([(480, 300, .jpeg, [UInt8](CacheFixtures.jpegBytes()))], of: source, recipe: recipe)

        let pruning = try sut.prune(cachedFeed: .init(blobs: [source.digest], savedAt: t0.adding(days: 29)), now: t0.adding(days: 30))

        XCTAssertEqual(pruning, ImagePruning())
        XCTAssertEqual(try sut.renditions(of: source, recipe: recipe), .made(saved))
        XCTAssertEqual(try cache.rows("SELECT count(*) FROM blobs"), [[.integer(2)]])
        XCTAssertTrue(FileManager.default.fileExists(atPath: blobFile(saved[0].sha256, in: images).path))
    }

    func test_prune_keepsARenditionBlobThatASourceWhichStaysSharesWithOneThatGoes() async throws {
        let (sut, cache, images) = try makeImageStore(for: self, now: t0)
        let expired = try await sut.insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL())
        let shown = try await sut.insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL())
        let shared = [UInt8](CacheFixtures.jpegBytes("the same picture"))
        try sut.saveRenditions([(480, 300, .jpeg, shared)], of: expired, recipe: recipe)
        let kept = try sut.saveRenditions([(480, 300, .jpeg, shared)], of: shown, recipe: recipe)

        let pruning = try sut.prune(cachedFeed: .init(blobs: [shown.digest], savedAt: t0.adding(days: 8)), now: t0.adding(days: 8))

        XCTAssertEqual(pruning.blobs.map(\.path), [blobFile(expired.sha256, in: images).path])
        XCTAssertEqual(pruning.renditions, [])
        XCTAssertEqual(pruning.renditionSets, 1)
        XCTAssertEqual(try Data(contentsOf: blobFile(kept[0].sha256, in: images)), Data(shared))
        XCTAssertEqual(try sut.renditions(of: shown, recipe: recipe), .made(kept))
        XCTAssertEqual(try sut.renditions(of: expired, recipe: recipe), .unknown)
        XCTAssertEqual(try cache.rows("SELECT source FROM renditions"), [[.text(shown.sha256)]])
    }

    func test_prune_forgetsASetOneOfWhoseBlobsIsMissingSoItIsMadeAgain() async throws {
        let (sut, cache, images) = try makeImageStore(for: self, now: t0)
        let source = try await sut.insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL())
        let saved = try sut.saveRenditions(
            [(480, 300, .jpeg, [UInt8](CacheFixtures.jpegBytes())), (960, 600, .jpeg, [UInt8](CacheFixtures.jpegBytes()))], of: source, recipe: recipe)
        try FileManager.default.removeItem(at: blobFile(saved[1].sha256, in: images))

        let pruning = try sut.prune(cachedFeed: nil, now: t0.adding(seconds: 60))

        XCTAssertEqual(pruning, ImagePruning(renditionSets: 1))
        XCTAssertEqual(try cache.rows("SELECT count(*) FROM renditions"), [[.integer(0)]])
        XCTAssertEqual(try sut.renditions(of: source, recipe: recipe), .unknown)
        XCTAssertNotNil(try cache.lastReferred(saved[0].sha256), "the other rendition's blob stays until its own time runs out")
    }

    func test_prune_removesARenditionBlobNoSetHasAnyMoreSevenDaysAfterItWasSaved() async throws {
        let (sut, cache, images) = try makeImageStore(for: self, now: t0)
        let source = try await sut.insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL())
        let replaced = try sut.saveRenditions([(480, 300, .jpeg, [UInt8](CacheFixtures.jpegBytes()))], of: source, recipe: recipe)
        try sut.saveNotDecodable(source: source, recipe: recipe, reason: "a reason")
        let cachedFeed = CacheRetention.CachedFeedImages(blobs: [source.digest], savedAt: t0.adding(days: 7))

        let early = try sut.prune(cachedFeed: cachedFeed, now: t0.adding(days: 7).adding(seconds: -1))
        let due = try sut.prune(cachedFeed: cachedFeed, now: t0.adding(days: 7))

        XCTAssertEqual(early, ImagePruning())
        XCTAssertEqual(due.blobs.map(\.path), [blobFile(replaced[0].sha256, in: images).path], "an image file like any other once no set has it")
        XCTAssertEqual(try cache.rows("SELECT sha256 FROM blobs"), [[.text(source.sha256)]])
        XCTAssertEqual(try sut.renditions(of: source, recipe: recipe), .notDecodable(reason: "a reason"))
    }
}
