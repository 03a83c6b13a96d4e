import FeedCore
import FileSystem
import Foundation
import SQLite
import TestSupport
import XCTest

@testable import FeedStorage

/// A folder is a cache only when it holds nothing but what feedsite makes there, and a
/// database of feedsite's schema; anything else is refused whole, with nothing written.
final class CacheFolderTests: XCTestCase {
    // MARK: - What is a cache

    func test_check_acceptsAMissingFolderAndAnEmptyOne() throws {
        let root = try makeTemporaryFolder(for: self)

        XCTAssertEqual(try CacheFolder.check(root.appendingPathComponent("new")), CacheFolder.Contents())
        XCTAssertEqual(try CacheFolder.check(root), CacheFolder.Contents())
    }

    func test_check_acceptsEverythingFeedsiteMakesInACacheAndFindsItsDatabaseFeedsites() throws {
        let folder = try makeTemporaryFolder(for: self)
        _ = try openCache(in: folder)
        let blob = String(repeating: "ab", count: 32)
        try write(
            [
                ".lock": "pid 1", "cache.sqlite.damaged-20240520T112459Z": "garbage", "cache.sqlite.damaged-20240520T112459Z-2-wal": "",
                "images/blobs/ab/\(blob)": "png", "images/blobs/.feedsite-tmp-1-2-download.tmp": "", "images/.feedsite-tmp-3-4-x.tmp": "",
                ".feedsite-tmp-5-6-feed.json.tmp": "",
            ], in: folder)

        let contents = try CacheFolder.check(folder)

        XCTAssertEqual(contents.database, .feedsites(version: 4))
        XCTAssertTrue(contents.earlier.isEmpty)
    }

    // MARK: - What is refused

    func test_check_refusesAFolderOfSomeoneElsesFilesNamedLikeTheEarlierLayoutCountingThemAndNamingTheFirst() throws {
        let folder = try makeTemporaryFolder(for: self)
        try write(["feed.json": "", "thesis.txt": "", "comments/2024/review.txt": "", "images/index/photo.jpg": ""], in: folder)
        let before = try snapshotOfFiles(in: folder)

        XCTAssertThrowsError(try CacheFolder.check(folder)) { error in
            XCTAssertEqual(error as? CacheFolder.Refusal, .holdsOtherEntries(folder.path, count: 4, example: "comments/2024"))
            XCTAssertEqual(
                "\(error)",
                "cache folder \(folder.path) holds 4 entries feedsite did not make, such as comments/2024; "
                    + "it is not a feedsite cache: choose a new or empty folder for --cache")
        }
        XCTAssertEqual(try snapshotOfFiles(in: folder), before)
    }

    func test_check_refusesAnythingBesideWhatFeedsiteMakesEvenADotFileOrAFolderNamedLikeAFile() throws {
        for (path, example) in [
            ".gitignore": ".gitignore", "images/thumbnails/a.png": "images/thumbnails", "images/blobs/xyz/a": "images/blobs/xyz",
            "cache.sqlite/x": "cache.sqlite", "images/blobs/notes.txt": "images/blobs/notes.txt",
        ] {
            let folder = try makeTemporaryFolder(for: self)
            try write([path: ""], in: folder)

            XCTAssertThrowsError(try CacheFolder.check(folder), path) { error in
                XCTAssertEqual(error as? CacheFolder.Refusal, .holdsOtherEntries(folder.path, count: 1, example: example), path)
            }
        }
    }

    func test_check_refusesAFileAsTheFolder() throws {
        let file = try makeTemporaryFolder(for: self).appendingPathComponent("cache")
        try Data("mine".utf8).write(to: file)

        XCTAssertThrowsError(try CacheFolder.check(file)) { error in
            XCTAssertEqual(error as? CacheFolder.Refusal, .notAFolder(file.path))
            XCTAssertEqual("\(error)", "cache \(file.path) exists and is not a folder; choose a folder for --cache")
        }
    }

    func test_check_refusesADatabaseLinkThatLeadsNowhereSoSQLiteNeverMakesTheFileItNames() throws {
        let folder = try makeTemporaryFolder(for: self)
        let target = folder.deletingLastPathComponent().appendingPathComponent("\(UUID().uuidString).db")
        try FileManager.default.createSymbolicLink(atPath: cacheDatabaseFile(in: folder).path, withDestinationPath: target.path)

        XCTAssertThrowsError(try CacheFolder.check(folder)) { error in
            XCTAssertEqual(error as? CacheFolder.Refusal, .holdsOtherEntries(folder.path, count: 1, example: CacheDatabase.fileName))
        }
        XCTAssertThrowsError(try CacheDatabase.open(folder: folder, now: fixedNow()))
        XCTAssertFalse(FileManager.default.fileExists(atPath: target.path))
    }

