import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads and writes whole files with plain system calls, by path.
///
/// Writes use `open`/`write`/`close` and nothing more. Foundation's `Data.write(to:)` calls
/// `fsync` on Linux, which made every cache and page write wait for the disk (BENCHMARKS.md,
/// "What each trick buys", row "writes without fsync"). Crash safety comes from writing to a
/// temporary name and renaming (`AtomicFile`), not from flushing.
public enum PlainFile {
    /// Creates or truncates `path` and writes `data` to it. Missing parent folders are
    /// created when the first attempt finds them absent. With `asNewFile`, a file already at
    /// `path` is unlinked rather than truncated, so a hard link to another file is never
    /// written through.
    public static func write(_ data: Data, to path: String, asNewFile: Bool = false) throws(FileSystemError) {
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (asNewFile ? O_EXCL : O_TRUNC)
        var descriptor: Int32
        do {
            descriptor = try open(path, flags)
        } catch {
            guard asNewFile, error.code == EEXIST else { throw error }
            unlink(path)
            descriptor = try open(path, flags)
        }
        defer { close(descriptor) }
        if let failure = data.withUnsafeBytes({ writeAll($0, to: descriptor) }) { throw FileSystemError.fromErrno(failure) }
    }

    /// Opens `path` with `flags` (mode 0644 when it creates the file), creating missing
    /// parent folders when the first attempt finds them absent.
    public static func open(_ path: String, _ flags: Int32) throws(FileSystemError) -> Int32 {
        var descriptor = systemOpen(path, flags)
        if descriptor < 0, errno == ENOENT, flags & O_CREAT != 0 {
            try makeParentFolder(of: path)
            descriptor = systemOpen(path, flags)
        }
        guard descriptor >= 0 else { throw FileSystemError.fromErrno() }
        return descriptor
    }

    /// Creates the folder `path` goes in, and the folders above it, if they are missing: what
    /// a write, rename or link that failed with `ENOENT` needs before it tries again.
    public static func makeParentFolder(of path: String) throws(FileSystemError) {
        let folder = (path as NSString).deletingLastPathComponent
        try FileSystemError.wrap { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
    }

    /// Writes every byte of `buffer`, however many `write` calls that takes; the `errno` of
    /// a failed write, or `nil`.
    public static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < buffer.count {
            let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// Reads into `bytes` from `offset` in the file open as `descriptor` until `bytes` is
    /// full or the file ends, however many `pread` calls that takes; how many bytes it read.
    public static func readAll(into bytes: inout [UInt8], from descriptor: Int32, at offset: Int) throws(FileSystemError) -> Int {
        var count = 0
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + count, $0.count - count, off_t(offset + count)) }
            if read < 0, errno == EINTR { continue }
            guard read >= 0 else { throw FileSystemError.fromErrno() }
            if read == 0 { break }
            count += read
        }
        return count
    }
}

extension PlainFile {
    /// The file's bytes, or `nil` when there is no such file.
    public static func read(_ path: String) throws(FileSystemError) -> Data? {
        var data = Data()
        let found = try readChunks(path) { data.append(contentsOf: $0) }
        return found ? data : nil
    }

    /// Hands the file's bytes to `body` a chunk at a time, so memory stays flat whatever the
    /// file's size. `false` when there is no such file.
    public static func readChunks(
        _ path: String, chunkSize: Int = 256 * 1024, _ body: (UnsafeRawBufferPointer) throws(FileSystemError) -> Void
    ) throws(FileSystemError) -> Bool {
        try readStampedChunks(path, chunkSize: chunkSize, body) != nil
    }

    /// `readChunks`, which also says what the file's stamp was when it was opened, before a
    /// byte of it was read; `nil` when there is no such file.
    ///
    /// A read that comes back short, having brought the bytes read to the size the file had
    /// when it was opened, is taken as its end, without a last read to hear so: most files a
    /// run reads fit in one chunk (BENCHMARKS.md, "What each trick buys", row "a file's end
    /// known by its size").
    public static func readStampedChunks(
        _ path: String, chunkSize: Int = 256 * 1024, _ body: (UnsafeRawBufferPointer) throws(FileSystemError) -> Void
    ) throws(FileSystemError) -> FileStamp? {
        guard let (descriptor, stamp) = try openRegularFile(path) else { return nil }
        defer { close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            let count = systemRead(descriptor, buffer.baseAddress!, chunkSize)
            if count < 0 {
                if errno == EINTR { continue }
                throw FileSystemError.fromErrno()
            }
            if count == 0 { return stamp }
            try body(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            total += count
            if count < chunkSize, total == stamp.size { return stamp }
        }
    }
}

extension PlainFile {
    /// A descriptor open for reading the regular file at `path` (a symbolic link followed) and
    /// the file's stamp as it was opened, or `nil` when there is no such file. A folder, a
    /// device, a pipe or a socket is refused, never read, so `/dev/zero` cannot fill memory and
    /// a pipe cannot hang a run: the open does not wait (`openWithoutWaiting`), and the file
    /// is asked what it is once open.
    static func openRegularFile(_ path: String) throws(FileSystemError) -> (descriptor: Int32, stamp: FileStamp)? {
        guard let (descriptor, info) = try openWithoutWaiting(path) else { return nil }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else {
            close(descriptor)
            throw FileSystemError("it is \(kindName(type)), not a regular file", code: EINVAL)
        }
        return (descriptor, FileStamp(info))
    }

