import Basics
import Deflate
import FileSystem
import Foundation
import Hashing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A run's web archive in a folder: WARC files named by the run's time and a serial
/// (`feedsite-20261126T120000Z-00000.warc.gz`), each begun with a `warcinfo` record, each
/// record one gzip member. A file is written as `….warc.gz.open` and renamed when its last
/// record is on the disk; a new one is begun once a file holds `rotateAt` bytes and a
/// record besides its `warcinfo`. Beside
/// each file goes its CDXJ index (`….cdxj`), one line a `response` or `revisit` record,
/// sorted, so pywb can serve the folder without indexing it again.
public final class WARCWriter {
    /// A record's block as the writer needs it: its length and SHA-1 known before it is
    /// written (they go in the head), and a function that hands its bytes to `write`, in
    /// pieces of any size.
    public struct Block {
        public let length: Int
        public let sha1: [UInt8]
        public let bytes: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void
        /// The block's bytes past this many are stored, not compressed: a picture's, after
        /// its HTTP head. `nil`: all are compressed.
        public let storedFrom: Int?

        public init(length: Int, sha1: [UInt8], storedFrom: Int? = nil, bytes: @escaping ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) {
            self.length = length
            self.sha1 = sha1
            self.storedFrom = storedFrom
            self.bytes = bytes
        }

        /// A block held in memory (heads, requests, small answers).
        public init(_ data: [UInt8]) {
            self.init(length: data.count, sha1: SHA1.hash(data)) { write in try data.withUnsafeBytes { try write($0) } }
        }

        /// No bytes: a revisit's block.
        public static var empty: Block { Block(length: 0, sha1: emptySHA1) { _ in } }

        /// The SHA-1 of no bytes.
        public static let emptySHA1 = SHA1.hash([UInt8]())
    }

    /// What the index says of a record besides where it is.
    public struct Capture: Sendable {
        public let url: String
        public let mime: String
        public let status: Int?
        public let payloadDigest: String

        public init(url: String, mime: String, status: Int?, payloadDigest: String) {
            self.url = url
            self.mime = mime
            self.status = status
            self.payloadDigest = payloadDigest
        }
    }

    public let folder: String
    private let runName: String
    private let date: Date
    private let info: [WARCRecord.Field]
    private let newID: () -> UUID
    private let rotateAt: Int
    private var serial = 0
    private var descriptor: Int32 = -1
    private var written = 0
    /// Records in the file being written, besides its `warcinfo`.
    private var recordsInFile = -1
    private var pending: [UInt8] = []
    /// How many of `pending`'s bytes are whole records, the rest the one being written.
    private var pendingWhole = 0
    private var index: SortedLines?
    private lazy var deflated = GzipMembers(level: 1) { [unowned self] bytes in try self.send(bytes) }
    private lazy var stored = StoredGzipMembers { [unowned self] bytes in try self.send(bytes) }
    /// The last record's date as its index line writes it: a run's site is recorded at
    /// one date.
    private var stamped: (date: Date, text: String)?
    /// The files finished so far, by name.
    public private(set) var finished: [String] = []

