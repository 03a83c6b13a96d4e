import FileSystem
import Foundation
import Hashing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An answer's body kept aside as it arrives: a record's head names its block's length and
/// digest, which are known only at the body's end, so the body is written to the archive
/// after it. Bodies are kept in memory while the archive's `budget` allows (most pictures
/// and every API answer: BENCHMARKS.md, "What each trick buys", row "bodies in memory within a
/// budget"), the rest in a hidden file beside the archive, so memory never grows with a
/// body's size. Appending only keeps: the digests are taken when the record is written,
/// off the thread the body came on (same table, row "the payload's digest off the engine's
/// thread").
///
/// A value: the transfer's recording appends to its own, then hands it to the archive's
/// writer, which alone reads it back and discards it. Whoever holds it last calls `discard`,
/// which gives its memory back to the budget and removes its file.
public struct BodySpool: Sendable {
    /// Where the body goes once it outgrows the budget: a hidden name, so a killed run's
    /// file is known by it and removed.
    public let path: String
    private let budget: SpoolBudget
    private var memory: [UInt8] = []
    private var descriptor: Int32 = -1
    public private(set) var length = 0

    /// A new, empty spool named `name` in `folder`, in memory as far as `budget` allows.
    public init(folder: String, name: String, budget: SpoolBudget) {
        path = folder + "/" + Self.prefix + name
        self.budget = budget
    }

    /// How a spool file's name begins.
    public static let prefix = ".feedsite-warc-spool-"

    /// Whether the body went to the file.
    public var isInFile: Bool { descriptor >= 0 }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) throws {
        if descriptor < 0, budget.take(bytes.count) {
            memory.append(contentsOf: bytes)
        } else {
            if descriptor < 0 { try spill() }
            if let failure = PlainFile.writeAll(bytes, to: descriptor) { throw FileSystemError.fromErrno(failure) }
        }
        length += bytes.count
    }

    /// Moves what memory holds into the file, and gives its share of the budget back.
    private mutating func spill() throws {
        descriptor = try PlainFile.open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC)
        if let failure = memory.withUnsafeBytes({ PlainFile.writeAll($0, to: descriptor) }) { throw FileSystemError.fromErrno(failure) }
        budget.giveBack(memory.count)
        memory = []
    }

    /// Once the body is whole, the record's block: `head` (an HTTP message's head), then the
    /// body, read back; and the body's own SHA-1, the payload's digest. Both digests take
    /// one reading, the block's bytes another. `storingBody`: the body is stored in the
    /// archive, not compressed.
    /// `withSHA256`: the body's SHA-256 too, in the same reading (a picture's, which the
    /// site publishes under that name).
    public func block(head headBytes: [UInt8], storingBody: Bool = false, withSHA256: Bool = false) throws -> (
        block: WARCWriter.Block, payloadSHA1: [UInt8], payloadSHA256: [UInt8]?
    ) {
        var digest = SHA1()
        var payload = SHA1()
        var sha256 = withSHA256 ? SHA256() : nil
        digest.update(headBytes)
        try readBack { bytes in
            SHA1.update(&digest, &payload, with: bytes)
            sha256?.update(bytes)
        }
        let spool = self
        let block = WARCWriter.Block(length: headBytes.count + length, sha1: digest.finalize(), storedFrom: storingBody ? headBytes.count : nil) {
            write in
            try headBytes.withUnsafeBytes { try write($0) }
            try spool.readBack(write)
        }
        return (block, payload.finalize(), sha256?.finalize())
    }

    /// Lets go of the body: memory back to the budget, the file removed.
    public mutating func discard() {
        budget.giveBack(memory.count)
        memory = []
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(path)
    }

    private func readBack(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard descriptor >= 0 else { return try memory.withUnsafeBytes { try body($0) } }
        var offset = 0
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 * 1024, alignment: 16)
        defer { buffer.deallocate() }
        while offset < length {
            let count = pread(descriptor, buffer.baseAddress!, min(buffer.count, length - offset), off_t(offset))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw count < 0 ? FileSystemError.fromErrno() : FileSystemError("\(path) ended early", code: EIO) }
            try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            offset += count
        }
    }
}
