#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a file's metadata says of its bytes: which file it is, its size and when its bytes
/// were last written. Every write and truncation moves the modification time, so a file
/// whose stamp is the one it had when its bytes were read has not been written since through
/// its file system, unless someone set its time back on purpose.
///
/// The change time (`st_ctim`) is not part of it: a hard link made or removed moves it, and
/// the cache's blobs are linked into every site a run makes.
public struct FileStamp: Equatable, Sendable {
    public let device: UInt64
    public let inode: UInt64
    public let size: Int
    /// The modification time (`st_mtim`), in nanoseconds since 1970.
    public let modified: Int64

    public init(device: UInt64, inode: UInt64, size: Int, modified: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
    }

    init(_ info: stat) {
        self.init(
            device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino), size: Int(info.st_size),
            modified: Int64(info.st_mtim.tv_sec) &* 1_000_000_000 &+ Int64(info.st_mtim.tv_nsec))
    }
}

extension PlainFile {
    /// The stamp of the regular file at `path` (a symbolic link followed), or `nil` when
    /// there is no such file or it is not a regular file: one `stat`, the file not opened.
    public static func stamp(of path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileStamp(info)
    }
}