    /// Begins the first file in `folder`, which must exist: `runName` is the run's time as
    /// files name it, `date` the `warcinfo` record's, `info` its fields (software, the API,
    /// the options), `newID` gives each record its ID.
    public init(folder: String, runName: String, date: Date, info: [WARCRecord.Field], newID: @escaping () -> UUID, rotateAt: Int = 1_000_000_000) throws {
        self.folder = folder
        self.runName = runName
        self.date = date
        self.info = info
        self.newID = newID
        self.rotateAt = rotateAt
        try begin()
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// How the hidden files a writer and its archiver keep while they work are named: a
    /// killed run's are known by these and removed.
    public static let workingFilePrefixes = [BodySpool.prefix, SortedLines.prefix]

    /// A run's name for its files: its time in UTC, `20261126T120000Z`.
    public static func runName(at date: Date) -> String {
        ISO8601Date.format(date).filter { $0 != "-" && $0 != ":" }
    }

    /// The name of file `serial` of the run.
    public static func fileName(run: String, serial: Int) -> String {
        "feedsite-\(run)-\(String(format: "%05d", serial)).warc.gz"
    }

    /// The name of the file being written.
    public private(set) var currentName = ""

    /// Writes `record` with `block`, as one gzip member; `capture` puts it in the index.
    public func write(_ record: WARCRecord, block: Block, capture: Capture? = nil) throws {
        try beginRecord()
        let offset = written
        try Self.add(record, block: block, stored: stored, deflated: deflated)
        try endRecord(from: offset, date: record.date, capture: capture)
    }

    /// Writes a record made into its gzip member apart (`RecordMembers`), dated `date`;
    /// `capture` puts it in the index.
    public func append(member: [UInt8], date: Date, capture: Capture? = nil) throws {
        try beginRecord()
        let offset = written
        try member.withUnsafeBytes { try send($0) }
        try endRecord(from: offset, date: date, capture: capture)
    }

    /// A new file is begun once this one is full.
    private func beginRecord() throws {
        if written >= rotateAt, recordsInFile > 0 {
            try finishFile()
            serial += 1
            try begin()
        }
    }

    /// The record from `offset` on is whole: counted, and put in the index.
    private func endRecord(from offset: Int, date: Date, capture: Capture?) throws {
        pendingWhole = pending.count
        recordsInFile += 1
        if let capture {
            let timestamp = stamped.flatMap { $0.date == date ? $0.text : nil } ?? Self.timestamp(date)
            stamped = (date, timestamp)
            let line = CDXJLine(
                url: capture.url, timestamp: timestamp, mime: capture.mime, status: capture.status,
                digest: capture.payloadDigest, length: written - offset, offset: offset, filename: currentName)
            try index?.add { line.append(to: &$0) }
        }
    }

    /// Hands `record`'s head, its block and its end to `stored` or `deflated` as one
    /// member, ended: `stored` when it has too few bytes to compress.
    static func add(_ record: WARCRecord, block: Block, stored: any GzipMemberMaker, deflated: any GzipMemberMaker) throws {
        let head = record.head(blockLength: block.length, blockDigest: block.sha1)
        let members = head.count + (block.storedFrom ?? block.length) < smallestDeflated ? stored : deflated
        do {
            try members.add(head)
            var given = 0
            try block.bytes { piece in
                if let storedFrom = block.storedFrom, given >= storedFrom { try members.storeTheRest() }
                given += piece.count
                try members.add(piece)
            }
            guard given == block.length else { throw WARCError.blockLength(record.targetURI ?? "a record", expected: block.length, given: given) }
            try members.add(recordEnd)
            try members.endMember()
        } catch {
            members.dropMember()
            throw error
        }
    }

    private static let recordEnd = Array(WARCRecord.end.utf8)

    /// A record with fewer bytes to compress than this is stored whole: deflating a record
    /// of a kilobyte saves a few hundred bytes, and building its Huffman codes costs more
    /// than writing the rest of it (BENCHMARKS.md, "What each trick buys", row "small
    /// records stored").
    static let smallestDeflated = 2_048

    /// Finishes the file being written: its bytes on the disk, its name without `.open`,
    /// its index beside it.
    public func finish() throws {
        try finishFile()
    }

    /// Closes the file being written without finishing it, for an archive that stopped on
    /// a failure: the records written whole so far go to the disk as far as it takes them,
    /// and the file keeps its `.open` name, as one that is not whole.
    public func stop() {
        guard descriptor >= 0 else { return }
        if pendingWhole > 0 { _ = pending.withUnsafeBytes { PlainFile.writeAll(UnsafeRawBufferPointer(rebasing: $0[0..<pendingWhole]), to: descriptor) } }
        _ = fsync(descriptor)
        close(descriptor)
        descriptor = -1
    }

    /// Throws away the file being written: a run that stopped before its first request.
    public func discard() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(folder + "/" + currentName + ".open")
    }

