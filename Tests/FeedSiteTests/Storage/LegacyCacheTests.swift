import FeedCore
import Foundation
import Hashing
import TestSupport
import XCTest

@testable import FeedStorage

/// Opening a cache folder of the earlier layout (one file per fact) takes it over into the
/// database once, then removes the old files; the blobs stay where they are.
final class LegacyCacheTests: XCTestCase {
    /// When the old cache is opened: the run's clock.
    private let now = fixedNow()

    func test_open_importsTheFeedDatingLinesWithoutAFirstSeenDateByTheFilesTimestamp() throws {
        let old = try OldCache(for: self)
        let savedAt = Date(timeIntervalSinceReferenceDate: 700_000_000.5)
        let dated = FeedItem(image: uniqueImage(), firstSeen: Date(timeIntervalSinceReferenceDate: 690_000_000.25))
        let undated = uniqueImage(description: nil, location: "Zürich")
        try old.writeFeed([FeedCacheLine(image: dated.image, firstSeen: dated.firstSeen), FeedCacheLine(image: undated, firstSeen: nil)], savedAt: savedAt)

        let opening = try CacheDatabase.open(folder: old.folder, now: now)

        XCTAssertEqual(opening.imported?.feedItems, 2)
        XCTAssertEqual(
            try SQLiteFeedStore(opening.database).retrieve(),
            CachedFeed(feed: [dated, FeedItem(image: undated, firstSeen: savedAt)], timestamp: savedAt))
    }

    func test_open_importsEachImagesCommentsWithTheirValidatorsAndSaveTime() throws {
        let old = try OldCache(for: self)
        let saved = [
            UUID(): CachedComments(
                comments: CacheFixtures.uniqueComments(), timestamp: CacheFixtures.fractionalTimestamp(),
                validators: HTTPValidators(etag: "\"v1\"", lastModified: "Mon, 20 May 2024 11:24:59 GMT")),
            UUID(): CachedComments(comments: [], timestamp: CacheFixtures.fractionalTimestamp(plusSeconds: 1), validators: nil),
            UUID(): CachedComments(
                comments: CacheFixtures.uniqueComments(count: 1), timestamp: CacheFixtures.fractionalTimestamp(plusSeconds: 2),
                validators: HTTPValidators(etag: nil, lastModified: "Sun, 06 Nov 1994 08:49:37 GMT")),
        ]
        for (imageID, comments) in saved { try old.writeComments(comments, for: imageID) }

        let opening = try CacheDatabase.open(folder: old.folder, now: now)

        XCTAssertEqual(opening.imported?.comments, 3)
        for (imageID, comments) in saved {
            XCTAssertEqual(try SQLiteCommentsStore(opening.database).retrieve(imageID: imageID), comments)
        }
    }

    func test_open_pointsEachFeedURLWhoseIndexEntryLeadsToABlobAtItAsReferredToNow() async throws {
        let old = try OldCache(for: self)
        let images = (0..<3).map { _ in uniqueImage() }
        let shared = try old.storeBlob(CacheFixtures.pngBytes(), for: [images[0].url, images[1].url])
        let notInTheFeed = CacheFixtures.uniqueImageURL()
        _ = try old.storeBlob(CacheFixtures.jpegBytes(), for: [notInTheFeed])
        try old.writeFeed(images.map { FeedCacheLine(image: $0, firstSeen: nil) }, savedAt: now.adding(days: -1))

        let opening = try CacheDatabase.open(folder: old.folder, now: now)

        XCTAssertEqual(opening.imported?.imageURLs, 2)
        XCTAssertEqual(
            try opening.database.rows("SELECT url, sha256 FROM images ORDER BY url"),
            [images[0].url, images[1].url].map(\.absoluteString).sorted().map { [.text($0), .text(shared)] })
        XCTAssertEqual(try opening.database.rows("SELECT last_referred FROM blobs WHERE sha256 = '\(shared)'").first?.first?.date, now)
        let store = SQLiteImageStore(opening.database, folder: old.images, now: now, fileClock: wallClock)
        let retrieved = try store.retrieve(for: images[1].url)
        XCTAssertEqual(retrieved?.sha256, shared)
    }

