#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A regular file sent as a response's body, read a piece at a time as it goes out, so
/// serving a large file costs one small buffer rather than the whole file in memory.
///
/// It holds the file open from its creation on: a file renamed over or removed meanwhile
/// is still sent whole, as it was when opened. The descriptor is closed when the last
/// response holding it is gone.
public final class HTTPBodyFile: Sendable {
    /// The file's size when it was opened: the `Content-Length` sent.
    public let length: Int
    let descriptor: Int32

    /// Opens the regular file at `path` for reading; nil when there is none there, it
    /// cannot be read, or it is anything but a regular file: a folder, a device, a FIFO
    /// (opened without waiting for a writer), or a symbolic link in its last component.
    public init?(regularFileAt path: String) {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        length = Int(info.st_size)
    }

    deinit {
        close(descriptor)
    }

    /// Reads up to `buffer.count` bytes from `offset` on; 0 at the end of the file, -1 on a
    /// failed read.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        while true {
            let count = pread(descriptor, buffer.baseAddress, buffer.count, off_t(offset))
            if count < 0 && errno == EINTR { continue }
            return count
        }
    }
}
