import Basics
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

    /// A damaged or empty database, moved out of the way under a dated name.
    public struct SetAside: Equatable, Sendable {
        public let path: String
        /// Why it was damaged; `nil` for a database that held nothing at all.
        public let reason: String?
    }

    /// Why the cache could not be opened.
    public enum OpenError: Error, Equatable, Sendable, CustomStringConvertible, SpaceAwareError {
        /// The folder, or the database in it, is not feedsite's: nothing was written.
        case refused(CacheFolder.Refusal)
        case failed(CacheError)

        public var description: String {
            switch self {
            case let .refused(refusal): refusal.description
            case let .failed(error): error.description
            }
        }

        public var outOfSpace: OutOfSpace? {
            if case let .failed(error) = self { return error.outOfSpace }
            return nil
        }
    }

    /// What a database file is, told from its schema without changing it.
    public enum Found: Equatable, Sendable {
        /// feedsite's, at this schema version.
        case feedsites(version: Int32)
        /// A newer feedsite's: feedsite's tables and more, at a version this one does not know.
        case newer(version: Int32)
        /// No tables and no version: nothing in it, whoever made it.
        case empty
        /// Not a database, or a damaged one, and why.
        case damaged(String)
        /// Another program's, with these tables.
        case foreign(tables: [String])
        /// Held by another connection, or unreadable for another reason: unknown for now.
        case unknown(String)
    }

    /// What the database file at `path` is, read without changing it (no file is created, no
    /// journal mode set); a write-ahead log a killed run left is read, and folded into the
    /// file when the connection closes, as any connection does.
    public static func inspect(_ path: String) -> Found {
        do {
            let database = try Database(existingAt: path)
            let version = try database.userVersion
            let schema = Set(try database.schema())
            if version == 0, schema.isEmpty { return .empty }
            // feedsite never writes a version below 0: a damaged header, as good as a damaged page.
            guard version >= 0 else { return .damaged("schema version \(version), which no feedsite writes") }
            // feedsite's tables and indexes, each as feedsite made it, and no other table: an
            // index or a trigger someone added holds no data of anyone's.
            if let expected = try? CacheSchema.entries(atVersion: min(version, CacheSchema.version)), schema.isSuperset(of: expected) {
                let tables = { (entries: Set<Database.SchemaEntry>) in entries.filter { $0.type == "table" } }
                if (1...CacheSchema.version).contains(version), tables(schema) == tables(expected) { return .feedsites(version: version) }
                if version > CacheSchema.version { return .newer(version: version) }
            }
            return .foreign(tables: schema.filter { $0.type == "table" && !$0.name.hasPrefix("sqlite_") }.map(\.name).sorted())
        } catch let error as SQLiteError where error.isDamaged {
            return .damaged(error.message)
        } catch {
            return .unknown("\(error)")
        }
    }

    /// Opens (or creates) the database in `folder`, brought to the current schema, once
    /// `CacheFolder` has found the folder to be a cache. A file that is not a database, or
    /// whose pages do not check out (truncated, overwritten), or that holds nothing at all, is
    /// set aside as `cache.sqlite.damaged-<time>` and a new, empty one is made in its place;
    /// another program's database is refused, unchanged. A cache of the earlier layout (one
    /// file per fact) is imported, then those of its files are removed. Call it while holding
    /// the cache's `RunLock`.
    public static func open(folder: URL, now: Date) throws(OpenError) -> Opening {
        let contents: CacheFolder.Contents
        do {
            contents = try CacheFolder.check(folder)
        } catch {
            throw .refused(error)
        }
        let path = folder.appendingPathComponent(fileName).path
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            if let full = OutOfSpace(writing: folder.path, error) { throw .failed(.full(full)) }
            throw .failed(.cannot(.write, "cache folder \(folder.path)", reason: "\(error)"))
        }
        var setAside: SetAside?
        let database: Database
        do throws(CacheError) {
            switch contents.database {
            case .none, .feedsites:
                do {
                    database = try checked(path)
                } catch let error as SQLiteError where error.isDamaged {
                    setAside = try moveAside(path, reason: error.message, now: now)
                    database = try attempt(.write, path) { try Database(path: path, exclusive: true) }
                } catch {
                    throw failure(.read, path, error)
                }
            case .empty:
                setAside = try moveAside(path, reason: nil, now: now)
                database = try attempt(.write, path) { try Database(path: path, exclusive: true) }
            case let .damaged(reason):
                setAside = try moveAside(path, reason: reason, now: now)
                database = try attempt(.write, path) { try Database(path: path, exclusive: true) }
            case let .newer(version):
                throw CacheSchema.newerVersion(version, path: path)
            case let .unknown(reason):
                throw .cannot(.read, "cache database \(path)", reason: reason)
            case .foreign:
                // `CacheFolder.check` has refused it already; never opened for writing.
                throw .cannot(.write, "cache database \(path)", reason: "it is not one feedsite made")
            }
        } catch {
            throw .failed(error)
        }
        let cache = CacheDatabase(path: path, database: database)
        var earlier = contents.earlier
        let imported: LegacyCache.Imported?
        do {
            imported = try cache.migrate { earlier.isEmpty ? nil : try LegacyCache.importFiles(&earlier, in: folder, $0, now: now) }
        } catch {
            throw .failed(error)
        }
        // Once the import is committed; a run killed before this finds the files again, in a
        // database that is no longer new, and only removes them.
        let notRemoved = LegacyCache.removeFiles(earlier)
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
    private static func moveAside(_ path: String, reason: String?, now: Date) throws(CacheError) -> SetAside {
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
                throw .cannot(
                    .write, "cache database \(path)", reason: "it is \(reason.map { "damaged (\($0))" } ?? "empty") and cannot be set aside: \(problem)")
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
