import FileSystem
import Foundation
import Hashing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An answer's body kept aside as it arrives, in a hidden file beside the web archive,
/// hashed on the way (the record's payload digest): a record's head names its block's
/// length and digest, which are known only at the body's end, so the body is written to
/// the archive after it, from this file, and never held whole in memory.
///
/// Sendable as it is handed on: a spool is used by one thread at a time, the engine's while
/// the body comes, then the archiver's, which alone uses it from then on.
public final class BodySpool: @unchecked Sendable {
    public let path: String
    private var descriptor: Int32
    private var hasher = SHA1()
    public private(set) var length = 0

    /// A new, empty spool file named `name` in `folder` (a hidden name: a killed run's is
    /// known by it and removed).
    public init(folder: String, name: String) throws {
        path = folder + "/" + Self.prefix + name
        descriptor = try PlainFile.open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// How a spool file's name begins.
    public static let prefix = ".feedsite-warc-spool-"

    public func append(_ bytes: UnsafeRawBufferPointer) throws {
        hasher.update(bytes)
        length += bytes.count
        if let failure = PlainFile.writeAll(bytes, to: descriptor) { throw FileSystemError.fromErrno(failure) }
    }

    /// The SHA-1 of the body so far.
    public var payloadSHA1: [UInt8] {
        var copy = hasher
        return copy.finalize()
    }

    /// The record's block: `head` (an HTTP message's head), then the body, read back from
    /// the file; its digest takes one reading of the file, its bytes another.
    public func block(head: String) throws -> WARCWriter.Block {
        let headBytes = Array(head.utf8)
        var digest = SHA1()
        digest.update(headBytes)
        try readBack { digest.update($0) }
        return WARCWriter.Block(length: headBytes.count + length, sha1: digest.finalize()) { [self] write in
            try headBytes.withUnsafeBytes { try write($0) }
            try readBack(write)
        }
    }

    /// Removes the file.
    public func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(path)
    }

    private func readBack(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
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
