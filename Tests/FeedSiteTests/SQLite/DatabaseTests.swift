import Foundation
import SQLite
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

final class DatabaseTests: XCTestCase {
    func test_statement_readsBackEachTypeAsWritten() throws {
        let database = try Database.inMemory()
        try database.execute("CREATE TABLE things (number INTEGER, real REAL, words TEXT, bytes BLOB, absent TEXT)")
        let words = "Ünïcødé 日本語 🙂 ok"
        let bytes = Data([0, 0, 1, 0, 255, 0])

        try database.prepare("INSERT INTO things VALUES (?, ?, ?, ?, ?)").run(.integer(Int64.min), 2.5, .text(words), .blob(bytes), nil)

        let select = try database.prepare("SELECT number, real, words, bytes, absent FROM things")
        XCTAssertTrue(try select.step())
        XCTAssertEqual(select.columnCount, 5)
        XCTAssertEqual(select.int64(at: 0), Int64.min)
        XCTAssertEqual(select.double(at: 1), 2.5)
        XCTAssertEqual(select.text(at: 2), words)
        XCTAssertEqual(select.blob(at: 3), bytes)
        XCTAssertTrue(select.isNull(at: 4))
        XCTAssertNil(select.text(at: 4))
        XCTAssertEqual(
            (0..<5).map(select.value(at:)),
            [.integer(Int64.min), .real(2.5), .text(words), .blob(bytes), .null]
        )
        XCTAssertFalse(try select.step())
    }

    func test_statement_keepsEmptyTextAndAnEmptyBlobApartFromNull() throws {
        let database = try Database.inMemory()
        try database.execute("CREATE TABLE things (words TEXT, bytes BLOB)")

        try database.prepare("INSERT INTO things VALUES (?, ?)").run("", .blob(Data()))

        let select = try database.prepare("SELECT words, bytes, typeof(words), typeof(bytes) FROM things")
        XCTAssertTrue(try select.step())
        XCTAssertEqual(select.text(at: 0), "")
        XCTAssertEqual(select.blob(at: 1), Data())
        XCTAssertEqual(select.text(at: 2), "text")
        XCTAssertEqual(select.text(at: 3), "blob")
    }

    func test_statement_runsAgainAfterReset() throws {
        let database = try Database.inMemory()
        try database.execute("CREATE TABLE numbers (value INTEGER PRIMARY KEY)")
        let insert = try database.prepare("INSERT INTO numbers VALUES (?)")
        let count = try database.prepare("SELECT count(*), sum(value) FROM numbers WHERE value > ?")

        for value in Int64(1)...5 { XCTAssertEqual(try insert.run(.integer(value)), 1) }

        var read: [[Int64]] = []
        for bound: Int64 in [0, 3] {
            try count.forEachRow(.integer(bound)) { row in read.append([row.int64(at: 0), row.int64(at: 1)]) }
        }
        XCTAssertEqual(read, [[5, 15], [2, 9]])
        XCTAssertEqual(database.lastInsertRowID, 5)
    }

    func test_statement_stepsByHandAfterBindingByIndex() throws {
        let database = try Database.inMemory()
        let select = try database.prepare("SELECT ?2 || ?1")

        try select.bind("b", at: 1)
        try select.bind("a", at: 2)
        XCTAssertTrue(try select.step())
        XCTAssertEqual(select.text(at: 0), "ab")
        select.reset()

        XCTAssertTrue(try select.step())
        XCTAssertTrue(select.isNull(at: 0), "reset unbinds the parameters")
    }

    func test_transaction_commitsWhatTheBodyWrote() throws {
        let database = try Database.inMemory()
        try database.execute("CREATE TABLE numbers (value INTEGER)")

        let result = try database.transaction {
            try database.prepare("INSERT INTO numbers VALUES (1), (2)").run()
            return database.changes
        }

        XCTAssertEqual(result, 2)
        XCTAssertFalse(database.isInTransaction)
        XCTAssertEqual(try count(in: database), 2)
    }

    func test_transaction_rollsBackAndRethrowsWhenTheBodyThrows() throws {
        struct Stop: Error {}
        let database = try Database.inMemory()
        try database.execute("CREATE TABLE numbers (value INTEGER)")
        try database.execute("INSERT INTO numbers VALUES (1)")

        XCTAssertThrowsError(
            try database.transaction {
                try database.execute("INSERT INTO numbers VALUES (2); DELETE FROM numbers WHERE value = 1")
                try database.setUserVersion(7)
                throw Stop()
            }
        ) { error in XCTAssertTrue(error is Stop) }

        XCTAssertFalse(database.isInTransaction)
        XCTAssertEqual(try database.prepare("SELECT value FROM numbers").allIntegers(), [1])
        XCTAssertEqual(try database.userVersion, 0)
    }

