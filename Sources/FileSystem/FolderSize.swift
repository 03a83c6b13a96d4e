import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How many bytes the files under a folder hold: every regular file's size, a file with
/// several names (hard links) once. Symbolic links are not followed and folders themselves
/// count nothing. One `fstatat` per file, relative to its folder: it costs what `du` does
/// over the same folder (BENCHMARKS.md, "The metrics file").
public enum FolderSize {
    /// The bytes under `folder`, 0 when it does not exist. Throws when `folder` itself cannot
    /// be read; a folder inside it that cannot be read is left out.
    public static func bytes(under folder: String) throws(FileSystemError) -> Int {
        var total = 0
        var linked = Set<FileID>()
        var pending = [folder]
        var isTop = true
        while let path = pending.popLast() {
            guard let stream = opendir(path) else {
                if isTop {
                    if errno == ENOENT { return 0 }
                    throw FileSystemError.fromErrno()
                }
                continue
            }
            defer { closedir(stream) }
            isTop = false
            let descriptor = dirfd(stream)
            while let entry = readdir(stream) {
                let kind = Int32(entry.pointee.d_type)
                if kind == Int32(DT_LNK) { continue }
                // Zeroed: a name that is skipped, or cannot be looked at, is no regular file.
                var info = stat()
                let subfolder = withUnsafePointer(to: entry.pointee.d_name) { tuple -> String? in
                    tuple.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: tuple.pointee)) { name in
                        if name[0] == dot, name[1] == 0 || (name[1] == dot && name[2] == 0) { return nil }
                        if kind == Int32(DT_DIR) { return String(cString: name) }
                        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
                        return (info.st_mode & S_IFMT) == S_IFDIR ? String(cString: name) : nil
                    }
                }
                if let subfolder {
                    pending.append(path + "/" + subfolder)
                    continue
                }
                guard (info.st_mode & S_IFMT) == S_IFREG else { continue }
                if info.st_nlink > 1, !linked.insert(FileID(info)).inserted { continue }
                total += Int(info.st_size)
            }
        }
        return total
    }

    private static let dot = CChar(UInt8(ascii: "."))

    /// A file's identity across its names.
    private struct FileID: Hashable {
        let device: UInt64
        let inode: UInt64

        init(_ info: stat) {
            device = UInt64(truncatingIfNeeded: info.st_dev)
            inode = UInt64(truncatingIfNeeded: info.st_ino)
        }
    }
}
