import FileSystem

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
