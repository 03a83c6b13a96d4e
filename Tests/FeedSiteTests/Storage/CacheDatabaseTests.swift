import FeedCore
import Foundation
import SQLite
import TestSupport
import XCTest

@testable import FeedStorage

/// Opening the cache's database (its schema, a newer one, a damaged file) and its
/// transactions: a write alone, a batch, a failed write inside a batch.
final class CacheDatabaseTests: XCTestCase {
    // MARK: - Opening

    func test_open_givesANewDatabaseSchemaVersionFourAndItsSevenEmptyTables() throws {
        let (folder, cache) = try makeCache(for: self)

        XCTAssertEqual(try cache.rows("PRAGMA user_version"), [[.integer(4)]])
        XCTAssertEqual(
            try cache.tableCounts().map(\.table), ["feed", "feed_items", "comments", "blobs", "images", "rendition_sets", "renditions"])
        XCTAssertEqual(try cache.tableCounts().map(\.rows), [0, 0, 0, 0, 0, 0, 0])
        XCTAssertEqual(cache.path, cacheDatabaseFile(in: folder).path)
    }

    func test_open_migratesAVersionOneDatabaseToVersionFourKeepingEveryRowAddingEmptyRenditionTablesAndBlobsNeverChecked() throws {
        let folder = try makeTemporaryFolder(for: self)
        let (blob, url) = (String(repeating: "ab", count: 32), "https://images.example/a.png")
        let rows: [String: [[SQLiteValue]]] = [
            "feed": [[.integer(1), .real(737_000_000.5)]],
            "feed_items": [[.integer(0), .text("id-0"), .text(url), .text("a description"), .null, .real(736_000_000.25)]],
            "comments": [[.text("id-0"), .real(737_000_000), .text("\"etag\""), .null, .text("[]")]],
            "blobs": [[.text(blob), .real(737_000_000)]],
            "images": [[.text(url), .text(blob)]],
        ]
        do {
            let version1 = try Database(path: cacheDatabaseFile(in: folder).path)
            try version1.execute(CacheSchema.migrations[0])
            for (table, tableRows) in rows {
                for row in tableRows {
                    let insert = try version1.prepare("INSERT INTO \(table) VALUES (\(row.map { _ in "?" }.joined(separator: ", ")))")
                    try insert.bind(row)
                    _ = try insert.step()
                }
            }
            try version1.setUserVersion(1)
        }
        XCTAssertEqual(CacheDatabase.inspect(cacheDatabaseFile(in: folder).path), .feedsites(version: 1))

        let opening = try CacheDatabase.open(folder: folder, now: fixedNow())

        XCTAssertNil(opening.setAside)
        XCTAssertEqual(try opening.database.rows("PRAGMA user_version"), [[.integer(4)]])
        var expected = rows
        expected["rendition_sets"] = []
        expected["renditions"] = []
        expected["blobs"] = [[.text(blob), .real(737_000_000)] + Array(repeating: .null, count: 7)]
        XCTAssertEqual(try opening.database.dump(), expected)
        XCTAssertEqual(
            Set(try opening.database.read { try $0.database.schema() }), try CacheSchema.entries(atVersion: 4),
            "the same tables and indexes as a new database's")
    }

    func test_open_createsTheCacheFolderWhenMissing() throws {
        let folder = try makeTemporaryFolder(for: self).appendingPathComponent("a/b/cache")

        let opening = try CacheDatabase.open(folder: folder, now: fixedNow())

        XCTAssertTrue(FileManager.default.fileExists(atPath: cacheDatabaseFile(in: folder).path))
        XCTAssertNil(opening.setAside)
        XCTAssertNil(opening.imported)
        XCTAssertEqual(opening.oldFilesNotRemoved, [])
    }

