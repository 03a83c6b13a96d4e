import Foundation

extension PlainFile {
    /// Puts `data` at `path` as a new file, or, when the file at `earlier` is a regular file
    /// holding exactly these bytes, links that file there instead: for a folder being made
    /// that shares what did not change with one made before it (a snapshot of the history
    /// and the one before).
    public static func write(_ data: Data, to path: String, sharing earlier: String?) throws(FileSystemError) {
        if let earlier, isShareable(earlier), (try? read(earlier)) == data {
            try link(earlier, to: path, replacing: false)
        } else {
            try write(data, to: path, asNewFile: true)
        }
    }

    /// Whether the file at `path` may be shared by a hard link: a regular file itself. A
    /// symbolic link, linked, would be the same link in the new folder, leading wherever it
    /// leads; anything else is no file of a site.
    public static func isShareable(_ path: String) -> Bool {
        (try? kind(of: path, followingLinks: false)) == .file
    }
}
