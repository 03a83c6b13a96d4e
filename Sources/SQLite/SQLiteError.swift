import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failure SQLite reported: its extended result code and its own message, in plain words.
///
/// The three cases a caller treats apart have a property each: ``isFull`` (the disk or the
/// database is full), ``isDamaged`` (the file is not a database, or a damaged one) and
/// ``isBusy`` (another connection holds the lock past the busy timeout).
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, `SQLITE_IOERR_WRITE`, …); its low
    /// byte is the primary code.
    public let extendedCode: Int32
    /// SQLite's message for this failure (`sqlite3_errmsg`), such as "UNIQUE constraint failed: items.id".
    public let message: String
    /// The operating system's error behind an I/O failure (`sqlite3_system_errno`), 0 when none.
    public let systemErrno: Int32

    public init(extendedCode: Int32, message: String, systemErrno: Int32 = 0) {
        self.extendedCode = extendedCode
        self.message = message
        self.systemErrno = systemErrno
    }

    /// A damage found by a check of the caller's own (`PRAGMA quick_check`'s report), as
    /// `SQLITE_CORRUPT`.
    public static func damaged(_ message: String) -> SQLiteError {
        SQLiteError(extendedCode: SQLITE_CORRUPT, message: message)
    }

    /// The primary result code (`SQLITE_FULL`, `SQLITE_CORRUPT`, …).
    public var primaryCode: Int32 { extendedCode & 0xFF }

    /// The disk, the quota or the database's own size limit is full: `SQLITE_FULL`, or an I/O
    /// failure (growing the write-ahead log's index, say) whose system error is `ENOSPC` or
    /// `EDQUOT`.
    public var isFull: Bool { primaryCode == SQLITE_FULL || systemErrno == ENOSPC || isOverQuota }

    /// The user's disk quota is full (`EDQUOT`).
    public var isOverQuota: Bool { systemErrno == EDQUOT }

    /// The file is no database, or a damaged one: truncated, overwritten, its pages inconsistent.
    public var isDamaged: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }

    /// Another connection held the database's lock for longer than the busy timeout.
    public var isBusy: Bool { primaryCode == SQLITE_BUSY }

    /// "database or disk is full (SQLITE_FULL)", followed by SQLite's message where it says more.
    public var description: String {
        let words = String(cString: sqlite3_errstr(extendedCode))
        let code = extendedCode == primaryCode ? name : "\(name), extended code \(extendedCode)"
        return message.isEmpty || message == words ? "\(words) (\(code))" : "\(words) (\(code)): \(message)"
    }

    /// The primary code's name in sqlite3.h.
    private var name: String {
        switch primaryCode {
        case SQLITE_ERROR: "SQLITE_ERROR"
        case SQLITE_INTERNAL: "SQLITE_INTERNAL"
        case SQLITE_PERM: "SQLITE_PERM"
        case SQLITE_ABORT: "SQLITE_ABORT"
        case SQLITE_BUSY: "SQLITE_BUSY"
        case SQLITE_LOCKED: "SQLITE_LOCKED"
        case SQLITE_NOMEM: "SQLITE_NOMEM"
        case SQLITE_READONLY: "SQLITE_READONLY"
        case SQLITE_INTERRUPT: "SQLITE_INTERRUPT"
        case SQLITE_IOERR: "SQLITE_IOERR"
        case SQLITE_CORRUPT: "SQLITE_CORRUPT"
        case SQLITE_NOTFOUND: "SQLITE_NOTFOUND"
        case SQLITE_FULL: "SQLITE_FULL"
        case SQLITE_CANTOPEN: "SQLITE_CANTOPEN"
        case SQLITE_PROTOCOL: "SQLITE_PROTOCOL"
        case SQLITE_EMPTY: "SQLITE_EMPTY"
        case SQLITE_SCHEMA: "SQLITE_SCHEMA"
        case SQLITE_TOOBIG: "SQLITE_TOOBIG"
        case SQLITE_CONSTRAINT: "SQLITE_CONSTRAINT"
        case SQLITE_MISMATCH: "SQLITE_MISMATCH"
        case SQLITE_MISUSE: "SQLITE_MISUSE"
        case SQLITE_NOLFS: "SQLITE_NOLFS"
        case SQLITE_AUTH: "SQLITE_AUTH"
        case SQLITE_FORMAT: "SQLITE_FORMAT"
        case SQLITE_RANGE: "SQLITE_RANGE"
        case SQLITE_NOTADB: "SQLITE_NOTADB"
        default: "result code \(primaryCode)"
        }
    }
}
