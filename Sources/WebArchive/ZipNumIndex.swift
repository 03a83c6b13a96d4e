import Deflate
import FileSystem
import Foundation
import Hashing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A WACZ's index as ZipNum, the form py-wacz writes and a replay tool reads a block at a
/// time: `indexes/index.cdx.gz` holds the sorted CDXJ lines in gzip members of
/// `linesPerBlock` lines each, and `indexes/index.idx` a line for each member, after a
/// `!meta` line naming the first file: the member's first key and time, where it lies in
/// the first file, its length and its SHA-256. A replay tool bisects the second, small
/// file, and fetches and inflates only the members it needs.
final class ZipNumIndex {
    /// Lines a member holds, as py-wacz writes them.
    static let linesPerBlock = 1024
    /// The name the blocks' file has in the WACZ, and in the `!meta` line.
    static let blocksName = "index.cdx.gz"

    private let descriptor: Int32
    private let path: String
    private var members: GzipMembers?
    /// The `.idx` file's bytes: a line a member, about a hundred bytes each.
    private(set) var idx = Array("!meta 0 {\"format\": \"cdxj-gzip-1.0\", \"filename\": \"\(ZipNumIndex.blocksName)\"}\n".utf8)
    private var linesInBlock = 0
    private var blockKey: [UInt8] = []
    private var blockStart = 0
    private var written = 0
    private var hasher = SHA256()
    private var failure: (any Error)?

    /// Writes the blocks to a new file at `path`.
    init(blocksAt path: String) throws {
        self.path = path
        descriptor = try PlainFile.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC)
        members = GzipMembers(level: 6) { [unowned self] bytes in
            guard PlainFile.writeAll(bytes, to: self.descriptor) == nil else { throw FileSystemError.fromErrno() }
            self.hasher.update(bytes)
            self.written += bytes.count
        }
    }

    deinit {
        close(descriptor)
    }

    /// Adds the next line, without its break: lines come sorted.
    func add(_ line: UnsafeRawBufferPointer) throws {
        if linesInBlock == 0 {
            // The key and time: what comes before the JSON, its space dropped.
            let brace = line.firstIndex(of: UInt8(ascii: "{")) ?? line.count
            blockKey = Array(line[..<brace])
            while blockKey.last == UInt8(ascii: " ") { blockKey.removeLast() }
        }
        try members?.add(line)
        try members?.add(Self.lineBreak)
        linesInBlock += 1
        if linesInBlock == Self.linesPerBlock { try endBlock() }
    }

    /// Ends the last member and the file, its bytes on the disk.
    func finish() throws {
        if linesInBlock > 0 { try endBlock() }
        guard fsync(descriptor) == 0 else { throw FileSystemError.fromErrno() }
    }

    private func endBlock() throws {
        try members?.endMember()
        let length = written - blockStart
        idx += blockKey
        idx += Array(" {\"offset\": \(blockStart), \"length\": \(length), \"digest\": \"sha256:\(SHA256.hex(hasher.finalize()))\"}\n".utf8)
        hasher = SHA256()
        blockStart = written
        linesInBlock = 0
    }

    private static let lineBreak: [UInt8] = [0x0A]
}
