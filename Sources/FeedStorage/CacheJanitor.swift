import FeedCore
import FileSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Removes the temporary files a killed run left in the cache folder (`AtomicFile` names
/// them `.feedsite-tmp-…`). Call it only while holding the cache's `RunLock`: then no
/// other run is writing, and every such file is a leftover.
public enum CacheJanitor {
    /// The cache's folders are at most four deep (`images/blobs/<xx>`); a few more levels
    /// cover whatever else is there, and stop a loop of symbolic links.
    private static let maximumDepth = 8

    /// The number of files removed.
    @discardableResult
    public static func removeTemporaryFiles(in cacheFolder: URL) -> Int {
        removeTemporaryFiles(inFolder: cacheFolder.path, depth: 0)
    }

    /// One `readdir` per folder and no path objects: at 100,000 blobs the walk is a few
    /// hundred folders' listings.
    private static func removeTemporaryFiles(inFolder folder: String, depth: Int) -> Int {
        guard depth < maximumDepth, let entries = try? PlainFile.entries(inFolder: folder) else { return 0 }
        var removed = 0
        for entry in entries {
            let path = "\(folder)/\(entry.name)"
            if entry.isFolder {
                removed += removeTemporaryFiles(inFolder: path, depth: depth + 1)
            } else if entry.name.hasPrefix(AtomicFile.temporaryMarker), unlink(path) == 0 {
                removed += 1
            }
        }
        return removed
    }
}
