import Basics
import FeedCore
import FileSystem
import Foundation
import Hashing
import SQLite

/// `ImageStore` with its bytes as content-addressed files and its index in the cache
/// database:
///
///     <folder>/blobs/<h[0..2]>/<h>     the bytes, h = SHA-256 of the bytes (lower-case hex)
///     images (url → sha256)            which blob each image URL gave
///     blobs (sha256 → last_referred,   when a saved feed last referred to each blob,
///            checked_…, format, …)      and its last check
///
/// Identical bytes from several URLs are stored once. Retrieving hashes the blob's bytes
/// and compares them with its name, so a damaged file counts as missing and is downloaded
/// again; once they hashed to it, the blob's file stamp is kept with its row (`BlobCheck`),
/// and a blob whose file still has that stamp is not read again. A blob arrives by one
/// `rename` from the temporary file it was downloaded into; `export` hard-links it into the
/// site (a copy where links are impossible), so unchanged images keep their modification
/// time from run to run.
///
/// A blob is on the disk before the row that names it is written; a run killed in between
/// leaves a file without a row, which pruning takes as referred to now.
public final class SQLiteImageStore: ImageStore {
    let cache: CacheDatabase
    let folder: String
    /// When a blob stored now counts as last referred to: the run's clock.
    let now: Date
    /// The time now, as the file system's times are read against: whether a blob's file
    /// was written long enough ago for its check to be kept (`BlobCheck.isSettled`).
    let fileClock: @Sendable () -> Date
    /// Where a file with an image's bytes may be already, by the image's file name in a site
    /// (`StoredImage.fileName`): the history's copy of a picture that comes back after the
    /// cache let it go, which a new blob then is, linked, rather than a second copy.
    let earlierCopy: @Sendable (_ fileName: String) -> String?

    public init(
        _ cache: CacheDatabase, folder: URL, now: Date, fileClock: @escaping @Sendable () -> Date,
        earlierCopy: @escaping @Sendable (_ fileName: String) -> String? = { _ in nil }
    ) {
        self.cache = cache
        self.folder = folder.path
        self.now = now
        self.fileClock = fileClock
        self.earlierCopy = earlierCopy
    }

    public func retrieve(for url: URL) throws(CacheError) -> StoredImage? {
        let found = try cache.read { connection -> (sha256: String, check: BlobCheck?)? in
            let select = try connection.statement(
                "SELECT images.sha256, \(BlobCheck.columns) FROM images LEFT JOIN blobs ON blobs.sha256 = images.sha256 WHERE images.url = ?")
            var found: (String, BlobCheck?)?
            try select.forEachRow(.text(url.absoluteString)) { row in
                if let sha256 = row.text(at: 0) { found = (sha256, BlobCheck(row, from: 1)) }
            }
            return found
        }
        guard let (sha256, check) = found, let digest = Self.blobDigest(sha256) else { return nil }
        let blob = blobPath(for: sha256)
        if let check, PlainFile.stamp(of: blob) == check.stamp {
            return StoredImage(digest: digest, byteCount: check.stamp.size, format: check.format, dimensions: check.dimensions)
        }
        let read: FileDigest.Result
        var sniffer = ImageSniffer()
        do {
            guard let found = try FileDigest.sha256(ofFileAtPath: blob, reading: { sniffer.consume($0) }) else { return nil }
            read = found
        } catch {
            throw CacheError.file(.read, blob, reason: error.description)
        }
        guard read.digest == digest else { return nil }
        let checked = BlobCheck(stamp: read.stamp, format: sniffer.format, dimensions: sniffer.dimensions)
        // Kept when it can be: a check the database cannot take (a full disk) only means the
        // blob is hashed again next time, never that the image is missing.
        if read.stamp.size == read.byteCount, BlobCheck.isSettled(read.stamp, at: fileClock()) {
            try? cache.write { connection in try checked.save(sha256: sha256, connection) }
        }
        return StoredImage(digest: digest, byteCount: read.byteCount, format: checked.format, dimensions: checked.dimensions)
    }

    /// A new temporary file beside the blobs, created now: off the network's thread, and
    /// one `rename` away from its place.
    public func newDownload() throws(CacheError) -> IncomingFile {
        let file = IncomingFile(path: AtomicFile.temporaryPath(for: "\(folder)/blobs/download"))
        try file.restart()
        return file
    }

