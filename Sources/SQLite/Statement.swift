import CSQLite
import Foundation

/// One compiled SQL statement, run again and again: bind its parameters, step through its
/// rows, reset. Not `Sendable`: it belongs to its ``Database``'s task (see there). Parameters
/// and columns count as SQLite counts them: parameters from 1, columns from 0.
public final class Statement {
    private let handle: OpaquePointer
    /// Held so the connection outlives its statements.
    private let database: Database

    init(handle: OpaquePointer, database: Database) {
        self.handle = handle
        self.database = database
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds `value` to the parameter at `index` (the first is 1). Text and blobs are copied.
    public func bind(_ value: SQLiteValue, at index: Int) throws {
        let position = Int32(clamping: index)
        let code: Int32
        switch value {
        case .integer(let integer): code = sqlite3_bind_int64(handle, position, integer)
        case .real(let real): code = sqlite3_bind_double(handle, position, real)
        case .null: code = sqlite3_bind_null(handle, position)
        case .text(let text):
            var text = text
            code = try text.withUTF8 { bytes in fs_sqlite3_bind_text_copy(handle, position, bytes.baseAddress, try length(bytes.count)) }
        case .blob(let data):
            code = try data.withUnsafeBytes { bytes in fs_sqlite3_bind_blob_copy(handle, position, bytes.baseAddress, try length(bytes.count)) }
        }
        guard code == SQLITE_OK else { throw database.lastError }
    }

    /// Binds `values` to the parameters 1, 2, 3…
    public func bind(_ values: [SQLiteValue]) throws {
        for (offset, value) in values.enumerated() { try bind(value, at: offset + 1) }
    }

    /// Runs the statement one step: true with a row to read, false once it is done.
    public func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.lastError
        }
    }

    /// Makes the statement ready to run again, its parameters unbound (NULL). A statement left
    /// unreset after its last row keeps its read of the database open.
    public func reset() {
        // reset returns the last step's failure, which that step has already thrown.
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds `values`, runs the statement to its end and resets it. Returns the rows an
    /// INSERT, UPDATE or DELETE changed.
    @discardableResult
    public func run(_ values: SQLiteValue...) throws -> Int {
        reset()
        defer { reset() }
        try bind(values)
        while try step() {}
        return database.changes
    }

    /// Binds `values` and calls `row` with the statement at each row (read it with the column
    /// accessors), then resets it.
    public func forEachRow(_ values: SQLiteValue..., row: (Statement) throws -> Void) throws {
        reset()
        defer { reset() }
        try bind(values)
        while try step() { try row(self) }
    }

    /// The number of columns each row has.
    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// Whether the current row's column at `index` (the first is 0) is NULL.
    public func isNull(at index: Int) -> Bool { sqlite3_column_type(handle, Int32(clamping: index)) == SQLITE_NULL }

    /// The column as an integer (0 for NULL; SQLite converts other types).
    public func int64(at index: Int) -> Int64 { sqlite3_column_int64(handle, Int32(clamping: index)) }

    /// The column as a floating-point number (0 for NULL; SQLite converts other types).
    public func double(at index: Int) -> Double { sqlite3_column_double(handle, Int32(clamping: index)) }

    /// The column as text, nil for NULL.
    public func text(at index: Int) -> String? {
        let column = Int32(clamping: index)
        guard sqlite3_column_type(handle, column) != SQLITE_NULL, let bytes = sqlite3_column_text(handle, column) else { return nil }
        // The length is read after the text, as SQLite asks: reading it first could convert the value.
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column))), as: UTF8.self)
    }

    /// The column as bytes, nil for NULL; an empty blob is empty data.
    public func blob(at index: Int) -> Data? {
        let column = Int32(clamping: index)
        guard sqlite3_column_type(handle, column) != SQLITE_NULL else { return nil }
        // An empty blob's pointer is NULL.
        guard let bytes = sqlite3_column_blob(handle, column) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(handle, column)))
    }

    /// The column as SQLite stored it.
    public func value(at index: Int) -> SQLiteValue {
        switch sqlite3_column_type(handle, Int32(clamping: index)) {
        case SQLITE_INTEGER: .integer(int64(at: index))
        case SQLITE_FLOAT: .real(double(at: index))
        case SQLITE_TEXT: text(at: index).map(SQLiteValue.text) ?? .null
        case SQLITE_BLOB: blob(at: index).map(SQLiteValue.blob) ?? .null
        default: .null
        }
    }

    /// SQLite takes lengths as a C int: more than 2 GiB is too big.
    private func length(_ count: Int) throws -> Int32 {
        guard let length = Int32(exactly: count) else {
            throw SQLiteError(extendedCode: SQLITE_TOOBIG, message: "a value of \(count) bytes is more than SQLite binds at once")
        }
        return length
    }
}
