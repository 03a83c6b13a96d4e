import Basics
import FileSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a folder as a POSIX (ustar) tar file that is the same byte for byte whenever the
/// folder's contents are: entries in the order of the paths given, each folder's just before
/// its first file, every time set to `modificationDate`,
/// owner and group 0 with no names, mode 0755 for folders and 0644 for files. Entry paths
/// are relative to the folder (`index.html`, `images/…`), so extract into a folder of your
/// choice: `mkdir site && tar -xf FILE.tar -C site`. Files are streamed into the archive a
/// chunk at a time, so a large site never sits in memory.
///
/// Paths that are names of one file (the same device and inode: a history's snapshots share
/// most of their files with each other and with the live site) hold its bytes once: the
/// first of them in the archive's order is a regular entry, each later one a hard-link entry
/// (type 1, no bytes) naming it, which tar extracts as a link again (a name too long for its
/// field in a pax extended header before it). Which entry holds the
/// bytes depends on the paths alone, never on inode numbers, so the bytes stay the same.
public enum TarArchive {
    public enum WriteError: SpaceAwareError, Equatable, Sendable, CustomStringConvertible {
        case pathTooLong(String)
        case cannotWrite(String, reason: String)
        /// The disk under the archive is full.
        case noSpace(OutOfSpace)

        public var description: String {
            switch self {
            case let .pathTooLong(path): "cannot archive \(path): the path is too long for a ustar header"
            case let .cannotWrite(path, reason): "cannot write the archive \(path): \(reason)"
            case let .noSpace(full): full.description
            }
        }

        public var outOfSpace: OutOfSpace? {
            if case let .noSpace(full) = self { return full }
            return nil
        }
    }

    private static let block = 512

    /// Archives the files `paths` (relative to `folder`) and their folders into `archive`,
    /// in the order of their paths, as `write(folder:files:to:modificationDate:progress:)`.
    public static func write(
        folder: URL, paths: [String], to archive: URL, modificationDate: Date, progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) throws {
        let sorted = paths.sorted()
        try write(folder: folder, files: { body in try sorted.forEach(body) }, to: archive, modificationDate: modificationDate, progress: progress)
    }

    /// Archives the files `files` hands its argument (paths relative to `folder`, each
    /// folder's together, the same every time it is called: it is called twice, once to
    /// count them) and their folders into `archive`, atomically, each folder's entry just
    /// before the first file under it. Only the folders and the first names of linked files
    /// are held, never the whole list. `progress` hears the entries written so far and how
    /// many there are. Once the task is cancelled, the next entry throws
    /// `CancellationError` and nothing is written.
    public static func write(
        folder: URL, files: ((String) throws -> Void) throws -> Void, to archive: URL, modificationDate: Date,
        progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) throws {
        var total = 0
        var counted = Set<String>()
        try files { path in
            total += 1 + folders(of: path).count { counted.insert($0).inserted }
        }
        counted = []
        let mtime = max(0, Int(modificationDate.timeIntervalSince1970.rounded(.down)))
        // The first path of each file that has other names, by its identity; only files with
        // more than one name are kept here.
        var firstNames: [FileID: String] = [:]
        var written = Set<String>()
        var done = 0

        do {
            _ = try withoutActuallyEscaping(progress) { progress in
                try AtomicFile.write(toPath: archive.path) { output in
                    try files { path in
                        try Task.checkCancellation()
                        for parent in folders(of: path) where written.insert(parent).inserted {
                            try output.write(try header(path: parent, size: 0, mode: 0o755, type: "5", mtime: mtime))
                            done += 1
                            progress(done, total)
                        }
                        let file = folder.path + "/" + path
                        let (size, identity) = try Self.status(of: file)
                        if let identity, let first = firstNames[identity] {
                            try output.write(try link(path: path, to: first, mtime: mtime))
                        } else {
                            if let identity { firstNames[identity] = path }
                            try output.write(try header(path: path, size: size, mode: 0o644, type: "0", mtime: mtime))
                            guard try output.write(contentsOf: file) == size else {
                                throw WriteError.cannotWrite(archive.path, reason: "\(path) changed while it was archived")
                            }
                            try output.write([UInt8](repeating: 0, count: (block - size % block) % block))
                        }
                        done += 1
                        progress(done, total)
                    }
                    try output.write([UInt8](repeating: 0, count: block * 2))
                }
            }
        } catch let error as FileSystemError {
            throw OutOfSpace(writing: archive.path, error).map(WriteError.noSpace) ?? WriteError.cannotWrite(archive.path, reason: error.description)
        }
    }

