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

/// What pruning the image cache removed: the blobs, and how many image URLs it forgot.
public struct ImagePruning: Equatable, Sendable {
    public var blobs: [RemovedCacheFile] = []
    public var urls = 0

    public init(blobs: [RemovedCacheFile] = [], urls: Int = 0) {
        self.blobs = blobs
        self.urls = urls
    }
}

/// The cache's two-level folders (`<folder>/<xx>/<name>`), as the stores lay them out.
enum ShardedFolder {
    /// Every file two levels down, as its path and name, in name order; temporary files
    /// (`AtomicFile`'s, which `CacheJanitor` sweeps) are left out. A missing folder holds none.
    static func files(in folder: String) -> [(path: String, name: String)] {
        guard let shards = try? PlainFile.entries(inFolder: folder) else { return [] }
        var files: [(path: String, name: String)] = []
        for shard in shards.map(\.name).sorted() where !shard.hasPrefix(".") {
            guard let names = try? PlainFile.entries(inFolder: "\(folder)/\(shard)") else { continue }
            for name in names.map(\.name).sorted() where !name.hasPrefix(AtomicFile.temporaryMarker) {
                files.append(("\(folder)/\(shard)/\(name)", name))
            }
        }
        return files
    }
}