    /// At most the first `count` bytes of the file (fewer when it is shorter), or `nil`
    /// when there is no such file: for reading a header without the rest.
    public static func readPrefix(_ path: String, count: Int) throws(FileSystemError) -> [UInt8]? {
        guard let (descriptor, _) = try openRegularFile(path) else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let read = bytes.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress! + filled, count - filled) }
            if read < 0, errno == EINTR { continue }
            if read < 0 { throw FileSystemError.fromErrno() }
            if read == 0 { break }
            filled += read
        }
        return Array(bytes[..<filled])
    }

    /// What is at a path.
    public enum Kind: Equatable, Sendable {
        case missing, file, folder
        /// A device, a pipe, a socket; a symbolic link when links are not followed.
        case other
    }

    /// What is at `path`; `missing` when it, or a folder on the way to it, does not exist.
    /// Without `followingLinks`, a symbolic link at `path` is `other`.
    public static func kind(of path: String, followingLinks: Bool = true) throws(FileSystemError) -> Kind {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return .missing }
            throw FileSystemError.fromErrno()
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    /// The size in bytes of the file at `path` (following symbolic links).
    public static func size(of path: String) throws(FileSystemError) -> Int {
        var info = stat()
        try FileSystemError.check(stat(path, &info))
        return Int(info.st_size)
    }

    /// Hard-links `source` at `destination`, creating the folder it goes in if it is missing.
    ///
    /// With `replacing`, a file already at `destination` gives way, atomically: unless it
    /// already is `source`, a link at a temporary name beside it is renamed over it, so a
    /// reader of `destination` sees the old file or the new one, and the old file's other
    /// names are untouched. Throws where the file system cannot link (another device, no
    /// hard links), so the caller can copy instead.
    public static func link(_ source: String, to destination: String, replacing: Bool) throws(FileSystemError) {
        if systemLink(source, destination) == 0 { return }
        if errno == ENOENT {
            try makeParentFolder(of: destination)
            if systemLink(source, destination) == 0 { return }
        }
        guard errno == EEXIST, replacing else { throw FileSystemError.fromErrno() }
        if isSameFile(source, destination) { return }
        let temporary = AtomicFile.temporaryPath(for: destination)
        try FileSystemError.check(systemLink(source, temporary))
        guard rename(temporary, destination) == 0 else {
            let failure = FileSystemError.fromErrno()
            unlink(temporary)
            throw failure
        }
    }

    private static func isSameFile(_ first: String, _ second: String) -> Bool {
        var a = stat()
        var b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// The names in `folder` (without `.` and `..`), each with whether it is a folder,
    /// following symbolic links unless `followingLinks` is false (a link is then never a
    /// folder). A link that leads nowhere is listed, as not a folder. The kind comes from the
    /// directory entry itself where the file system records it, so listing a folder of
    /// 10,000 files costs no `stat` per file.
    public static func entries(inFolder folder: String, followingLinks: Bool = true) throws(FileSystemError) -> [(name: String, isFolder: Bool)] {
        var entries: [(name: String, isFolder: Bool)] = []
        try readEntries(inFolder: folder, followingLinks: followingLinks) { name, isFolder in
            entries.append((String(decoding: name, as: UTF8.self), isFolder))
        }
        return entries
    }

    /// Hands each entry of `folder` to `body` as `entries(inFolder:followingLinks:)` lists it,
    /// its name as the bytes the directory holds, valid only during the call.
    public static func readEntries(
        inFolder folder: String, followingLinks: Bool = true, _ body: (_ name: UnsafeBufferPointer<UInt8>, _ isFolder: Bool) -> Void
    ) throws(FileSystemError) {
        guard let stream = opendir(folder) else { throw FileSystemError.fromErrno() }
        defer { closedir(stream) }
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw FileSystemError.fromErrno() }
                return
            }
            let kind = Int32(entry.pointee.d_type)
            withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                let name = UnsafeBufferPointer(rebasing: bytes.bindMemory(to: UInt8.self).prefix { $0 != 0 })
                if name.elementsEqual(".".utf8) || name.elementsEqual("..".utf8) { return }
                switch kind {
                case Int32(DT_DIR): body(name, true)
                case Int32(DT_REG): body(name, false)
                default:
                    // A link, or a file system that leaves the kind unknown: ask the file itself.
                    let path = folder + "/" + String(decoding: name, as: UTF8.self)
                    var info = stat()
                    let found = followingLinks ? stat(path, &info) : lstat(path, &info)
                    body(name, found == 0 && (info.st_mode & S_IFMT) == S_IFDIR)
                }
            }
        }
    }
}

@inline(__always)
func systemRead(_ descriptor: Int32, _ pointer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(descriptor, pointer, count)
    #else
        Darwin.read(descriptor, pointer, count)
    #endif
}

@inline(__always)
private func systemLink(_ source: String, _ destination: String) -> Int32 {
    #if canImport(Glibc)
        Glibc.link(source, destination)
    #else
        Darwin.link(source, destination)
    #endif
}

@inline(__always)
func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
    #if canImport(Glibc)
        Glibc.open(path, flags, 0o644)
    #else
        Darwin.open(path, flags, 0o644)
    #endif
}

@inline(__always)
private func systemWrite(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, pointer, count)
    #else
        Darwin.write(descriptor, pointer, count)
    #endif
}
