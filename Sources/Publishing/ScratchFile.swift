import FileSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file for bytes that wait their turn (lines of an `OrderedLinesFile` written before their
/// turn, the search's items until the index is named): appended, read back by place, emptied. It is
/// unlinked as soon as it is open, so it disappears with its descriptor. Opened to append,
/// so every write lands at the end, wherever the last read or an emptying left the offset.
public final class ScratchFile {
    private let descriptor: Int32
    private var end = 0

    public init(path: String) throws(FileSystemError) {
        descriptor = try PlainFile.open(path, O_RDWR | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC)
        unlink(path)
    }

    deinit {
        close(descriptor)
    }

    /// Appends `text`; where it went.
    public func append(_ text: String) throws(FileSystemError) -> (offset: Int, length: Int) {
        var text = text
        return try appended(text.utf8.count, failure: text.withUTF8 { PlainFile.writeAll(UnsafeRawBufferPointer($0), to: descriptor) })
    }

    /// Appends `bytes`; where they went.
    public func append(_ bytes: [UInt8]) throws(FileSystemError) -> (offset: Int, length: Int) {
        try appended(bytes.count, failure: bytes.withUnsafeBytes { PlainFile.writeAll($0, to: descriptor) })
    }

    /// Where `length` bytes just appended went, unless the write failed with `failure`.
    private func appended(_ length: Int, failure: Int32?) throws(FileSystemError) -> (offset: Int, length: Int) {
        if let failure { throw FileSystemError.fromErrno(failure) }
        defer { end += length }
        return (end, length)
    }

    /// The bytes appended at `place`.
    public func read(_ place: (offset: Int, length: Int)) throws(FileSystemError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: place.length)
        let count = try PlainFile.readAll(into: &bytes, from: descriptor, at: place.offset)
        // Everything appended is there: a file that ends early was cut short under the run.
        guard count == place.length else { throw FileSystemError.fromErrno(EIO) }
        return bytes
    }

    /// Drops everything appended so far.
    public func empty() throws(FileSystemError) {
        guard end > 0 else { return }
        try FileSystemError.check(ftruncate(descriptor, 0))
        end = 0
    }
}
