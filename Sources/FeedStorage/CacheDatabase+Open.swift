import FeedCore
import FileSystem
import Foundation
import SQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CacheDatabase {
    /// What opening the cache found on the way.
    public struct Opening: Sendable {
        public let database: CacheDatabase
        /// The damaged database set aside, if there was one.
        public let setAside: SetAside?
        /// What was taken over from a cache of the earlier layout, if there was one.
        public let imported: LegacyCache.Imported?
        /// Files of the earlier layout that could not be removed, each with why.
        public let oldFilesNotRemoved: [String]
    }

    /// A damaged database, moved out of the way under a dated name.
    public struct SetAside: Equatable, Sendable {
        public let path: String
        public let reason: String
    }

    /// Opens (or creates) the database in `folder`, brought to the current schema. A file
    /// that is not a database, or whose pages do not check out (truncated, overwritten), is
    /// set aside as `cache.sqlite.damaged-<time>` and a new, empty one is made in its place.
    /// A cache of the earlier layout (one file per fact) is imported, then its files are
    /// removed. Call it while holding the cache's `RunLock`.
    public static func open(folder: URL, now: Date) throws(CacheError) -> Opening {
        let path = folder.appendingPathComponent(fileName).path
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            if let full = OutOfSpace(writing: folder.path, error) { throw .full(full) }
            throw .cannot(.write, "cache folder \(folder.path)", reason: "\(error)")
        }
        var setAside: SetAside?
        let database: Database
        do {
            database = try checked(path)
        } catch let error as SQLiteError where error.isDamaged {
            setAside = try moveAside(path, reason: error.message, now: now)
            database = try attempt(.write, path) { try Database(path: path, exclusive: true) }
        } catch {
            throw failure(.read, path, error)
        }
        let cache = CacheDatabase(path: path, database: database)
        let imported = try cache.migrate { try LegacyCache.importFiles(in: folder, $0, now: now) }
        // Once the import is committed; a run killed before this finds the files again, in a
        // database that is no longer new, and only removes them.
        let notRemoved = LegacyCache.removeFiles(in: folder)
        return Opening(database: cache, setAside: setAside, imported: imported, oldFilesNotRemoved: notRemoved)
    }

    /// The database at `path`, with SQLite's quick check passed: a damaged one throws an
    /// `SQLiteError` that `isDamaged`.
    private static func checked(_ path: String) throws -> Database {
        let database = try Database(path: path, exclusive: true)
        let check = try database.prepare("PRAGMA quick_check(1)")
        let verdict = try check.step() ? check.text(at: 0) : nil
        guard verdict == "ok" else {
            // The check's report is lines ("*** in database main ***", then each fault): one
            // line here, for the warning that quotes it.
            let faults = verdict.map { $0.split(separator: "\n").filter { !$0.hasPrefix("***") }.joined(separator: "; ") }
            throw SQLiteError.damaged(faults ?? "the quick check gave no answer")
        }
        return database
    }

    /// Renames the database (and its write-ahead log, if any) to `<name>.damaged-<time>`; the
    /// shared-memory index is only removed, SQLite rebuilds it.
    private static func moveAside(_ path: String, reason: String, now: Date) throws(CacheError) -> SetAside {
        let stamp = ISO8601Date.format(now).filter { $0 != ":" && $0 != "-" }
        // A name no earlier set-aside file has: two damaged databases under one pinned clock
        // (--now) keep both.
        var aside = "\(path).damaged-\(stamp)"
        var number = 1
        while FileManager.default.fileExists(atPath: aside) || FileManager.default.fileExists(atPath: aside + "-wal") {
            number += 1
            aside = "\(path).damaged-\(stamp)-\(number)"
        }
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: path + suffix) {
            guard rename(path + suffix, aside + suffix) == 0 else {
                let problem = String(cString: strerror(errno))
                throw .cannot(.write, "cache database \(path)", reason: "it is damaged (\(reason)) and cannot be set aside: \(problem)")
            }
        }
        unlink(path + "-shm")
        return SetAside(path: aside, reason: reason)
    }

    /// `body`, its failure as a `CacheError` naming the database at `path`.
    static func attempt<Value>(_ operation: CacheError.Operation, _ path: String, _ body: () throws -> Value) throws(CacheError) -> Value {
        do {
            return try body()
        } catch {
            throw failure(operation, path, error)
        }
    }

    static func failure(_ operation: CacheError.Operation, _ path: String, _ error: any Error) -> CacheError {
        if let error = error as? CacheError { return error }
        if let error = error as? SQLiteError, error.isFull { return .full(OutOfSpace(path: path, limit: error.isOverQuota ? .quota : .device)) }
        return .cannot(operation, "cache database \(path)", reason: "\(error)")
    }
}
