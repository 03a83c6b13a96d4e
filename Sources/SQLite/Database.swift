import CSQLite
import Foundation

/// One connection to an SQLite database: a file (created if missing, opened for reading and
/// writing, in WAL mode, every commit synced, its temporary files kept in memory) or a
/// private database in memory.
///
/// Neither a `Database` nor its ``Statement``s are `Sendable`: a connection and the statements
/// prepared on it belong to one task at a time. Something shared between tasks holds the
/// connection behind its own lock (a `Mutex`) and uses it inside that lock only. The
/// connection closes when the last reference to it, its statements' included, goes away.
public final class Database {
    /// The connection, never nil while the object lives.
    let handle: OpaquePointer

    /// Opens the database file at `path`, creating it if missing, in WAL mode with every
    /// commit synced to disk, waiting up to `busyTimeout` for another connection's lock. A
    /// file that is not a database fails here; a damaged one, here or at the first statement
    /// that reads the damage (both ``SQLiteError/isDamaged``).
    ///
    /// `exclusive` keeps the file locked from the first read until the connection closes, for
    /// a program that is the database's only user while it runs: then the write-ahead log's
    /// index lives in the process's memory, and there is no `-shm` file to map or grow.
    public convenience init(path: String, busyTimeout: Duration = .seconds(5), exclusive: Bool = false) throws {
        let handle = try Self.open(path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        self.init(handle: handle)
        // Reading the journal mode reads the file's header: a file that is no database fails
        // here rather than at the first query. A throw from here on closes the connection
        // (deinit), self being whole.
        setUp(busyTimeout: busyTimeout)
        if exclusive { try execute("PRAGMA locking_mode = EXCLUSIVE") }
        guard try text(of: "PRAGMA journal_mode = WAL") == "wal" else {
            throw SQLiteError(extendedCode: SQLITE_CANTOPEN, message: "SQLite could not turn on WAL mode for \(path)")
        }
        try execute("PRAGMA synchronous = FULL")
        // A write under a savepoint (as the cache makes every write inside a run's
        // transaction) keeps the pages it changes in a statement journal, a temporary file:
        // in /var/tmp by default, four writes a row. In memory they are copies, and nothing of
        // a run lands in /var/tmp: BENCHMARKS.md, "What each trick buys", row "statement
        // journals in memory".
        try execute("PRAGMA temp_store = MEMORY")
    }

    /// Opens the database file at `path` as it is, to read what it holds: no file is created,
    /// no mode or setting of the file is changed, and the file is locked for this connection
    /// alone while it is open, so no shared-memory file is made. A database another
    /// connection holds fails at the first read with ``SQLiteError/isBusy``, at once.
    public convenience init(existingAt path: String) throws {
        let handle = try Self.open(path, flags: SQLITE_OPEN_READWRITE)
        self.init(handle: handle)
        setUp(busyTimeout: .zero)
        try execute("PRAGMA locking_mode = EXCLUSIVE")
    }

    /// Every table, index, view and trigger the database defines, as SQLite keeps them
    /// (`sqlite_master`): type, name and the SQL that made it (`nil` for SQLite's own
    /// indexes), sorted by type and name.
    public func schema() throws -> [SchemaEntry] {
        let statement = try prepare("SELECT type, name, sql FROM sqlite_master ORDER BY type, name")
        var entries: [SchemaEntry] = []
        try statement.forEachRow { row in
            entries.append(SchemaEntry(type: row.text(at: 0) ?? "", name: row.text(at: 1) ?? "", sql: row.text(at: 2)))
        }
        return entries
    }

    /// One entry of ``schema()``.
    public struct SchemaEntry: Equatable, Hashable, Sendable {
        public let type: String
        public let name: String
        public let sql: String?

        public init(type: String, name: String, sql: String?) {
            self.type = type
            self.name = name
            self.sql = sql
        }
    }

    /// A new, empty, private database in memory, gone when the connection closes.
    public static func inMemory() throws -> Database {
        let database = Database(handle: try open(":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_MEMORY))
        database.setUp(busyTimeout: .zero)
        return database
    }

    private init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        // close_v2 closes once the last statement is finalized; statements hold the database,
        // so by now there are none.
        sqlite3_close_v2(handle)
    }

    private static func open(_ path: String, flags: Int32) throws -> OpaquePointer {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, flags | SQLITE_OPEN_FULLMUTEX, nil)
        guard let handle else { throw SQLiteError(extendedCode: SQLITE_NOMEM, message: "SQLite could not allocate a connection for \(path)") }
        guard code == SQLITE_OK else {
            let error = SQLiteError(
                extendedCode: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)), systemErrno: sqlite3_system_errno(handle))
            sqlite3_close_v2(handle)
            throw error
        }
        return handle
    }

    private func setUp(busyTimeout: Duration) {
        sqlite3_extended_result_codes(handle, 1)
        let milliseconds = busyTimeout.components.seconds * 1000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000
        sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
    }

    /// The SQLite library's version, such as "3.40.1".
    public static var libraryVersion: String { String(cString: sqlite3_libversion()) }

    /// Runs `sql`, one statement or several separated by semicolons, ignoring any rows.
    public func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            throw SQLiteError(
                extendedCode: sqlite3_extended_errcode(handle), message: message.map { String(cString: $0) } ?? lastMessage,
                systemErrno: sqlite3_system_errno(handle))
        }
    }

    /// Compiles one SQL statement, kept to be run again and again (bind, step, reset).
    public func prepare(_ sql: String) throws -> Statement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK else { throw lastError }
        guard let statement else { throw SQLiteError(extendedCode: SQLITE_MISUSE, message: "no SQL statement in \"\(sql)\"") }
        return Statement(handle: statement, database: self)
    }

    /// Runs `body` in one transaction: `BEGIN IMMEDIATE` (this connection takes the write lock
    /// now, not halfway), then `COMMIT`; `ROLLBACK` if `body` or the commit throws, and the
    /// error goes on.
    public func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("BEGIN IMMEDIATE")
        let result: Result
        do {
            result = try body()
        } catch {
            rollBack()
            throw error
        }
        try commit()
        return result
    }

    /// Commits the open transaction; when the commit fails, the transaction is rolled back
    /// and the error goes on, so the database keeps its last commit.
    public func commit() throws {
        do {
            try execute("COMMIT")
        } catch {
            rollBack()
            throw error
        }
    }

    /// Rolls back the open transaction, if any: some failures (a full disk, for one) have
    /// already rolled it back.
    private func rollBack() {
        if isInTransaction { try? execute("ROLLBACK") }
    }

    /// The number the application keeps in the database's header (`PRAGMA user_version`): 0 in
    /// a new database; the schema's version.
    public var userVersion: Int32 {
        get throws { Int32(truncatingIfNeeded: try integer(of: "PRAGMA user_version")) }
    }

    /// Writes the number ``userVersion`` reads; inside a transaction, it is part of it.
    public func setUserVersion(_ version: Int32) throws {
        try execute("PRAGMA user_version = \(version)")
    }

    /// The rows the last INSERT, UPDATE or DELETE changed.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// The row ID of the last row inserted on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Whether a transaction is open on this connection.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }

    var lastError: SQLiteError {
        SQLiteError(extendedCode: sqlite3_extended_errcode(handle), message: lastMessage, systemErrno: sqlite3_system_errno(handle))
    }

    private func text(of sql: String) throws -> String? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.text(at: 0) : nil
    }

    private func integer(of sql: String) throws -> Int64 {
        let statement = try prepare(sql)
        return try statement.step() ? statement.int64(at: 0) : 0
    }
}
