import Basics
import FeedCore
import Foundation
import Hashing
import TestSupport
import XCTest

@testable import FeedStorage

/// How `SQLiteImageStore` keeps renditions: content-addressed blobs beside the originals,
/// recorded against their source's digest and the recipe, so a warm run decodes nothing; and
/// a source the decoders refused, remembered with why.
final class SQLiteImageStoreRenditionsTests: XCTestCase {
    private let recipe = "widths=480,960;quality=80;v1"

    // MARK: - Lookup

    func test_renditions_isUnknownBeforeAnythingIsSaved() async throws {
        let (sut, _, _) = try makeImageStore(for: self)
        let source = try await sut.insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL())

        XCTAssertEqual(try sut.renditions(of: source, recipe: recipe), .unknown)
    }

    func test_renditions_deliversTheSavedRenditionsInTheirOrderWithTheirSizeFormatDigestAndByteCount() async throws {
        let (sut, cache, images) = try makeImageStore(for: self)
        let source = try await sut.insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL())
        let (small, large) = (Self.jpeg("480"), Self.png("960"))

        let saved = try sut.saveRenditions([(480, 300, .jpeg, small), (960, 600, .png, large)], of: source, recipe: recipe)

        let expected = [
            StoredImage(digest: SHA256.digest(small), byteCount: small.count, format: .jpeg, dimensions: ImageDimensions(width: 480, height: 300)),
            StoredImage(digest: SHA256.digest(large), byteCount: large.count, format: .png, dimensions: ImageDimensions(width: 960, height: 600)),
        ]
        XCTAssertEqual(saved, expected)
        XCTAssertEqual(try sut.renditions(of: source, recipe: recipe), .made(expected))
        XCTAssertEqual(try Data(contentsOf: blobFile(expected[0].sha256, in: images)), Data(small), "a blob named by its SHA-256, like an original's")
        XCTAssertEqual(try Data(contentsOf: blobFile(expected[1].sha256, in: images)), Data(large))
        XCTAssertEqual(try cache.lastReferred(expected[0].sha256), fixedNow(), "listed in the blobs table at the store's clock")
        XCTAssertEqual(try cache.lastReferred(expected[1].sha256), fixedNow())
    }

    func test_renditions_areKeptWithTheirPlaceholderAcrossReopeningTheCache() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let images = folder.appendingPathComponent("images")
        let placeholder = ImagePlaceholder(samples: [1, 2, 3, 40, 50, 60, 0xA0, 0xB0, 0xFF])
        let (source, saved) = try await { () async throws -> (StoredImage, [StoredImage]) in
            let sut = SQLiteImageStore(try openCache(in: folder), folder: images, now: fixedNow(), fileClock: wallClock)
            let source = try await sut.insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL())
            return (source, try sut.saveRenditions([(480, 300, .jpeg, Self.jpeg())], placeholder: placeholder, of: source, recipe: recipe))
        }()

        let reopened = SQLiteImageStore(try openCache(in: folder), folder: images, now: fixedNow(), fileClock: wallClock)

        XCTAssertEqual(try reopened.renditions(of: source, recipe: recipe), .made(saved, placeholder: placeholder))
    }

    func test_renditions_keepsAPlaceholderWithoutRenditionsAndReadsOneItCannotReadAsNone() async throws {
        let (sut, cache, _) = try makeImageStore(for: self)
        let source = try await sut.insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL())
        let placeholder = ImagePlaceholder(samples: [UInt8](repeating: 0x80, count: 9))

        try sut.saveRenditions([], placeholder: placeholder, of: source, recipe: recipe)
        XCTAssertEqual(try cache.rows("SELECT placeholder FROM rendition_sets"), [[.text("808080808080808080")]])
        XCTAssertEqual(try sut.renditions(of: source, recipe: recipe), .made([], placeholder: placeholder))

        try cache.execute("UPDATE rendition_sets SET placeholder = 'not hex'")
        XCTAssertEqual(try sut.renditions(of: source, recipe: recipe), .made([], placeholder: nil))
    }

    func test_renditions_isUnknownForAnotherRecipeAndForAnotherSource() async throws {
        let (sut, _, _) = try makeImageStore(for: self)
        let source = try await sut.insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL())
        let other = try await sut.insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL())
        try sut.saveRenditions([(480, 300, .jpeg, Self.jpeg())], of: source, recipe: recipe)

        XCTAssertEqual(try sut.renditions(of: source, recipe: "widths=480,960;quality=90;v1"), .unknown)
        XCTAssertEqual(try sut.renditions(of: other, recipe: recipe), .unknown)
    }

    func test_renditions_isMadeAndEmptyWhenTheRecipeMadeNone() async throws {
        let (sut, _, _) = try makeImageStore(for: self)
        let source = try await sut.insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL())

        try sut.saveRenditions([], of: source, recipe: recipe)

        XCTAssertEqual(try sut.renditions(of: source, recipe: recipe), .made([]))
    }

    func test_renditions_isUnknownWhenABlobOfTheSetIsMissingOrNoLongerHashesToItsName() async throws {
        let (sut, _, images) = try makeImageStore(for: self)
        let (first, second) = (
            try await sut.insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL()),
            try await sut.insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL())
        )
        let missing = try sut.saveRenditions([(480, 300, .jpeg, Self.jpeg()), (960, 600, .jpeg, Self.jpeg())], of: first, recipe: recipe)
        let damaged = try sut.saveRenditions([(480, 300, .jpeg, Self.jpeg())], of: second, recipe: recipe)
        try FileManager.default.removeItem(at: blobFile(missing[1].sha256, in: images))
        var bytes = try Data(contentsOf: blobFile(damaged[0].sha256, in: images))
        bytes[bytes.count - 1] ^= 0xFF
        try bytes.write(to: blobFile(damaged[0].sha256, in: images))

        XCTAssertEqual(try sut.renditions(of: first, recipe: recipe), .unknown)
        XCTAssertEqual(try sut.renditions(of: second, recipe: recipe), .unknown)
    }

    func test_renditions_isUnknownForARowEditedByHandIntoAFormatOrDigestThisFeedsiteDoesNotKnow() async throws {
        let (sut, cache, _) = try makeImageStore(for: self)
        let source = try await sut.insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL())
        let other = try await sut.insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL())
        try sut.saveRenditions([(480, 300, .jpeg, Self.jpeg())], of: source, recipe: recipe)
        try sut.saveRenditions([(480, 300, .jpeg, Self.jpeg())], of: other, recipe: recipe)

        try cache.execute("UPDATE renditions SET format = 'jpeg-xl' WHERE source = '\(source.sha256)'")
        try cache.execute("UPDATE renditions SET sha256 = 'not hex' WHERE source = '\(other.sha256)'")

        XCTAssertEqual(try sut.renditions(of: source, recipe: recipe), .unknown)
        XCTAssertEqual(try sut.renditions(of: other, recipe: recipe), .unknown)
    }

    func test_saveRenditions_rewritesADamagedBlobItFindsAndTheSetIsWholeAgain() async throws {
        let (sut, _, images) = try makeImageStore(for: self)
        let source = try await sut.insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL())
        let rendition = Self.jpeg()
        let saved = try sut.saveRenditions([(480, 300, .jpeg, rendition)], of: source, recipe: recipe)
        try Data("damaged".utf8).write(to: blobFile(saved[0].sha256, in: images))

        try sut.saveRenditions([(480, 300, .jpeg, rendition)], of: source, recipe: recipe)

        XCTAssertEqual(try Data(contentsOf: blobFile(saved[0].sha256, in: images)), Data(rendition))
        XCTAssertEqual(try sut.renditions(of: source, recipe: recipe), .made(saved))
    }

    // MARK: - Not decodable

    func test_saveNotDecodable_isRememberedWithItsReasonAcrossReopeningTheCache() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let images = folder.appendingPathComponent("images")
        let source = try await { () async throws -> StoredImage in
            let sut = SQLiteImageStore(try openCache(in: folder), folder: images, now: fixedNow(), fileClock: wallClock)
            let source = try await sut.insert(CacheFixtures.jpegBytes(), for: CacheFixtures.uniqueImageURL())

            try sut.saveNotDecodable(source: source, recipe: recipe, reason: "arithmetic-coded JPEG")

            XCTAssertEqual(try sut.renditions(of: source, recipe: recipe), .notDecodable(reason: "arithmetic-coded JPEG"))
            return source
        }()

        let reopened = SQLiteImageStore(try openCache(in: folder), folder: images, now: fixedNow(), fileClock: wallClock)
        XCTAssertEqual(try reopened.renditions(of: source, recipe: recipe), .notDecodable(reason: "arithmetic-coded JPEG"))
        XCTAssertEqual(try reopened.renditions(of: source, recipe: "another recipe"), .unknown, "refused by one recipe, unknown to another")
    }

    func test_saveRenditions_replacesWhatWasRecordedForTheSourceAndRecipe() async throws {
        let (sut, cache, _) = try makeImageStore(for: self)
        let source = try await sut.insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL())
        try sut.saveRenditions([(480, 300, .jpeg, Self.jpeg()), (960, 600, .jpeg, Self.jpeg())], of: source, recipe: recipe)
        try sut.saveNotDecodable(source: source, recipe: recipe, reason: "a reason")

        let saved = try sut.saveRenditions([(320, 200, .png, Self.png())], of: source, recipe: recipe)

        XCTAssertEqual(try sut.renditions(of: source, recipe: recipe), .made(saved))
        XCTAssertEqual(try cache.rows("SELECT count(*) FROM renditions"), [[.integer(1)]], "the first set's rows are gone")
        XCTAssertEqual(try cache.rows("SELECT reason FROM rendition_sets"), [[.null]])
    }

    // MARK: - Content addressing

    func test_saveRenditions_storesIdenticalBytesOfTwoSourcesOnce() async throws {
        let (sut, cache, images) = try makeImageStore(for: self)
        let first = try await sut.insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL())
        let second = try await sut.insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL())
        let shared = Self.jpeg("the same picture")

        let fromFirst = try sut.saveRenditions([(480, 300, .jpeg, shared)], of: first, recipe: recipe)
        let fromSecond = try sut.saveRenditions([(480, 300, .jpeg, shared)], of: second, recipe: recipe)

        XCTAssertEqual(fromFirst, fromSecond)
        let sha256 = SHA256.hexDigest(shared)
        XCTAssertEqual(
            CacheFixtures.files(under: images.appendingPathComponent("blobs")).filter { $0.hasSuffix(sha256) }, ["\(sha256.prefix(2))/\(sha256)"])
        XCTAssertEqual(try cache.rows("SELECT count(*) FROM blobs WHERE sha256 = '\(sha256)'"), [[.integer(1)]])
        XCTAssertEqual(try cache.rows("SELECT count(*) FROM renditions WHERE sha256 = '\(sha256)'"), [[.integer(2)]])
    }

    // MARK: - Reading back

    func test_bytes_readsBackARenditionAndAnOriginal() async throws {
        let (sut, _, _) = try makeImageStore(for: self)
        let original = CacheFixtures.pngBytes()
        let source = try await sut.insert(original, for: CacheFixtures.uniqueImageURL())
        let rendition = Self.jpeg()
        let saved = try sut.saveRenditions([(480, 300, .jpeg, rendition)], of: source, recipe: recipe)

        XCTAssertEqual(try sut.bytes(of: saved[0]), rendition)
        XCTAssertEqual(try sut.bytes(of: source), [UInt8](original))
    }

    func test_bytes_isAReadErrorNamingTheBlobWhenItIsMissingLongerShorterOrDamaged() async throws {
        let (sut, _, images) = try makeImageStore(for: self)
        let data = CacheFixtures.pngBytes()
        let image = try await sut.insert(data, for: CacheFixtures.uniqueImageURL())
        let blob = blobFile(image.sha256, in: images)
        var flipped = data
        flipped[flipped.count - 1] ^= 0xFF

        for (contents, reason) in [
            (data + Data([0]), "it holds more than the \(data.count) bytes stored"),
            (data.dropLast(), "it holds \(data.count - 1) bytes, not the \(data.count) stored"),
            (flipped, "its bytes no longer hash to its name"),
            (nil, "it is missing"),
        ] {
            if let contents { try contents.write(to: blob) } else { try FileManager.default.removeItem(at: blob) }

            XCTAssertThrowsError(try sut.bytes(of: image)) { error in
                XCTAssertEqual(error as? CacheError, .cannot(.read, "cache file \(blob.path)", reason: reason))
            }
        }
    }

    // MARK: - A full disk

    func test_saveRenditions_onAFullDatabaseIsAFullCacheNamingItAndRecordsNothing() async throws {
        let (sut, cache, _) = try makeImageStore(for: self)
        let source = try await sut.insert(CacheFixtures.pngBytes(), for: CacheFixtures.uniqueImageURL())
        let before = try cache.dump()
        // The database's own page limit fails a write the way a full disk does.
        let pages = try XCTUnwrap(try cache.rows("PRAGMA page_count").first?.first)
        guard case let .integer(count) = pages else { return XCTFail("page_count is \(pages)") }
        try cache.execute("PRAGMA max_page_count = \(count)")
        let many = (0..<200).map { (width: 480 + $0, height: 300, format: ImageFormat.jpeg, bytes: Self.jpeg("rendition \($0)")) }

        XCTAssertThrowsError(try sut.saveRenditions(many, of: source, recipe: recipe)) { error in
            XCTAssertEqual(error as? CacheError, .full(OutOfSpace(path: cache.path, limit: .device)))
        }
        XCTAssertEqual(try sut.renditions(of: source, recipe: recipe), .unknown)
        XCTAssertEqual(try cache.dump(), before, "no row of the renditions was written")
    }

    // MARK: - Helpers

    /// Bytes that start as a JPEG does, told apart by `tag`.
    private static func jpeg(_ tag: String = UUID().uuidString) -> [UInt8] {
        [UInt8](CacheFixtures.jpegBytes(tag))
    }

    /// Bytes that start as a PNG does, told apart by `tag`.
    private static func png(_ tag: String = UUID().uuidString) -> [UInt8] {
        [UInt8](CacheFixtures.pngBytes(tag))
    }
}