    public func insert(_ file: IncomingFile, for url: URL) throws(CacheError) -> StoredImage {
        defer { file.discard() }
        let contents: IncomingFile.Contents
        do {
            contents = try file.finish()
        } catch {
            throw .file(.write, file.path, error)
        }
        let image = StoredImage(
            digest: contents.digest, byteCount: contents.byteCount, format: ImageFormat.detect(contents.head), dimensions: contents.dimensions)
        let blob = blobPath(for: image.sha256)
        if !Self.holds(blob, image) {
            do {
                // A folder where the blob goes would fail this image on every run: it is
                // damage, as no run makes one there, set aside under a name no blob has.
                if (try? PlainFile.kind(of: blob, followingLinks: false)) == .folder { try Self.setAside(blob) }
                if !adoptEarlierCopy(of: image, at: blob) { try file.move(to: blob) }
            } catch {
                throw .file(.write, blob, error)
            }
        }
        try cache.write { connection in
            try Self.refer(to: image.sha256, at: now, connection)
            try Self.index(url, to: image.sha256, connection)
        }
        return image
    }

    /// Makes the blob at `blob` the earlier copy of `image` (`earlierCopy`), linked, when
    /// there is one that holds its bytes; whether it did.
    private func adoptEarlierCopy(of image: StoredImage, at blob: String) -> Bool {
        guard let copy = earlierCopy(image.fileName), Self.holds(copy, image) else { return false }
        return (try? PlainFile.link(copy, to: blob, replacing: true)) != nil
    }

    /// Forgets the URL; the blob stays, as other URLs may share it.
    public func delete(for url: URL) throws(CacheError) {
        try cache.write { connection in
            try connection.statement("DELETE FROM images WHERE url = ?").run(.text(url.absoluteString))
        }
    }

    /// Puts the blob at `destination`, replacing whatever was there. A full disk there is
    /// `.full` naming `destination`, not a cache file that cannot be read.
    public func export(_ image: StoredImage, toPath destination: String) throws(CacheError) {
        let blob = blobPath(for: image.sha256)
        do {
            do {
                try PlainFile.link(blob, to: destination, replacing: true)
            } catch {
                try AtomicFile.write(toPath: destination) { try $0.write(contentsOf: blob) }
            }
        } catch {
            if let full = OutOfSpace(writing: destination, error) { throw .full(full) }
            throw .file(.read, blob, reason: "cannot put it at \(destination): \(error)")
        }
    }

    /// Renames the folder at `path` to `<path>.not-a-blob` (`-2`, `-3` … when taken).
    private static func setAside(_ path: String) throws(FileSystemError) {
        var aside = path + ".not-a-blob"
        var number = 1
        while (try? PlainFile.kind(of: aside, followingLinks: false)) != .missing {
            number += 1
            aside = path + ".not-a-blob-\(number)"
        }
        try FileSystemError.check(rename(path, aside))
    }

    func blobPath(for sha256: String) -> String {
        Self.blobPath(for: sha256, in: folder)
    }

    /// Where the images folder `folder` keeps the blob named `sha256`.
    static func blobPath(for sha256: String, in folder: String) -> String {
        "\(folder)/blobs/\(sha256.prefix(2))/\(sha256)"
    }

    /// Records the blob as referred to at `date`, unless a later time is recorded.
    static func refer(to sha256: String, at date: Date, _ connection: CacheDatabase.Connection) throws {
        try connection.statement(
            "INSERT INTO blobs (sha256, last_referred) VALUES (?, ?) ON CONFLICT (sha256) DO UPDATE SET last_referred = max(last_referred, excluded.last_referred)"
        ).run(.text(sha256), .real(date.timeIntervalSinceReferenceDate))
    }

    /// Points `url` at the blob.
    static func index(_ url: URL, to sha256: String, _ connection: CacheDatabase.Connection) throws {
        try connection.statement("INSERT OR REPLACE INTO images (url, sha256) VALUES (?, ?)").run(.text(url.absoluteString), .text(sha256))
    }

    /// Whether the blob is there with the image's size and bytes (a damaged blob is rewritten).
    static func holds(_ blob: String, _ image: StoredImage) -> Bool {
        guard (try? PlainFile.size(of: blob)) == image.byteCount else { return false }
        return (try? FileDigest.sha256(ofFileAtPath: blob))?.digest == image.digest
    }
}