    func test_check_neverReadsADeviceOrAPipeNamedLikeAnEarlierLayoutFile() throws {
        let folder = try makeTemporaryFolder(for: self)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("feed.json").path, withDestinationPath: "/dev/zero")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: false)
        XCTAssertEqual(mkfifo(folder.appendingPathComponent("images/references").path, 0o644), 0)

        XCTAssertThrowsError(try CacheFolder.check(folder)) { error in
            XCTAssertEqual(error as? CacheFolder.Refusal, .holdsOtherEntries(folder.path, count: 2, example: "feed.json"))
        }
    }

    // MARK: - Another program's database

    func test_check_refusesAnotherProgramsDatabaseHereOrThroughALinkLeavingItByteForByte() throws {
        let root = try makeTemporaryFolder(for: self)
        let theirs = root.appendingPathComponent("app.db")
        try makeForeignDatabase(at: theirs)
        let bytes = try Data(contentsOf: theirs)
        let linked = root.appendingPathComponent("linked")
        try FileManager.default.createDirectory(at: linked, withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(at: cacheDatabaseFile(in: linked), withDestinationURL: theirs)
        let here = root.appendingPathComponent("here")
        try FileManager.default.createDirectory(at: here, withIntermediateDirectories: false)
        try FileManager.default.copyItem(at: theirs, to: cacheDatabaseFile(in: here))

        for folder in [linked, here] {
            XCTAssertThrowsError(try CacheFolder.check(folder)) { error in
                XCTAssertEqual(error as? CacheFolder.Refusal, .foreignDatabase(cacheDatabaseFile(in: folder).path, tables: ["notes", "users"]))
            }
            XCTAssertThrowsError(try CacheDatabase.open(folder: folder, now: fixedNow())) { error in
                XCTAssertEqual(
                    error as? CacheDatabase.OpenError, .refused(.foreignDatabase(cacheDatabaseFile(in: folder).path, tables: ["notes", "users"])))
                XCTAssertEqual(
                    "\(error)",
                    "cache database \(cacheDatabaseFile(in: folder).path) is not one feedsite made (its tables: notes, users); "
                        + "feedsite never changes it: move it away, or choose another folder for --cache")
            }
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [CacheDatabase.fileName], "no lock, journal or images")
            XCTAssertEqual(try Data(contentsOf: cacheDatabaseFile(in: folder)), bytes)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.path).sorted(), ["app.db", "here", "linked"])
    }

    func test_check_refusesADatabaseWithFeedsitesVersionButATableOfAnotherProgram() throws {
        let folder = try makeTemporaryFolder(for: self)
        do {
            let database = try Database(path: cacheDatabaseFile(in: folder).path)
            try database.execute(CacheSchema.migrations[0])
            try database.execute("CREATE TABLE invoices (total REAL)")
            try database.setUserVersion(1)
        }

        XCTAssertThrowsError(try CacheFolder.check(folder)) { error in
            XCTAssertEqual(
                error as? CacheFolder.Refusal,
                .foreignDatabase(cacheDatabaseFile(in: folder).path, tables: ["blobs", "comments", "feed", "feed_items", "images", "invoices"]))
        }
    }

    func test_check_takesItsOwnDatabaseWithAnIndexSomeoneAddedForTheirQueries() throws {
        let folder = try makeTemporaryFolder(for: self)
        do {
            let cache = try openCache(in: folder)
            try cache.execute("CREATE INDEX feed_items_by_location ON feed_items (location)")
        }

        XCTAssertEqual(try CacheFolder.check(folder).database, .feedsites(version: 4))
    }

    // MARK: - Helpers

    /// A database of another program's: two tables, not feedsite's.
    private func makeForeignDatabase(at file: URL) throws {
        try makeDatabase(
            at: file, sql: "CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO users VALUES (1, 'ada'); CREATE TABLE notes (body TEXT)")
    }

    private func write(_ files: [String: String], in folder: URL) throws {
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }
}