    /// The folders a path is in, outermost first, each with its "/": `a/b/c.html` is in `a/`
    /// and `a/b/`.
    static func folders(of path: String) -> [String] {
        var folders: [String] = []
        var end = path.startIndex
        while let slash = path[end...].firstIndex(of: "/") {
            end = path.index(after: slash)
            folders.append(String(path[..<end]))
        }
        return folders
    }

    /// The longest path a hard-link entry's own field can name: ustar's link field has no
    /// prefix.
    static let linkNameLength = 100

    /// The headers of a hard link at `path` to `first`: one ustar header, after a pax
    /// extended header holding the name when it is too long for the link field (as a
    /// snapshot's picture of a four-letter type is: `history/<time>/images/<digest>.webp`).
    static func link(path: String, to first: String, mtime: Int) throws -> [UInt8] {
        guard first.utf8.count > linkNameLength else {
            return try header(path: path, size: 0, mode: 0o644, type: "1", mtime: mtime, linkName: first)
        }
        // A record is "<length> linkpath=<name>\n", its length counting its own digits.
        let body = " linkpath=" + first + "\n"
        var length = body.utf8.count + 1
        while String(length).utf8.count + body.utf8.count != length { length += 1 }
        let record = Array((String(length) + body).utf8)
        return try header(path: "././@PaxHeader", size: record.count, mode: 0o644, type: "x", mtime: mtime) + record
            + [UInt8](repeating: 0, count: (block - record.count % block) % block)
            + header(path: path, size: 0, mode: 0o644, type: "1", mtime: mtime)
    }

    /// A file's identity across its names.
    private struct FileID: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    /// The size of the file at `path` (a symbolic link followed, as its bytes are read), and
    /// its identity when it has other names.
    private static func status(of path: String) throws(FileSystemError) -> (size: Int, identity: FileID?) {
        var info = stat()
        try FileSystemError.check(stat(path, &info))
        let identity = info.st_nlink > 1 ? FileID(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino)) : nil
        return (Int(info.st_size), identity)
    }

    /// A ustar header: a path up to 100 bytes, or split into a prefix of up to 155 and a
    /// name of up to 100 at a slash; a hard link's `linkName` up to 100 bytes.
    static func header(path: String, size: Int, mode: Int, type: Character, mtime: Int, linkName: String = "") throws -> [UInt8] {
        let bytes = Array(path.utf8)
        var name = bytes
        var prefix: [UInt8] = []
        if bytes.count > 100 {
            let slashes = bytes.indices.filter { bytes[$0] == UInt8(ascii: "/") && $0 < bytes.count - 1 }
            guard let split = slashes.last(where: { $0 <= 155 && bytes.count - $0 - 1 <= 100 }) else {
                throw WriteError.pathTooLong(path)
            }
            prefix = Array(bytes[..<split])
            name = Array(bytes[(split + 1)...])
        }
        var header = [UInt8](repeating: 0, count: block)
        func put(_ field: [UInt8], at offset: Int) {
            for (index, byte) in field.enumerated() { header[offset + index] = byte }
        }
        func octal(_ value: Int, width: Int) -> [UInt8] {
            let digits = String(value, radix: 8)
            return Array((String(repeating: "0", count: max(0, width - 1 - digits.count)) + digits).utf8) + [0]
        }
        put(name, at: 0)
        put(octal(mode, width: 8), at: 100)
        put(octal(0, width: 8), at: 108)  // uid
        put(octal(0, width: 8), at: 116)  // gid
        put(octal(size, width: 12), at: 124)
        put(octal(mtime, width: 12), at: 136)
        put(Array(repeating: UInt8(ascii: " "), count: 8), at: 148)  // checksum placeholder
        header[156] = UInt8(ascii: type.unicodeScalars.first!)
        put(Array(linkName.utf8.prefix(linkNameLength)), at: 157)
        put(Array("ustar".utf8) + [0], at: 257)
        put(Array("00".utf8), at: 263)
        put(prefix, at: 345)
        let checksum = header.reduce(0) { $0 + Int($1) }
        put(
            Array((String(repeating: "0", count: max(0, 6 - String(checksum, radix: 8).count)) + String(checksum, radix: 8)).utf8) + [0, UInt8(ascii: " ")],
            at: 148)
        return header
    }
}
