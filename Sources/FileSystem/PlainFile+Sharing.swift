import Foundation

extension PlainFile {
    /// Puts `data` at `path` as a new file, or, when the file at `earlier` holds exactly these
    /// bytes, links that file there instead: for a folder being made that shares what did not
    /// change with one made before it (a snapshot of the history and the one before).
    public static func write(_ data: Data, to path: String, sharing earlier: String?) throws(FileSystemError) {
        if let earlier, (try? read(earlier)) == data {
            try link(earlier, to: path, replacing: false)
        } else {
            try write(data, to: path, asNewFile: true)
        }
    }
}
