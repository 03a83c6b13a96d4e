import FeedCore
import FileSystem
import Foundation
import Hashing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileImageStore {
    /// The record of when each blob was last referred to: `<folder>/references`.
    nonisolated var referencesPath: String { "\(folder)/references" }

    /// Records the cached feed's blobs as referred to when it was saved, and removes every
    /// blob that no feed saved in the last seven days refers to (`CacheRetention.plan`),
    /// with the index entries that lead to it. The cached feed's blobs always stay.
    ///
    /// Crash-safe in any order it stops: index entries go first, then blobs, then the
    /// record is replaced atomically, and every step is one `unlink` or `rename`. A blob
    /// left without an entry counts as referred to now, so a stop loses nothing early.
    /// Blobs keep their modification time: they are hard-linked into the published site.
    public func prune(cachedFeed: CacheRetention.CachedFeedImages?, now: Date) throws(CacheError) -> ImagePruning {
        let recordFile = ImageReferencesFile(path: referencesPath)
        let record = try recordFile.read()
        var stored: [SHA256.Digest: String] = [:]
        for file in ShardedFolder.files(in: "\(folder)/blobs") {
            if let digest = SHA256.Digest(hex: file.name) { stored[digest] = file.path }
        }
        let plan = CacheRetention.plan(record: record, stored: stored.keys, cachedFeed: cachedFeed, now: now)
        var pruning = ImagePruning()
        if !plan.remove.isEmpty {
            let removed = plan.remove.compactMap { stored[$0] }.sorted()
            pruning.indexEntries = try removeIndexEntries(leadingTo: removed, keeping: Set(stored.keys).subtracting(plan.remove))
            for path in removed {
                pruning.blobs.append(try RemovedCacheFile.remove(path))
            }
        }
        // Written only when it changes; a missing record is an empty one.
        if plan.record != record ?? ImageReferences() { try recordFile.write(plan.record) }
        return pruning
    }

    /// Removes the index entries that are links to the `removed` blobs (same file), and
    /// entries that are copies (where links are impossible) of blobs not `kept`. The number
    /// removed.
    private func removeIndexEntries(leadingTo removed: [String], keeping kept: Set<SHA256.Digest>) throws(CacheError) -> Int {
        let removedFiles = Set(removed.compactMap(Self.fileID))
        var count = 0
        for entry in ShardedFolder.files(in: "\(folder)/index") {
            var info = stat()
            guard lstat(entry.path, &info) == 0 else { continue }
            var goes = removedFiles.contains(FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
            if !goes, info.st_nlink == 1 {
                // A copy, or a link whose blob is gone: it leads to a kept blob only if its bytes are one.
                let digest = try? FileDigest.sha256(ofFileAtPath: entry.path)?.digest
                goes = digest.map { !kept.contains($0) } ?? false
            }
            if goes {
                _ = try RemovedCacheFile.remove(entry.path)
                count += 1
            }
        }
        return count
    }

    private struct FileID: Hashable {
        let device: UInt64
        let inode: UInt64
    }

    private static func fileID(_ path: String) -> FileID? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
