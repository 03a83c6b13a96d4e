#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Removes a folder and everything in it, reading each folder as it goes and holding none
/// of its names: a site of 100,000 items removed through Foundation's `removeItem` held
/// 21 MB of them (BENCHMARKS.md, "What each trick buys", row "old sites removed a folder at
/// a time"). Links are removed, never followed.
public enum FolderRemoval {
    /// Removes `path`, whatever it is, and all it holds, as far as it can; whether it is gone.
    @discardableResult
    public static func remove(_ path: String) -> Bool {
        if unlink(path) == 0 || errno == ENOENT { return true }
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        empty(descriptor)
        return rmdir(path) == 0 || errno == ENOENT
    }

    /// Removes everything in the folder open as `descriptor`, and closes it. Removing entries
    /// while the folder is read may hide others from that reading, so it is read again until
    /// a reading removes nothing.
    private static func empty(_ descriptor: Int32) {
        guard let stream = fdopendir(descriptor) else {
            close(descriptor)
            return
        }
        defer { closedir(stream) }
        var removedAny = true
        while removedAny {
            removedAny = false
            rewinddir(stream)
            while let entry = readdir(stream) {
                let isFolder = Int32(entry.pointee.d_type) == Int32(DT_DIR)
                let removed = withUnsafePointer(to: &entry.pointee.d_name) { name in
                    name.withMemoryRebound(to: CChar.self, capacity: MemoryLayout.size(ofValue: entry.pointee.d_name)) { name in
                        if name[0] == 0x2E, name[1] == 0 || (name[1] == 0x2E && name[2] == 0) { return false }  // "." and ".."
                        if !isFolder, unlinkat(descriptor, name, 0) == 0 { return true }
                        let child = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                        guard child >= 0 else { return false }
                        empty(child)
                        return unlinkat(descriptor, name, AT_REMOVEDIR) == 0
                    }
                }
                removedAny = removedAny || removed
            }
        }
    }
}
