import Foundation
import Hashing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a file in large chunks through a small buffer, so a 100,000-line file never sits
/// whole in memory. `AtomicFile.write(toPath:unlessUnchanged:_:)` hands one out, writing to
/// a temporary name.
///
/// The file is made when the buffer first fills, or at `finish()`: a file that fits in the
/// buffer can be compared with the one it would replace before anything is created, so an
/// unchanged cache file costs no temporary file (creating files is the slowest step of
/// writing small ones on ext4).
public final class BufferedFileWriter {
    public let path: String
    /// The bytes written so far.
    public private(set) var byteCount = 0
    private var descriptor: Int32 = -1
    private var buffer: [UInt8] = []
    private var hasher: SHA256?
    private static let capacity = 256 * 1024

    /// Makes nothing yet; with `hashing`, what is written is hashed for `holdsSameBytes(as:)`.
    init(path: String, hashing: Bool) {
        self.path = path
        self.hasher = hashing ? SHA256() : nil
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    public func write(_ text: String) throws(FileSystemError) {
        var text = text
        let failure = text.withUTF8 { utf8 -> FileSystemError? in
            do throws(FileSystemError) { try write(UnsafeRawBufferPointer(utf8)) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    public func write(_ bytes: [UInt8]) throws(FileSystemError) {
        let failure = bytes.withUnsafeBytes { bytes -> FileSystemError? in
            do throws(FileSystemError) { try write(bytes) } catch { return error }
            return nil
        }
        if let failure { throw failure }
    }

    /// The buffer is written out before it would grow past its capacity, so it never holds
    /// more (BENCHMARKS.md, "What each trick buys", row "a file's buffer never past 256
    /// KiB"); a chunk as large as the buffer goes straight to the file, without a copy.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(FileSystemError) {
        byteCount += bytes.count
        if !buffer.isEmpty, buffer.count + bytes.count > Self.capacity { try flush() }
        guard bytes.count >= Self.capacity else {
            buffer.append(contentsOf: bytes)
            return
        }
        try flush()
        if let failure = send(bytes) { throw FileSystemError.fromErrno(failure) }
    }

    /// Copies in the file at `source` a chunk at a time; the number of bytes it held.
    @discardableResult
    public func write(contentsOf source: String) throws(FileSystemError) -> Int {
        let start = byteCount
        guard try PlainFile.readChunks(source, { (chunk) throws(FileSystemError) in try write(chunk) }) else {
            throw FileSystemError.fromErrno(ENOENT)
        }
        return byteCount - start
    }

    /// Whether the file at `other` holds exactly the bytes written so far; a file that cannot
    /// be read does not. Bytes still all in the buffer are compared as they are; a longer
    /// file by its digest, so only a writer made with `hashing` can tell.
    func holdsSameBytes(as other: String) -> Bool {
        guard (try? PlainFile.size(of: other)) == byteCount else { return false }
        if buffer.count == byteCount {
            return (try? PlainFile.read(other)) == Data(buffer)
        }
        guard hasher != nil, let existing = try? FileDigest.sha256(ofFileAtPath: other), existing.byteCount == byteCount else { return false }
        return digest == existing.digest
    }

    /// The SHA-256 of every byte written so far, for a writer made with `hashing`.
    public var digest: SHA256.Digest? {
        guard var hasher else { return nil }
        hasher.update(buffer)
        return SHA256.Digest(hasher.finalize())
    }

    /// Writes what is left and closes the file, making it if nothing was written before.
    func finish() throws(FileSystemError) {
        try flush()
        let closed = close(descriptor)
        descriptor = -1
        if closed != 0 { throw FileSystemError.fromErrno() }
    }

    private func flush() throws(FileSystemError) {
        if descriptor < 0 { descriptor = try PlainFile.open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC) }
        let failure = buffer.withUnsafeBytes(send)
        buffer.removeAll(keepingCapacity: true)
        if let failure { throw FileSystemError.fromErrno(failure) }
    }

    /// Hashes and writes `bytes` to the open file; the `errno` of a failed write, or `nil`.
    private func send(_ bytes: UnsafeRawBufferPointer) -> Int32? {
        hasher?.update(bytes)
        return PlainFile.writeAll(bytes, to: descriptor)
    }
}
