import FeedCore
import Foundation

/// A file that pruning removed from the cache, and its size.
public struct RemovedCacheFile: Equatable, Sendable {
    public let path: String
    public let byteCount: Int

    public init(path: String, byteCount: Int) {
        self.path = path
        self.byteCount = byteCount
    }
}

/// What pruning the image cache removed: the blobs, and how many index entries led to them.
public struct ImagePruning: Equatable, Sendable {
    public var blobs: [RemovedCacheFile] = []
    public var indexEntries = 0

    public init(blobs: [RemovedCacheFile] = [], indexEntries: Int = 0) {
        self.blobs = blobs
        self.indexEntries = indexEntries
    }
}

/// The cache's two-level folders (`<folder>/<xx>/<name>`), as the stores lay them out.
enum ShardedFolder {
    /// Every file two levels down, as its path and name, in name order; temporary files
    /// (`AtomicFile`'s, which `CacheJanitor` sweeps) are left out. A missing folder holds none.
    static func files(in folder: String) -> [(path: String, name: String)] {
        let manager = FileManager.default
        guard let shards = try? manager.contentsOfDirectory(atPath: folder) else { return [] }
        var files: [(path: String, name: String)] = []
        for shard in shards.sorted() where !shard.hasPrefix(".") {
            guard let names = try? manager.contentsOfDirectory(atPath: "\(folder)/\(shard)") else { continue }
            for name in names.sorted() where !name.hasPrefix(AtomicFile.temporaryMarker) {
                files.append(("\(folder)/\(shard)/\(name)", name))
            }
        }
        return files
    }
}
