import FeedCore
import FileSystem
import Foundation

/// A file that pruning removed from the cache, and its size.
public struct RemovedCacheFile: Equatable, Sendable {
    public let path: String
    public let byteCount: Int

    public init(path: String, byteCount: Int) {
        self.path = path
        self.byteCount = byteCount
    }

    /// Removes the cache file at `path`, noting its size first.
    static func remove(_ path: String) throws(CacheError) -> RemovedCacheFile {
        let size = (try? PlainFile.size(of: path)) ?? 0
        do {
            try AtomicFile.remove(URL(fileURLWithPath: path))
        } catch {
            throw .file(.delete, path, reason: error.description)
        }
        return RemovedCacheFile(path: path, byteCount: size)
    }
}
