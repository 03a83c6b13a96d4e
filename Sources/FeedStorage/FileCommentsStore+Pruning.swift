import FeedCore
import FileSystem
import Foundation

extension FileCommentsStore {
    /// Removes every comments file saved seven days ago or more (`CacheRetention`), by the
    /// timestamp inside it, read from the file's first bytes. Files that do not start like a
    /// comments file are left alone: pruning removes only what it knows is expired.
    public func prune(now: Date) throws(CacheError) -> [RemovedCacheFile] {
        var removed: [RemovedCacheFile] = []
        for file in ShardedFolder.files(in: folder) where file.name.hasSuffix(".json") {
            let prefix: [UInt8]?
            do {
                prefix = try PlainFile.readPrefix(file.path, count: CacheCodec<ImageComment>.timestampPrefixLength)
            } catch {
                throw .file(.read, file.path, reason: error.description)
            }
            guard let prefix, let savedAt = CacheCodec<ImageComment>.timestamp(atStartOf: prefix),
                !CacheRetention.keepsComments(savedAt: savedAt, now: now)
            else { continue }
            removed.append(try RemovedCacheFile.remove(file.path))
        }
        return removed
    }
}
