import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lines of a file, one at a time, read a buffer at a time. A line is looked at where
/// it lies in the buffer, not copied (BENCHMARKS.md, "What each trick buys", row "index
/// lines sorted and merged where they lie"); a last line without its line break is not one.
public final class LineReader {
    private let descriptor: Int32
    private var buffer: UnsafeMutableRawBufferPointer
    /// Where the current line begins in `buffer`, and its length with its break.
    private var start = 0
    private var length = 0
    /// How many of `buffer`'s bytes were read.
    private var filled = 0
    private var ended = false
    /// Where the current line begins in the file; once `advance` found no more, where the
    /// last whole line ends.
    public private(set) var position = 0

    /// Reads `path` `bufferSize` bytes at a time (more for a longer line).
    public init(path: String, bufferSize: Int = 256 << 10) throws {
        descriptor = try PlainFile.open(path, O_RDONLY | O_CLOEXEC)
        buffer = .allocate(byteCount: max(1, bufferSize), alignment: 16)
    }

    deinit {
        buffer.deallocate()
        close(descriptor)
    }

    /// The current line, without its break: valid until `advance` is called again.
    public var line: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: buffer.baseAddress! + start, count: max(0, length - 1))
    }

    /// Moves to the next line; `false` when there is none.
    public func advance() throws -> Bool {
        position += length
        start += length
        length = 0
        while true {
            if let newline = memchr(buffer.baseAddress! + start, 0x0A, filled - start) {
                length = UnsafeRawPointer(newline) - UnsafeRawPointer(buffer.baseAddress! + start) + 1
                return true
            }
            guard !ended else { return false }
            if start > 0 {
                memmove(buffer.baseAddress!, buffer.baseAddress! + start, filled - start)
                filled -= start
                start = 0
            }
            if filled == buffer.count {
                // A line longer than the buffer: a buffer twice as long.
                let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: 2 * buffer.count, alignment: 16)
                larger.copyMemory(from: UnsafeRawBufferPointer(buffer))
                buffer.deallocate()
                buffer = larger
            }
            let count = systemRead(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw FileSystemError.fromErrno() }
            if count == 0 { ended = true } else { filled += count }
        }
    }

    /// The next line without its break, `nil` at the end.
    public func next() throws -> [UInt8]? {
        try advance() ? Array(line) : nil
    }
}