    /// Begins the next file whose name no file in the folder has, finished or not: another
    /// run may have begun within the same second.
    private func begin() throws {
        currentName = Self.fileName(run: runName, serial: serial)
        while FileManager.default.fileExists(atPath: folder + "/" + currentName) || FileManager.default.fileExists(atPath: folder + "/" + currentName + ".open")
        {
            serial += 1
            currentName = Self.fileName(run: runName, serial: serial)
        }
        let path = folder + "/" + currentName + ".open"
        descriptor = try PlainFile.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC)
        written = 0
        recordsInFile = -1
        index = SortedLines(folder: folder, name: currentName)
        let text = info.map { "\($0.name): \($0.value)\r\n" }.joined()
        let record = WARCRecord(
            kind: .warcinfo, id: newID(), date: date, targetURI: nil, fields: [.init("WARC-Filename", currentName)], contentType: "application/warc-fields")
        try write(record, block: Block(Array(text.utf8)))
    }

    private func finishFile() throws {
        guard descriptor >= 0 else { return }
        try flush()
        let name = currentName
        let done = fsync(descriptor) == 0 ? nil : errno
        close(descriptor)
        descriptor = -1
        if let done { throw WARCFileFailure(path: folder + "/" + name + ".open", error: FileSystemError.fromErrno(done)) }
        let indexPath = folder + "/" + name.dropLast(".warc.gz".count) + ".cdxj"
        do {
            try index?.write(to: indexPath)
        } catch {
            throw WARCFileFailure(path: indexPath, error: error)
        }
        guard rename(folder + "/" + name + ".open", folder + "/" + name) == 0 else { throw FileSystemError.fromErrno() }
        finished.append(name)
    }

    /// Bytes wait in `pending` until they would pass this many; a piece as large goes to
    /// the file straight after them. Kept small, as it is held for the whole run
    /// (BENCHMARKS.md, "What each trick buys", row "the web archive's buffers kept small").
    static let bufferSize = 64 * 1024

    private func send(_ bytes: UnsafeRawBufferPointer) throws {
        if pending.count + bytes.count > Self.bufferSize { try flush() }
        if bytes.count >= Self.bufferSize {
            if let failure = PlainFile.writeAll(bytes, to: descriptor) { throw FileSystemError.fromErrno(failure) }
        } else {
            if pending.capacity < Self.bufferSize { pending.reserveCapacity(Self.bufferSize) }
            pending.append(contentsOf: bytes)
        }
        written += bytes.count
    }

    private func flush() throws {
        guard !pending.isEmpty else { return }
        if let failure = pending.withUnsafeBytes({ PlainFile.writeAll($0, to: descriptor) }) { throw FileSystemError.fromErrno(failure) }
        pending.removeAll(keepingCapacity: true)
        pendingWhole = 0
    }

    /// `yyyyMMddHHmmss` in UTC, as CDX indexes write a capture's time.
    static func timestamp(_ date: Date) -> String {
        var digits: [UInt8] = []
        UTCTime(date).appendDigits(to: &digits)
        return String(decoding: digits, as: UTF8.self)
    }
}

/// A record the writer refused.
public enum WARCError: Error, Equatable, CustomStringConvertible {
    /// A block gave other than the bytes its head announced.
    case blockLength(String, expected: Int, given: Int)
    /// A record read back is not whole where its index says it lies.
    case recordCut(String, offset: Int)

    public var description: String {
        switch self {
        case let .blockLength(target, expected, given): "the web archive's record of \(target) was to hold \(expected) bytes but was given \(given)"
        case let .recordCut(file, offset): "the web archive's file \(file) holds no whole record at offset \(offset), where its index says one is"
        }
    }
}
