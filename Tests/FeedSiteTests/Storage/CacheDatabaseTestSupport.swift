import FeedCore
import Foundation
import SQLite
import TestSupport
import XCTest

@testable import FeedStorage

// Helpers for the tests of the cache database and its stores (Tests/FeedSiteTests/Storage).

/// A cache folder of the test's own, removed when the test ends, with its database open.
func makeCache(for testCase: XCTestCase, now: Date = fixedNow(), file: StaticString = #filePath, line: UInt = #line) throws -> (
    folder: URL, cache: CacheDatabase
) {
    let folder = try makeTemporaryFolder(for: testCase, file: file, line: line)
    return (folder, try openCache(in: folder, now: now))
}

/// An image store in a cache folder of the test's own (`makeCache`), its blobs under
/// `images`, its clock at `now`.
func makeImageStore(for testCase: XCTestCase, now: Date = fixedNow()) throws -> (sut: SQLiteImageStore, cache: CacheDatabase, images: URL) {
    let (folder, cache) = try makeCache(for: testCase)
    let images = folder.appendingPathComponent("images")
    return (SQLiteImageStore(cache, folder: images, now: now, fileClock: wallClock), cache, images)
}

/// The database in `folder`, opened as a run opens it.
func openCache(in folder: URL, now: Date = fixedNow()) throws -> CacheDatabase {
    try CacheDatabase.open(folder: folder, now: now).database
}

/// A database file of some program's, made by running `sql`, and left in the rollback-journal
/// mode most programs use.
func makeDatabase(at file: URL, sql: String?) throws {
    let database = try Database(path: file.path)
    if let sql { try database.execute(sql) }
    try database.execute("PRAGMA journal_mode = DELETE")
}

/// The path of the database file in `folder`.
func cacheDatabaseFile(in folder: URL) -> URL {
    folder.appendingPathComponent(CacheDatabase.fileName)
}

/// What every failure of the cache database names.
func entryName(of cache: CacheDatabase) -> String {
    "cache database \(cache.path)"
}

extension CacheDatabase {
    /// Runs `sql` on the cache's own connection as one write: a trigger, an edit by hand.
    func execute(_ sql: String) throws {
        try write { try $0.database.execute(sql) }
    }

    /// Every row `sql` selects, each column as SQLite stored it.
    func rows(_ sql: String) throws -> [[SQLiteValue]] {
        try read { connection in
            let select = try connection.database.prepare(sql)
            var rows: [[SQLiteValue]] = []
            try select.forEachRow { row in rows.append((0..<row.columnCount).map(row.value(at:))) }
            return rows
        }
    }

    /// Every row of every table, in a fixed order: the database's whole contents, to compare.
    func dump() throws -> [String: [[SQLiteValue]]] {
        var tables: [String: [[SQLiteValue]]] = [:]
        for (table, _) in try tableCounts() {
            tables[table] = try rows("SELECT * FROM \"\(table)\" ORDER BY 1")
        }
        return tables
    }

    /// When the blob named `sha256` was last referred to, by its row; `nil` without one.
    func lastReferred(_ sha256: String) throws -> Date? {
        try rows("SELECT last_referred FROM blobs WHERE sha256 = '\(sha256)'").first?.first?.date
    }

    /// Makes every `event` (INSERT, UPDATE, DELETE) on `table` fail from now on, as SQLite
    /// fails a statement: aborted with the message "refused".
    func refuse(_ event: String, on table: String) throws {
        try execute("CREATE TRIGGER refuse_\(event.lowercased())_\(table) BEFORE \(event) ON \(table) BEGIN SELECT RAISE(ABORT, 'refused'); END")
    }
}

extension SQLiteValue {
    /// The text, or `nil` for any other value.
    var text: String? {
        if case let .text(text) = self { return text }
        return nil
    }

    /// The number as a date (the cache's times: seconds since 2001), or `nil` for any other value.
    var date: Date? {
        switch self {
        case let .real(seconds): Date(timeIntervalSinceReferenceDate: seconds)
        case let .integer(seconds): Date(timeIntervalSinceReferenceDate: Double(seconds))
        default: nil
        }
    }
}

/// The file's inode number: two names of one file share it.
func fileNumber(of url: URL, file: StaticString = #filePath, line: UInt = #line) throws -> UInt64 {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return try XCTUnwrap((attributes[.systemFileNumber] as? NSNumber)?.uint64Value, "no file number for \(url.path)", file: file, line: line)
}

/// `<images>/blobs/<h[0..2]>/<h>`, h = the SHA-256 of the bytes in lower-case hex, as documented.
func blobFile(_ sha256: String, in images: URL) -> URL {
    images.appendingPathComponent("blobs").appendingPathComponent(String(sha256.prefix(2))).appendingPathComponent(sha256)
}