    func test_userVersion_isZeroInANewDatabaseAndKeepsWhatIsSet() throws {
        let file = try makeTemporaryFolder(for: self).appendingPathComponent("cache.sqlite")
        XCTAssertEqual(try Database(path: file.path).userVersion, 0)

        try Database(path: file.path).setUserVersion(3)

        XCTAssertEqual(try Database(path: file.path).userVersion, 3)
    }

    func test_open_putsAFileDatabaseInWALModeWithFullSyncAndItsTemporaryFilesInMemory() throws {
        let file = try makeTemporaryFolder(for: self).appendingPathComponent("cache.sqlite")
        let database = try Database(path: file.path)

        XCTAssertEqual(try database.prepare("PRAGMA journal_mode").allTexts(), ["wal"])
        XCTAssertEqual(try database.prepare("PRAGMA synchronous").allIntegers(), [2], "FULL")
        XCTAssertEqual(try database.prepare("PRAGMA temp_store").allIntegers(), [2], "MEMORY")
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path))
    }

    func test_open_keepsWhatAnEarlierConnectionCommitted() throws {
        let file = try makeTemporaryFolder(for: self).appendingPathComponent("cache.sqlite")
        do {
            let database = try Database(path: file.path)
            try database.execute("CREATE TABLE words (value TEXT)")
            try database.prepare("INSERT INTO words VALUES (?)").run("kept")
        }

        XCTAssertEqual(try Database(path: file.path).prepare("SELECT value FROM words").allTexts(), ["kept"])
    }

    func test_open_failsWithAMissingFolder() throws {
        let file = try makeTemporaryFolder(for: self).appendingPathComponent("missing/cache.sqlite")

        XCTAssertThrowsError(try Database(path: file.path)) { error in
            let error = error as? SQLiteError
            XCTAssertEqual(error?.primaryCode, 14)
            XCTAssertEqual(error?.description, "unable to open database file (SQLITE_CANTOPEN)")
            XCTAssertEqual(error?.isDamaged, false)
        }
    }

    func test_open_saysAFileOfOtherBytesIsNotADatabase() throws {
        let file = try makeTemporaryFolder(for: self).appendingPathComponent("cache.sqlite")
        try Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(to: file)

        XCTAssertThrowsError(try Database(path: file.path)) { error in
            let error = error as? SQLiteError
            XCTAssertEqual(error?.isDamaged, true)
            XCTAssertEqual(error?.isFull, false)
            XCTAssertEqual(error?.isBusy, false)
            XCTAssertEqual(error?.description, "file is not a database (SQLITE_NOTADB)")
        }
    }

    func test_open_saysATruncatedDatabaseIsDamaged() throws {
        let file = try makeTemporaryFolder(for: self).appendingPathComponent("cache.sqlite")
        do {
            let database = try Database(path: file.path)
            try database.execute("CREATE TABLE words (value TEXT)")
            let insert = try database.prepare("INSERT INTO words VALUES (?)")
            try database.transaction { for _ in 0..<500 { try insert.run(.text(String(repeating: "x", count: 100))) } }
        }
        let whole = try Data(contentsOf: file)
        try whole.prefix(whole.count / 2 + 100).write(to: file)

        XCTAssertThrowsError(try Database(path: file.path).prepare("SELECT count(*) FROM words").allIntegers()) { error in
            XCTAssertEqual((error as? SQLiteError)?.isDamaged, true, "\(error)")
        }
    }

    func test_error_namesTheConstraintAParameterBroke() throws {
        let database = try Database.inMemory()
        try database.execute("CREATE TABLE items (id TEXT PRIMARY KEY)")
        let insert = try database.prepare("INSERT INTO items VALUES (?)")
        try insert.run("a")

        XCTAssertThrowsError(try insert.run("a")) { error in
            let error = error as? SQLiteError
            XCTAssertEqual(error?.primaryCode, 19)
            XCTAssertEqual(error?.extendedCode, 1555)
            XCTAssertEqual(
                error?.description, "constraint failed (SQLITE_CONSTRAINT, extended code 1555): UNIQUE constraint failed: items.id")
        }
        XCTAssertEqual(try insert.run("b"), 1, "the statement runs again after its failure")
    }

    func test_transaction_failsAsFullWhenTheDatabaseCannotGrowAndKeepsTheLastCommit() throws {
        let file = try makeTemporaryFolder(for: self).appendingPathComponent("cache.sqlite")
        let database = try Database(path: file.path)
        try database.execute("CREATE TABLE words (value TEXT)")
        try database.prepare("INSERT INTO words VALUES (?)").run("committed")
        // A database's own page limit fails the way a full disk does.
        try database.execute("PRAGMA max_page_count = \(try database.prepare("PRAGMA page_count").allIntegers()[0] + 2)")
        let insert = try database.prepare("INSERT INTO words VALUES (?)")

        XCTAssertThrowsError(try database.transaction { for _ in 0..<100 { try insert.run(.text(String(repeating: "x", count: 4000))) } }) { error in
            let error = error as? SQLiteError
            XCTAssertEqual(error?.isFull, true)
            XCTAssertEqual(error?.isDamaged, false)
            XCTAssertEqual(error?.description, "database or disk is full (SQLITE_FULL)")
        }

        XCTAssertFalse(database.isInTransaction)
        XCTAssertEqual(try Database(path: file.path).prepare("SELECT value FROM words").allTexts(), ["committed"])
    }

    func test_transaction_failsAsBusyWhileAnotherConnectionWrites() throws {
        let file = try makeTemporaryFolder(for: self).appendingPathComponent("cache.sqlite")
        let writer = try Database(path: file.path)
        let other = try Database(path: file.path, busyTimeout: .zero)
        try writer.execute("CREATE TABLE words (value TEXT)")

        try writer.transaction {
            XCTAssertThrowsError(try other.transaction {}) { error in
                let error = error as? SQLiteError
                XCTAssertEqual(error?.isBusy, true)
                XCTAssertEqual(error?.description, "database is locked (SQLITE_BUSY)")
            }
        }

        XCTAssertNoThrow(try other.transaction {}, "the lock is free once the writer commits")
    }

    func test_error_tellsFullDamagedAndBusyApartByTheirCodes() {
        let full = SQLiteError(extendedCode: 13, message: "database or disk is full")
        let corrupt = SQLiteError(extendedCode: 11, message: "database disk image is malformed")
        let notADatabase = SQLiteError(extendedCode: 26, message: "file is not a database")
        let busy = SQLiteError(extendedCode: 5, message: "database is locked")
        let busySnapshot = SQLiteError(extendedCode: 5 | (2 << 8), message: "database is locked")
        let writeFailed = SQLiteError(extendedCode: 10 | (3 << 8), message: "disk I/O error")

        XCTAssertEqual([full, corrupt, notADatabase, busy, busySnapshot, writeFailed].map(\.isFull), [true, false, false, false, false, false])
        XCTAssertEqual([full, corrupt, notADatabase, busy, busySnapshot, writeFailed].map(\.isDamaged), [false, true, true, false, false, false])
        XCTAssertEqual([full, corrupt, notADatabase, busy, busySnapshot, writeFailed].map(\.isBusy), [false, false, false, true, true, false])
        XCTAssertEqual(full.description, "database or disk is full (SQLITE_FULL)")
        XCTAssertEqual(writeFailed.description, "disk I/O error (SQLITE_IOERR, extended code 778)")
    }

    func test_error_isFullForAnIOErrorWhoseSystemErrorIsAFullDiskOrQuota() {
        let writeOnFullDisk = SQLiteError(extendedCode: 10 | (3 << 8), message: "disk I/O error", systemErrno: ENOSPC)
        let walIndexOverQuota = SQLiteError(extendedCode: 10 | (19 << 8), message: "disk I/O error", systemErrno: EDQUOT)
        let fullOverQuota = SQLiteError(extendedCode: 13, message: "database or disk is full", systemErrno: EDQUOT)
        let otherIOError = SQLiteError(extendedCode: 10 | (3 << 8), message: "disk I/O error", systemErrno: EIO)
        let withoutSystemError = SQLiteError(extendedCode: 10, message: "disk I/O error")
        let errors = [writeOnFullDisk, walIndexOverQuota, fullOverQuota, otherIOError, withoutSystemError]

        XCTAssertEqual(errors.map(\.isFull), [true, true, true, false, false])
        XCTAssertEqual(errors.map(\.isOverQuota), [false, true, true, false, false])
        XCTAssertEqual(errors.map(\.isDamaged), [false, false, false, false, false])
        XCTAssertEqual(writeOnFullDisk.description, "disk I/O error (SQLITE_IOERR, extended code 778)")
    }

    func test_error_namesSQLThatDoesNotCompile() throws {
        let database = try Database.inMemory()

        XCTAssertThrowsError(try database.prepare("SELEKT 1")) { error in
            XCTAssertEqual("\(error)", "SQL logic error (SQLITE_ERROR): near \"SELEKT\": syntax error")
        }
        XCTAssertThrowsError(try database.execute("SELECT * FROM missing")) { error in
            XCTAssertEqual("\(error)", "SQL logic error (SQLITE_ERROR): no such table: missing")
        }
    }

    func test_libraryVersion_isSQLite3() {
        XCTAssertTrue(Database.libraryVersion.hasPrefix("3."), Database.libraryVersion)
    }

    private func count(in database: Database) throws -> Int64 {
        try database.prepare("SELECT count(*) FROM numbers").allIntegers().first ?? -1
    }
}

extension Statement {
    fileprivate func allIntegers() throws -> [Int64] {
        var values: [Int64] = []
        try forEachRow { values.append($0.int64(at: 0)) }
        return values
    }

    fileprivate func allTexts() throws -> [String?] {
        var values: [String?] = []
        try forEachRow { values.append($0.text(at: 0)) }
        return values
    }
}
