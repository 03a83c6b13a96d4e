import FileSystem

/// The cache's two-level folders (`<folder>/<xx>/<name>`), as the stores lay them out.
enum ShardedFolder {
    /// Calls `body` with the shard and the name of every file two levels down, in name
    /// order; temporary files (`AtomicFile`'s, which `CacheJanitor` sweeps) are left out. A
    /// missing folder holds none.
    static func eachFile(in folder: String, _ body: (_ shard: String, _ name: String) -> Void) {
        guard let shards = try? PlainFile.entries(inFolder: folder) else { return }
        for shard in shards.map(\.name).sorted() where !shard.hasPrefix(".") {
            guard let names = try? PlainFile.entries(inFolder: "\(folder)/\(shard)") else { continue }
            for name in names.map(\.name).sorted() where !name.hasPrefix(AtomicFile.temporaryMarker) {
                body(shard, name)
            }
        }
    }
}