    func test_open_takesEachStoredBlobsLastReferenceFromTheReferencesFile() throws {
        let old = try OldCache(for: self)
        let image = uniqueImage()
        let inTheFeed = try old.storeBlob(CacheFixtures.pngBytes(), for: [image.url])
        let onlyReferred = try old.storeBlob(CacheFixtures.jpegBytes(), for: [])
        let gone = SHA256.hexDigest(Data("a blob no longer stored".utf8))
        let (anHourAgo, twoDaysAgo) = (now.adding(seconds: -3_600), now.adding(days: -2))
        try old.writeReferences([inTheFeed: twoDaysAgo, onlyReferred: anHourAgo, gone: anHourAgo])
        try old.writeFeed([FeedCacheLine(image: image, firstSeen: nil)], savedAt: twoDaysAgo)

        let opening = try CacheDatabase.open(folder: old.folder, now: now)

        let lastReferred = try opening.database.rows("SELECT sha256, last_referred FROM blobs").map { ($0[0].text!, $0[1].date!) }
        XCTAssertEqual(
            Dictionary(uniqueKeysWithValues: lastReferred), [inTheFeed: now, onlyReferred: OldCache.hour(atOrAfter: anHourAgo)],
            "the later of the two times; nothing for a blob that is gone")
    }

    func test_open_refusesAFolderWhoseEarlierLayoutFilesDoNotAllReadAsTheEarlierReleasesAndWritesNothing() throws {
        let old = try OldCache(for: self)
        try old.writeComments(CachedComments(comments: CacheFixtures.uniqueComments(), timestamp: fixedNow()), for: UUID())
        let unreadable = OldCache.commentsPath(for: UUID())
        try old.write(CacheFixtures.garbage, at: unreadable)
        try old.write(CacheFixtures.garbage, at: "comments/ab/not-a-uuid.json")
        try old.write(CacheFixtures.garbage, at: "feed.json")
        try old.write(CacheFixtures.garbage, at: "images/references")
        let before = try snapshotOfFiles(in: old.folder)

        XCTAssertThrowsError(try CacheDatabase.open(folder: old.folder, now: now)) { error in
            XCTAssertEqual(
                error as? CacheDatabase.OpenError,
                .refused(.holdsOtherEntries(old.folder.path, count: 4, example: ["comments/ab/not-a-uuid.json", unreadable].min()!)))
        }
        XCTAssertEqual(try snapshotOfFiles(in: old.folder), before, "nothing imported, removed or made")
    }

    func test_open_removesOnlyTheFilesItTookOverAndAFolderOnlyOnceEmpty() throws {
        let old = try OldCache(for: self)
        let imageID = UUID()
        try old.writeComments(CachedComments(comments: [], timestamp: now), for: imageID)
        let shard = "comments/\(imageID.uuidString.prefix(2).lowercased())"
        let leftover = "\(shard)/.feedsite-tmp-1-2-x.json.tmp"
        try old.write(Data("a killed run's".utf8), at: leftover)

        let opening = try CacheDatabase.open(folder: old.folder, now: now)

        XCTAssertEqual(opening.imported?.comments, 1)
        XCTAssertEqual(CacheFixtures.files(under: old.folder.appendingPathComponent("comments")), [String(leftover.dropFirst("comments/".count))])
    }

