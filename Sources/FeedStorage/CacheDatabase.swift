import FeedCore
import FileSystem
import Foundation
import SQLite
import Synchronization

/// The cache's one SQLite database (`<cache>/cache.sqlite`): the saved feed, each image's
/// comments, the index from image URL to blob, and when each blob was last referred to. The
/// image bytes themselves stay files (`SQLiteImageStore`).
///
/// One connection, shared by the stores behind a mutex: SQLite's calls are short, so a store
/// holds the mutex only for its statements. Each statement is compiled once and reused.
///
/// A write is atomic on its own: alone, it is one transaction, committed (and synced) before
/// it returns; inside `batch`, it is a savepoint of the batch's one transaction, which the
/// batch commits at its end. A run batches each phase, so 10,000 comments lists cost one
/// commit, not 10,000.
///
/// Every failure is a `CacheError` naming the database; a full disk is `.full`.
public final class CacheDatabase: Sendable {
    public static let fileName = "cache.sqlite"

    /// The database file.
    public let path: String

    /// The SQLite library's version, such as "3.40.1".
    public static var sqliteVersion: String { Database.libraryVersion }
    /// The connection is only reachable through the mutex (`locked`), which hands it to one
    /// caller at a time; a body it is handed to must not keep it.
    private let connection: Mutex<Connection>

    /// The connection, the statements compiled on it, and whether a batch is open.
    final class Connection {
        let database: Database
        private var statements: [String: Statement] = [:]
        var batching = false

        init(database: Database) {
            self.database = database
        }

        /// `sql`, compiled the first time it is asked for.
        func statement(_ sql: String) throws -> Statement {
            if let statement = statements[sql] { return statement }
            let statement = try database.prepare(sql)
            statements[sql] = statement
            return statement
        }
    }

    init(path: String, database: sending Database) {
        self.path = path
        self.connection = Mutex(Connection(database: database))
    }

    /// `body` with the connection, under the mutex. What it returns leaves the mutex, so it
    /// must be `Sendable`: nothing of the connection's.
    private func locked<Value: Sendable>(_ body: (Connection) throws -> Value) rethrows -> Value {
        try connection.withLock { connection in try body(connection) }
    }

    /// Brings the database to the current schema; `filling` runs in the same transaction when
    /// the database is new.
    func migrate<Value: Sendable>(filling: (Connection) throws -> Value?) throws(CacheError) -> Value? {
        do {
            return try locked { connection in
                try CacheSchema.migrate(connection.database, path: path) { try filling(connection) }
            }
        } catch {
            throw failure(.write, error)
        }
    }

    /// Reads under the mutex; an SQLite failure is a read error naming the database.
    /// Inside a batch, the reads begin the batch's transaction, so SQLite asks the file for
    /// its size once for the batch instead of once for every read (BENCHMARKS.md, "What each
    /// trick buys", row "a batch's reads in its transaction").
    func read<Value: Sendable>(_ body: (Connection) throws -> Value) throws(CacheError) -> Value {
        do {
            return try locked { connection in
                if connection.batching, !connection.database.isInTransaction { try connection.statement("BEGIN").run() }
                return try body(connection)
            }
        } catch {
            throw failure(.read, error)
        }
    }

    /// Runs `body` as one atomic write: its own transaction, committed before this returns,
    /// or, inside a batch, a savepoint of the batch's transaction. What `body` did is rolled
    /// back when it throws.
    @discardableResult
    func write<Value: Sendable>(_ body: (Connection) throws -> Value) throws(CacheError) -> Value {
        do {
            return try locked { connection in
                let database = connection.database
                guard connection.batching else { return try database.transaction { try body(connection) } }
                if !database.isInTransaction { try connection.statement("BEGIN IMMEDIATE").run() }
                // Compiled once, like every statement: a phase makes thousands of writes.
                try connection.statement("SAVEPOINT one_write").run()
                do {
                    let value = try body(connection)
                    try connection.statement("RELEASE one_write").run()
                    return value
                } catch {
                    if database.isInTransaction { try? database.execute("ROLLBACK TO one_write; RELEASE one_write") }
                    throw error
                }
            }
        } catch {
            throw failure(.write, error)
        }
    }

    /// Runs `body` with every write in one transaction, committed when `body` ends, whether it
    /// returned or threw: what was written until a failure or a cancellation is complete,
    /// write by write, and kept. A commit that fails (a full disk) throws, unless `body` threw
    /// first; the database then keeps its last commit.
    public func batch<Value>(_ body: () async throws -> Value) async throws -> Value {
        locked { $0.batching = true }
        let value: Value
        do {
            value = try await body()
        } catch {
            try? endBatch()
            throw error
        }
        try endBatch()
        return value
    }

    private func endBatch() throws(CacheError) {
        do {
            try locked { connection in
                connection.batching = false
                if connection.database.isInTransaction { try connection.database.commit() }
            }
        } catch {
            throw failure(.write, error)
        }
    }

    /// Copies what the write-ahead log holds into the database file and empties the log, as
    /// closing the connection would: the folder then has the size it keeps after the run.
    public func checkpoint() throws(CacheError) {
        do {
            try locked { try $0.database.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
        } catch {
            throw failure(.write, error)
        }
    }

    /// `error` as a `CacheError`: a full disk is `.full` naming the database; an SQLite
    /// failure keeps SQLite's words; a `CacheError` stays as it is.
    func failure(_ operation: CacheError.Operation, _ error: any Error) -> CacheError {
        Self.failure(operation, path, error)
    }
}