    func test_open_refusesADatabaseOfANewerSchemaSayingSoAndLeavesItUntouched() throws {
        let folder = try makeTemporaryFolder(for: self)
        let file = cacheDatabaseFile(in: folder)
        do {
            let newer = try Database(path: file.path)
            for migration in CacheSchema.migrations { try newer.execute(migration) }
            try newer.execute("CREATE TABLE from_the_future (value TEXT)")
            try newer.setUserVersion(CacheSchema.version + 1)
        }
        let bytesBefore = try Data(contentsOf: file)

        XCTAssertThrowsError(try CacheDatabase.open(folder: folder, now: fixedNow())) { error in
            XCTAssertEqual(
                error as? CacheDatabase.OpenError,
                .failed(
                    .cannot(
                        .read, "cache database \(file.path)",
                        reason: "it was written by a newer feedsite (schema version 5; this one knows up to 4); run that version, or use another --cache")))
        }
        XCTAssertEqual(try Data(contentsOf: file), bytesBefore)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [CacheDatabase.fileName])
    }

    func test_open_setsAsideADatabaseThatHoldsNothingWithoutChangingItAndOpensAnEmptyCache() throws {
        let folder = try makeTemporaryFolder(for: self)
        try makeDatabase(at: cacheDatabaseFile(in: folder), sql: nil)
        let bytes = try Data(contentsOf: cacheDatabaseFile(in: folder))

        let opening = try CacheDatabase.open(folder: folder, now: fixedNow())

        let aside = folder.appendingPathComponent("cache.sqlite.damaged-20240520T112459Z")
        XCTAssertEqual(opening.setAside, CacheDatabase.SetAside(path: aside.path, reason: nil))
        XCTAssertEqual(try Data(contentsOf: aside), bytes)
        XCTAssertEqual(try opening.database.tableCounts().map(\.rows), [0, 0, 0, 0, 0, 0, 0])
    }

    func test_open_setsAsideAFileOfGarbageBytesKeepingThemAndOpensAnEmptyCache() throws {
        let folder = try makeTemporaryFolder(for: self)
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: cacheDatabaseFile(in: folder))

        try assertOpeningSetsAside(garbage, in: folder)
    }

    func test_open_setsASecondDamagedDatabaseAsideUnderTheSameClockBesideTheFirstKeepingBoth() throws {
        let folder = try makeTemporaryFolder(for: self)
        let (first, second) = (Data(repeating: 1, count: 4096), Data(repeating: 2, count: 4096))
        try first.write(to: cacheDatabaseFile(in: folder))
        _ = try CacheDatabase.open(folder: folder, now: fixedNow())
        try second.write(to: cacheDatabaseFile(in: folder))

        let opening = try CacheDatabase.open(folder: folder, now: fixedNow())

        let stamp = "cache.sqlite.damaged-20240520T112459Z"
        XCTAssertEqual(opening.setAside?.path, folder.appendingPathComponent("\(stamp)-2").path)
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent(stamp)), first, "the first set-aside file is kept")
        XCTAssertEqual(try Data(contentsOf: folder.appendingPathComponent("\(stamp)-2")), second)
    }

    func test_open_setsAsideATruncatedDatabaseKeepingItsBytesAndOpensAnEmptyCache() async throws {
        let folder = try makeTemporaryFolder(for: self)
        try await fillCache(in: folder)
        let whole = try Data(contentsOf: cacheDatabaseFile(in: folder))
        let truncated = whole.prefix(whole.count / 2 + 100)
        try truncated.write(to: cacheDatabaseFile(in: folder))

        try assertOpeningSetsAside(truncated, in: folder)
    }

    func test_open_setsAsideADatabaseWithAnOverwrittenPageKeepingItsBytesAndOpensAnEmptyCache() async throws {
        let folder = try makeTemporaryFolder(for: self)
        try await fillCache(in: folder)
        var bytes = try Data(contentsOf: cacheDatabaseFile(in: folder))
        let page = 4_096
        let middle = bytes.count / page / 2 * page
        bytes.replaceSubrange(middle..<middle + page, with: Data((0..<page).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }))
        try bytes.write(to: cacheDatabaseFile(in: folder))

        try assertOpeningSetsAside(bytes, in: folder)
    }

    func test_open_keepsNoSharedMemoryFileWhileOpen() async throws {
        let (folder, cache) = try makeCache(for: self)

        try SQLiteFeedStore(cache).insert(uniqueFeedItems(), timestamp: fixedNow())

        XCTAssertEqual(try cache.rows("PRAGMA locking_mode"), [[.text("exclusive")]])
        XCTAssertTrue(FileManager.default.fileExists(atPath: cacheDatabaseFile(in: folder).path + "-wal"), "in WAL mode")
        XCTAssertFalse(FileManager.default.fileExists(atPath: cacheDatabaseFile(in: folder).path + "-shm"))
    }

    // MARK: - Writes and batches

    func test_write_outsideABatchIsCommittedAtOnce() throws {
        let folder = try makeTemporaryFolder(for: self)
        let feed = uniqueFeedItems()
        let cache = try openCache(in: folder)

        try SQLiteFeedStore(cache).insert(feed, timestamp: fixedNow())

        XCTAssertEqual(try isInTransaction(cache), false)
        // A copy of the files as they are now, as a crash would leave them: what is committed.
        let copy = try makeTemporaryFolder(for: self)
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(atPath: cache.path + suffix, toPath: cacheDatabaseFile(in: copy).path + suffix)
        }
        XCTAssertEqual(try SQLiteFeedStore(try openCache(in: copy)).retrieve(), CachedFeed(feed: feed, timestamp: fixedNow()))
    }

    func test_batch_commitsItsWritesAtItsEnd() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let feed = uniqueFeedItems()
        let imageID = UUID()
        var inTransactionDuring: [Bool] = []
        do {
            let cache = try openCache(in: folder)
            try await cache.batch {
                try SQLiteFeedStore(cache).insert(feed, timestamp: fixedNow())
                inTransactionDuring.append(try isInTransaction(cache))
                try SQLiteCommentsStore(cache).insert([], validators: nil, timestamp: fixedNow(), imageID: imageID)
                inTransactionDuring.append(try isInTransaction(cache))
            }
            XCTAssertEqual(try isInTransaction(cache), false)
        }

        XCTAssertEqual(inTransactionDuring, [true, true], "one transaction, left open until the batch ends")
        let reopened = try openCache(in: folder)
        XCTAssertEqual(try SQLiteFeedStore(reopened).retrieve(), CachedFeed(feed: feed, timestamp: fixedNow()))
        XCTAssertEqual(try SQLiteCommentsStore(reopened).retrieve(imageID: imageID), CachedComments(comments: [], timestamp: fixedNow()))
    }

    func test_batch_keepsItsWritesWhenItsBodyThrows() async throws {
        struct Interrupted: Error {}
        let folder = try makeTemporaryFolder(for: self)
        let feed = uniqueFeedItems()
        do {
            let cache = try openCache(in: folder)
            let error = await errorOf {
                try await cache.batch {
                    try SQLiteFeedStore(cache).insert(feed, timestamp: fixedNow())
                    throw Interrupted()
                }
            }
            XCTAssertTrue(error is Interrupted, "the body's error goes on: \(String(describing: error))")
            XCTAssertEqual(try isInTransaction(cache), false)
        }

        XCTAssertEqual(try SQLiteFeedStore(try openCache(in: folder)).retrieve(), CachedFeed(feed: feed, timestamp: fixedNow()))
    }

    func test_batch_rollsBackOnlyTheWriteThatFailsInsideIt() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let previous = CachedFeed(feed: uniqueFeedItems(count: 3), timestamp: fixedNow())
        let (before, after) = (UUID(), UUID())
        var failure: Error?
        do {
            let cache = try openCache(in: folder)
            let (feeds, comments) = (SQLiteFeedStore(cache), SQLiteCommentsStore(cache))
            try feeds.insert(previous.feed, timestamp: previous.timestamp)
            try cache.refuse("INSERT", on: "feed")
            try await cache.batch {
                try comments.insert([], validators: nil, timestamp: fixedNow(), imageID: before)
                // Replaces the items, then is refused at the save time: all of it goes.
                failure = await errorOf { try feeds.insert(uniqueFeedItems(count: 5), timestamp: fixedNow().adding(seconds: 1)) }
                try comments.insert([], validators: nil, timestamp: fixedNow(), imageID: after)
            }
        }

        assertCacheError(failure, .write, naming: "cache database \(cacheDatabaseFile(in: folder).path)")
        let reopened = try openCache(in: folder)
        XCTAssertEqual(try SQLiteFeedStore(reopened).retrieve(), previous)
        XCTAssertNotNil(try SQLiteCommentsStore(reopened).retrieve(imageID: before))
        XCTAssertNotNil(try SQLiteCommentsStore(reopened).retrieve(imageID: after))
    }

    // MARK: - Helpers

    /// Opening `folder` finds `bytes` at the database's place: it moves them, whole, to
    /// `cache.sqlite.damaged-<the run's time>`, the only such file, and opens a new, empty cache.
    private func assertOpeningSetsAside(_ bytes: Data, in folder: URL, file: StaticString = #filePath, line: UInt = #line) throws {
        let opening = try CacheDatabase.open(folder: folder, now: fixedNow())

        let aside = folder.appendingPathComponent("cache.sqlite.damaged-20240520T112459Z")
        XCTAssertEqual(opening.setAside?.path, aside.path, file: file, line: line)
        XCTAssertEqual(opening.setAside?.reason?.isEmpty, false, file: file, line: line)
        let damaged = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("cache.sqlite.damaged-") }
        XCTAssertEqual(damaged, [aside.lastPathComponent], file: file, line: line)
        XCTAssertEqual(try Data(contentsOf: aside), bytes, "the damaged bytes are kept", file: file, line: line)
        XCTAssertEqual(try opening.database.tableCounts().map(\.rows), [0, 0, 0, 0, 0, 0, 0], file: file, line: line)
        XCTAssertNil(try SQLiteFeedStore(opening.database).retrieve(), file: file, line: line)
    }

    /// A cache in `folder` of some hundred pages, closed.
    private func fillCache(in folder: URL) async throws {
        let cache = try openCache(in: folder)
        let comments = SQLiteCommentsStore(cache)
        try await cache.batch {
            for _ in 0..<300 { try comments.insert(CacheFixtures.uniqueComments(count: 3), validators: nil, timestamp: fixedNow(), imageID: UUID()) }
        }
    }

    private func isInTransaction(_ cache: CacheDatabase) throws -> Bool {
        try cache.read { $0.database.isInTransaction }
    }
}