    func test_open_removesTheOldFilesAndKeepsTheBlobs() throws {
        let old = try OldCache(for: self)
        let image = uniqueImage()
        let data = CacheFixtures.pngBytes()
        let sha256 = try old.storeBlob(data, for: [image.url])
        try old.writeFeed([FeedCacheLine(image: image, firstSeen: nil)], savedAt: now)
        try old.writeComments(CachedComments(comments: [], timestamp: now), for: image.id)
        try old.writeReferences([sha256: now])

        let opening = try CacheDatabase.open(folder: old.folder, now: now)

        XCTAssertEqual(opening.oldFilesNotRemoved, [])
        for name in ["feed.json", "comments", "images/index", "images/references"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: old.folder.appendingPathComponent(name).path), name)
        }
        XCTAssertEqual(try Data(contentsOf: blobFile(sha256, in: old.images)), data)
        XCTAssertEqual(CacheFixtures.files(under: old.images), ["blobs/\(sha256.prefix(2))/\(sha256)"])
    }

    func test_open_importsOnceAndOnlyRemovesAnOldFileFoundAgainLater() throws {
        let old = try OldCache(for: self)
        let imported = uniqueFeedItems(count: 2)
        try old.writeFeed(imported.map { FeedCacheLine(image: $0.image, firstSeen: $0.firstSeen) }, savedAt: now)
        do {
            _ = try CacheDatabase.open(folder: old.folder, now: now)
        }
        try old.writeFeed([FeedCacheLine(image: uniqueImage(), firstSeen: nil)], savedAt: now.adding(days: 1))

        let opening = try CacheDatabase.open(folder: old.folder, now: now.adding(days: 1))

        XCTAssertNil(opening.imported)
        XCTAssertEqual(try SQLiteFeedStore(opening.database).retrieve(), CachedFeed(feed: imported, timestamp: now))
        XCTAssertFalse(FileManager.default.fileExists(atPath: old.folder.appendingPathComponent("feed.json").path))
    }

    func test_open_importsNothingFromAFolderWithoutOldFiles() throws {
        let old = try OldCache(for: self)
        _ = try old.storeBlob(CacheFixtures.pngBytes(), for: [])

        let opening = try CacheDatabase.open(folder: old.folder, now: now)

        XCTAssertNil(opening.imported)
        XCTAssertEqual(try opening.database.tableCounts().map(\.rows), [0, 0, 0, 0, 0, 0, 0])
    }
}

/// A cache folder of the earlier layout, written as feedsite wrote it then.
private struct OldCache {
    let folder: URL

    init(for testCase: XCTestCase) throws {
        folder = try makeTemporaryFolder(for: testCase)
    }

    var images: URL { folder.appendingPathComponent("images") }

    /// `feed.json`.
    func writeFeed(_ lines: [FeedCacheLine], savedAt: Date) throws {
        var text = ""
        try CacheCodec<FeedCacheLine>.feed.encode(lines, timestamp: savedAt) { text += $0 }
        try write(Data(text.utf8), at: "feed.json")
    }

    /// `comments/<first two hex digits, lower-case>/<ID>.json`.
    func writeComments(_ cached: CachedComments, for imageID: UUID) throws {
        var text = ""
        try CacheCodec<ImageComment>.comments.encode(cached.comments, timestamp: cached.timestamp, validators: cached.validators) { text += $0 }
        try write(Data(text.utf8), at: Self.commentsPath(for: imageID))
    }

    static func commentsPath(for imageID: UUID) -> String {
        "comments/\(imageID.uuidString.prefix(2).lowercased())/\(imageID.uuidString).json"
    }

    /// The blob of `data`, and an index entry for each of `urls` (`images/index/<u[0..2]>/<u>`,
    /// u = the SHA-256 of the URL) as a hard link to it. The blob's SHA-256.
    func storeBlob(_ data: Data, for urls: [URL]) throws -> String {
        let sha256 = SHA256.hexDigest(data)
        let blob = blobFile(sha256, in: images)
        try write(data, at: "images/blobs/\(sha256.prefix(2))/\(sha256)")
        for url in urls {
            let key = SHA256.hexDigest(Array(url.absoluteString.utf8))
            let entry = images.appendingPathComponent("index/\(key.prefix(2))/\(key)")
            try FileManager.default.createDirectory(at: entry.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.linkItem(at: blob, to: entry)
        }
        return sha256
    }

    /// `images/references`: a header line, then 36-byte records sorted by digest, each the
    /// blob's SHA-256 and the hour it was last referred to (hours since 1970, little-endian).
    func writeReferences(_ lastReferred: [String: Date]) throws {
        var data = Data("feedsite image references 1\n".utf8)
        for (sha256, date) in lastReferred.sorted(by: { $0.key < $1.key }) {
            data.append(contentsOf: SHA256.Digest(hex: sha256)!.bytes)
            let hours = UInt32((date.timeIntervalSince1970 / 3_600).rounded(.up))
            withUnsafeBytes(of: hours.littleEndian) { data.append(contentsOf: $0) }
        }
        try write(data, at: "images/references")
    }

    /// The time a reference to `date` was kept as: rounded up to the hour.
    static func hour(atOrAfter date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 3_600).rounded(.up) * 3_600)
    }

    func write(_ data: Data, at path: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }
}
