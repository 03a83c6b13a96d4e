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
    /// A rendition lives by its sources, not by when it was saved: its blob stays while a
    /// source that stays has it among its renditions, and goes with the last of them. A source
    /// that goes takes its rendition sets along; a set one of whose blobs is missing is
    /// forgotten, so its renditions are made again.
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
            let links = try Self.renditionLinks(connection)
            let forget = try connection.statement("DELETE FROM blobs WHERE sha256 = ?")
            let forgetURLs = try connection.statement("DELETE FROM images WHERE sha256 = ?")
            var pruning = ImagePruning()
            var present: [String: Double] = [:]
            for (sha256, lastReferred) in recorded {
                guard onDisk[sha256] != nil else {
                    try forget.run(.text(sha256))
                    pruning.urls += try forgetURLs.run(.text(sha256))
                    continue
                }
                present[sha256] = lastReferred
            }
            // What stays: the cached feed's blobs, blobs referred to in the last seven days
            // (a rendition's own time does not count), and the renditions of what stays.
            var staying = Set(
                present.filter { sha256, lastReferred in
                    kept.contains(sha256) || (lastReferred > cutoff && (links.withURL.contains(sha256) || !links.renditions.contains(sha256)))
                }.keys)
            var sources = Array(staying)
            while let source = sources.popLast() {
                for rendition in links.renditionsOf[source] ?? [] where present[rendition] != nil && staying.insert(rendition).inserted {
                    sources.append(rendition)
                }
            }
            for sha256 in present.keys.sorted() where !staying.contains(sha256) {
                try forget.run(.text(sha256))
                pruning.urls += try forgetURLs.run(.text(sha256))
                let removed = try RemovedCacheFile.remove(onDisk[sha256]!)
                if links.renditions.contains(sha256), !links.withURL.contains(sha256) {
                    pruning.renditions.append(removed)
                } else {
                    pruning.blobs.append(removed)
                }
            }
            for sha256 in onDisk.keys where present[sha256] == nil {
                try Self.refer(to: sha256, at: now, connection)
            }
            pruning.urls += try connection.statement("DELETE FROM images WHERE sha256 NOT IN (SELECT sha256 FROM blobs)").run()
            pruning.renditionSets = try Self.forgetSetsWithoutTheirBlobs(connection)
            for shard in Set((pruning.blobs + pruning.renditions).map { ($0.path as NSString).deletingLastPathComponent }) {
                rmdir(shard)  // only when empty: another blob may share it
            }
            pruning.blobs.sort { $0.path < $1.path }
            pruning.renditions.sort { $0.path < $1.path }
            return pruning
        }
    }

    /// Which blobs are renditions of which, and which have an image URL leading to them.
    private static func renditionLinks(_ connection: CacheDatabase.Connection) throws -> (
        renditionsOf: [String: [String]], renditions: Set<String>, withURL: Set<String>
    ) {
        var renditionsOf: [String: [String]] = [:]
        var renditions = Set<String>()
        try connection.statement("SELECT DISTINCT source, sha256 FROM renditions").forEachRow { row in
            guard let source = row.text(at: 0), let rendition = row.text(at: 1) else { return }
            renditionsOf[source, default: []].append(rendition)
            renditions.insert(rendition)
        }
        var withURL = Set<String>()
        try connection.statement("SELECT DISTINCT images.sha256 FROM images JOIN renditions ON renditions.sha256 = images.sha256").forEachRow { row in
            if let sha256 = row.text(at: 0) { withURL.insert(sha256) }
        }
        return (renditionsOf, renditions, withURL)
    }

    /// Forgets the rendition sets whose source, or one of whose renditions, has no blob any
    /// more, with their renditions; returns how many sets went.
    private static func forgetSetsWithoutTheirBlobs(_ connection: CacheDatabase.Connection) throws -> Int {
        let sets = try connection.statement(
            """
            DELETE FROM rendition_sets WHERE source NOT IN (SELECT sha256 FROM blobs)
                OR EXISTS (SELECT 1 FROM renditions WHERE renditions.source = rendition_sets.source
                    AND renditions.recipe = rendition_sets.recipe AND renditions.sha256 NOT IN (SELECT sha256 FROM blobs))
            """
        ).run()
        try connection.statement(
            """
            DELETE FROM renditions WHERE NOT EXISTS (SELECT 1 FROM rendition_sets
                WHERE rendition_sets.source = renditions.source AND rendition_sets.recipe = renditions.recipe)
            """
        ).run()
        return sets
    }
}
