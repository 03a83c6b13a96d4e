import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension PlainFile {
    /// Why `readRegular` would not read a file.
    public enum RegularFileError: Error, Equatable, Sendable, CustomStringConvertible {
        /// Something other than a regular file: `kind` names it ("a named pipe (FIFO)").
        case notARegularFile(kind: String)
        /// More than `maxBytes` bytes.
        case tooLarge(maxBytes: Int)
        case failed(FileSystemError)

        public var description: String {
            switch self {
            case let .notARegularFile(kind): "it is \(kind), not a regular file"
            case let .tooLarge(maxBytes): "it is larger than \(maxBytes) bytes"
            case let .failed(error): error.description
            }
        }
    }

    /// The bytes of the regular file at `path` (a symbolic link to one is fine), or `nil`
    /// when there is no such file; for files a user points the run at, which must neither
    /// block it nor fill its memory. A named pipe, a device or a socket is refused without
    /// being read: the file is opened without waiting (a pipe with no writer would hold the
    /// open forever) and asked what it is. A file of more than `maxBytes` is refused, also
    /// when it grows while it is read or says it is empty and is not (as files under
    /// `/proc` do): at most one byte past the limit is ever read.
    /// `readRegular`, of a file that must be there: a file that is missing or cannot be
    /// read is `failure` of the reason in words ("it is missing"), the caller's own error.
    public static func readExisting<Failure: Error>(_ path: String, maxBytes: Int, failure: (_ reason: String) -> Failure) throws(Failure) -> Data {
        let data: Data?
        do {
            data = try readRegular(path, maxBytes: maxBytes)
        } catch {
            throw failure("\(error)")
        }
        guard let data else { throw failure("it is missing") }
        return data
    }

    public static func readRegular(_ path: String, maxBytes: Int) throws(RegularFileError) -> Data? {
        let opened: (descriptor: Int32, info: stat)?
        do {
            opened = try openWithoutWaiting(path)
        } catch {
            throw .failed(error)
        }
        guard let (descriptor, info) = opened else { return nil }
        defer { close(descriptor) }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else { throw .notARegularFile(kind: kindName(type)) }
        guard Int(info.st_size) <= maxBytes else { throw .tooLarge(maxBytes: maxBytes) }
        var data = Data(capacity: Int(info.st_size) + 1)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while data.count <= maxBytes {
            let wanted = min(chunk.count, maxBytes + 1 - data.count)
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .failed(.fromErrno())
            }
            if count == 0 { break }
            data.append(contentsOf: chunk[..<count])
        }
        guard data.count <= maxBytes else { throw .tooLarge(maxBytes: maxBytes) }
        return data
    }

    /// Whether the file at `path` holds exactly `bytes`, in three system calls: an open that
    /// neither follows a symbolic link nor waits, one read of a byte more than `bytes`, and a
    /// close. A symbolic link, a folder, a file that cannot be read or a read that comes back
    /// short does not hold them, so the caller writes its bytes anew. For a file about to be
    /// replaced by a link when it holds the same bytes: without its `fstat`, its length read
    /// and the read that finds its end, an unchanged site is published with less than half
    /// the system calls (BENCHMARKS.md, "What each trick buys", row "the previous site's
    /// page compared in three system calls").
    public static func holds(_ bytes: UnsafeRawBufferPointer, at path: String) -> Bool {
        let descriptor = systemOpen(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let found = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count + 1, alignment: 16)
        defer { found.deallocate() }
        var count: Int
        repeat {
            count = systemRead(descriptor, found.baseAddress!, found.count)
        } while count < 0 && errno == EINTR
        guard count == bytes.count else { return false }
        return count == 0 || memcmp(found.baseAddress!, bytes.baseAddress!, count) == 0
    }

    /// A descriptor open for reading at `path` (a symbolic link followed) and what `fstat`
    /// says of the file (its type, its size), or `nil` when there is no such file. The open
    /// never waits: a named pipe with no writer would hold an ordinary open forever.
    static func openWithoutWaiting(_ path: String) throws(FileSystemError) -> (descriptor: Int32, info: stat)? {
        let descriptor = systemOpen(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw .fromErrno()
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let failure = FileSystemError.fromErrno()
            close(descriptor)
            throw failure
        }
        return (descriptor, info)
    }

    static func kindName(_ type: mode_t) -> String {
        switch type {
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a folder"
        default: "something else"
        }
    }
}
