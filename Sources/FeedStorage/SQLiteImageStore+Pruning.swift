import FeedCore
import FileSystem
import Foundation
import Hashing
import SQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SQLiteImageStore {
    /// Records the cached feed's blobs as referred to when it was saved, and removes every
    /// blob that no feed saved in the last seven days refers to (`CacheRetention`), with the
    /// URLs that lead to it and its shard folder once empty. The cached feed's blobs always
    /// stay.
    ///
    /// One transaction: the rows change and the files go inside it, so a run killed halfway
    /// leaves rows whose file is gone (which retrieving counts as missing, and the next prune
    /// drops) or files without a row (which count as referred to now): nothing is lost early.
    public func prune(cachedFeed: CacheRetention.CachedFeedImages?, now: Date) throws(CacheError) -> ImagePruning {
        var onDisk: [String: String] = [:]
        for file in ShardedFolder.files(in: "\(folder)/blobs") where SHA256.Digest(hex: file.name) != nil {
            onDisk[file.name] = file.path
        }
        let kept = Set((cachedFeed?.blobs ?? []).map(\.hex))
        let cutoff = CacheRetention.expiredSince(now).timeIntervalSinceReferenceDate
        return try cache.write { connection in
            if let cachedFeed {
                for blob in kept { try Self.refer(to: blob, at: cachedFeed.savedAt, connection) }
            }
            var recorded: [(sha256: String, lastReferred: Double)] = []
            try connection.statement("SELECT sha256, last_referred FROM blobs").forEachRow { row in
                recorded.append((row.text(at: 0) ?? "", row.double(at: 1)))
            }
            let forget = try connection.statement("DELETE FROM blobs WHERE sha256 = ?")
            let forgetURLs = try connection.statement("DELETE FROM images WHERE sha256 = ?")
            var pruning = ImagePruning()
            var known = Set<String>()
            for (sha256, lastReferred) in recorded {
                guard let path = onDisk[sha256] else {
                    try forget.run(.text(sha256))
                    pruning.urls += try forgetURLs.run(.text(sha256))
                    continue
                }
                known.insert(sha256)
                guard lastReferred <= cutoff, !kept.contains(sha256) else { continue }
                try forget.run(.text(sha256))
                pruning.urls += try forgetURLs.run(.text(sha256))
                pruning.blobs.append(try RemovedCacheFile.remove(path))
            }
            for sha256 in onDisk.keys where !known.contains(sha256) {
                try Self.refer(to: sha256, at: now, connection)
            }
            pruning.urls += try connection.statement("DELETE FROM images WHERE sha256 NOT IN (SELECT sha256 FROM blobs)").run()
            for shard in Set(pruning.blobs.map { ($0.path as NSString).deletingLastPathComponent }) {
                rmdir(shard)  // only when empty: another blob may share it
            }
            pruning.blobs.sort { $0.path < $1.path }
            return pruning
        }
    }
}
