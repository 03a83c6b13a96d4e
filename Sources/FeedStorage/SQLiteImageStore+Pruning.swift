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
        // Blobs are known by their digests, 32 bytes inline, rather than their 64 hex digits
        // and paths as text: BENCHMARKS.md, "What each trick buys", row "pruning by digest".
        // Each file's shard, and when its blob was last referred to once the rows are read.
        var onDisk: [SHA256.Digest: (shard: String, lastReferred: Double?)] = [:]
        ShardedFolder.eachFile(in: "\(folder)/blobs") { shard, name in
            if let digest = Self.blobDigest(name) { onDisk[digest] = (shard, nil) }
        }
        let kept = Set(cachedFeed?.blobs ?? [])
        let cutoff = CacheRetention.expiredSince(now).timeIntervalSinceReferenceDate
        return try cache.write { connection in
            if let cachedFeed {
                for blob in kept { try Self.refer(to: blob.hex, at: cachedFeed.savedAt, connection) }
            }
            // Rows whose blob is not on the disk, or whose digest does not read.
            var missing: [String] = []
            try connection.statement("SELECT sha256, last_referred FROM blobs").forEachRow { row in
                let text = row.text(at: 0) ?? ""
                if let digest = Self.blobDigest(text), onDisk[digest] != nil {
                    onDisk[digest]?.lastReferred = row.double(at: 1)
                } else {
                    missing.append(text)
                }
            }
            let links = try Self.renditionLinks(connection)
            let forget = try connection.statement("DELETE FROM blobs WHERE sha256 = ?")
            let forgetURLs = try connection.statement("DELETE FROM images WHERE sha256 = ?")
            var pruning = ImagePruning()
            for text in missing {
                try forget.run(.text(text))
                pruning.urls += try forgetURLs.run(.text(text))
            }
            // What stays: the cached feed's blobs, blobs referred to in the last seven days
            // (a rendition's own time does not count), and the renditions of what stays. What
            // goes is gathered, not what stays: it is the few.
            var going = Set<SHA256.Digest>()
            var sources: [SHA256.Digest] = []
            for (sha256, file) in onDisk {
                guard let lastReferred = file.lastReferred else { continue }
                if kept.contains(sha256) || (lastReferred > cutoff && (links.withURL.contains(sha256) || !links.renditions.contains(sha256))) {
                    if links.renditionsOf[sha256] != nil { sources.append(sha256) }
                } else {
                    going.insert(sha256)
                }
            }
            while let source = sources.popLast() {
                for rendition in links.renditionsOf[source] ?? [] where going.remove(rendition) != nil {
                    sources.append(rendition)
                }
            }
            for sha256 in going {
                guard let shard = onDisk[sha256]?.shard else { continue }
                try forget.run(.text(sha256.hex))
                pruning.urls += try forgetURLs.run(.text(sha256.hex))
                let removed = try RemovedCacheFile.remove("\(folder)/blobs/\(shard)/\(sha256.hex)")
                if links.renditions.contains(sha256), !links.withURL.contains(sha256) {
                    pruning.renditions.append(removed)
                } else {
                    pruning.blobs.append(removed)
                }
            }
            for (sha256, file) in onDisk where file.lastReferred == nil {
                try Self.refer(to: sha256.hex, at: now, connection)
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

    /// The digest a blob's name or row gives: 64 lower-case hex digits, as the store
    /// writes them; `nil` for anything else.
    static func blobDigest(_ text: String) -> SHA256.Digest? {
        text.utf8.allSatisfy(HexDigit.isLowercase) ? SHA256.Digest(hex: text) : nil
    }

    /// Which blobs are renditions of which, and which have an image URL leading to them.
    private static func renditionLinks(_ connection: CacheDatabase.Connection) throws -> (
        renditionsOf: [SHA256.Digest: [SHA256.Digest]], renditions: Set<SHA256.Digest>, withURL: Set<SHA256.Digest>
    ) {
        var renditionsOf: [SHA256.Digest: [SHA256.Digest]] = [:]
        var renditions = Set<SHA256.Digest>()
        try connection.statement("SELECT DISTINCT source, sha256 FROM renditions").forEachRow { row in
            guard let source = row.text(at: 0).flatMap(blobDigest), let rendition = row.text(at: 1).flatMap(blobDigest) else { return }
            renditionsOf[source, default: []].append(rendition)
            renditions.insert(rendition)
        }
        var withURL = Set<SHA256.Digest>()
        try connection.statement("SELECT DISTINCT images.sha256 FROM images JOIN renditions ON renditions.sha256 = images.sha256").forEachRow { row in
            if let sha256 = row.text(at: 0).flatMap(blobDigest) { withURL.insert(sha256) }
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
