import FeedCore
import FileSystem
import Foundation
import SQLite

/// A blob as it was when its bytes last hashed to its name: its file's stamp then, and what
/// the bytes are. A blob whose file still has that stamp is known without being read, as
/// a file's modification time moves with every write (BENCHMARKS.md, "What each trick buys", row
/// "a blob checked once, until its file changes").
struct BlobCheck: Sendable, Equatable {
    let stamp: FileStamp
    let format: ImageFormat
    let dimensions: ImageDimensions?

    /// A check is kept only for a file last written this long before it was read: file
    /// systems keep coarse times (a few milliseconds here, seconds on some), so a file
    /// written again within the same tick as the stamp read could keep that stamp.
    static let settling: Int64 = 2_000_000_000

    /// The columns `init(_:from:)` reads, in order, for a query that joins `blobs`.
    static let columns =
        "blobs.checked_device, blobs.checked_inode, blobs.checked_size, blobs.checked_modified, blobs.format, blobs.width, blobs.height"

    init(stamp: FileStamp, format: ImageFormat, dimensions: ImageDimensions?) {
        self.stamp = stamp
        self.format = format
        self.dimensions = dimensions
    }

    /// The check in `columns`, starting at column `first`; `nil` for a blob never checked
    /// or a row that is not one.
    init?(_ row: Statement, from first: Int) {
        guard (first..<first + 5).allSatisfy({ !row.isNull(at: $0) }), let format = row.text(at: first + 4).flatMap(ImageFormat.init(rawValue:))
        else { return nil }
        stamp = FileStamp(
            device: UInt64(bitPattern: row.int64(at: first)), inode: UInt64(bitPattern: row.int64(at: first + 1)), size: Int(row.int64(at: first + 2)),
            modified: row.int64(at: first + 3))
        self.format = format
        dimensions =
            row.isNull(at: first + 5) || row.isNull(at: first + 6)
            ? nil : ImageDimensions(width: Int(row.int64(at: first + 5)), height: Int(row.int64(at: first + 6)))
    }

    /// Whether the file stamped `stamp` was last written long enough before `now` for its
    /// check to be kept.
    static func isSettled(_ stamp: FileStamp, at now: Date) -> Bool {
        let nanoseconds = Int64((now.timeIntervalSince1970 * 1e9).rounded(.down))
        return stamp.modified <= nanoseconds - settling
    }

    /// Records the check of the blob `sha256`, whose row must be there.
    func save(sha256: String, _ connection: CacheDatabase.Connection) throws {
        try connection.statement(
            """
            UPDATE blobs SET checked_device = ?, checked_inode = ?, checked_size = ?, checked_modified = ?, format = ?, width = ?, height = ?
            WHERE sha256 = ?
            """
        ).run(
            .integer(Int64(bitPattern: stamp.device)), .integer(Int64(bitPattern: stamp.inode)), .integer(Int64(stamp.size)), .integer(stamp.modified),
            .text(format.rawValue), dimensions.map { .integer(Int64($0.width)) } ?? .null,
            dimensions.map { .integer(Int64($0.height)) } ?? .null, .text(sha256))
    }
}
