import FeedCore
import FileSystem
import Foundation
import Hashing

/// `ImageStore` on disk, content-addressed:
///
///     <folder>/blobs/<h[0..2]>/<h>     the bytes, h = SHA-256 of the bytes (lower-case hex)
///     <folder>/index/<u[0..2]>/<u>     a hard link to the URL's blob, u = SHA-256 of the URL
///
/// Identical bytes from several URLs are stored once: every index entry of those URLs is
/// a link to the same file. Reading an entry hashes its bytes and checks that a blob of
/// that name exists, so a damaged file counts as missing and is downloaded again.
/// Every write is atomic (a temporary name, then `rename`). `export` hard-links the blob
/// into the site, so unchanged images keep their modification time from run to run.
///
/// Links make the index cost no file of its own: one new file per new image. Where the
/// file system cannot link, entries and exports are copies, which the checks above still
/// cover.
///
/// Inserts and deletes change the store and run one at a time on the actor. Retrieving and
/// exporting only read it, so they run in parallel; each sees an entry before or after a
/// concurrent insert's rename, never half of it.
public actor FileImageStore: ImageStore {
    let folder: String

    public init(folder: URL) {
        self.folder = folder.path
    }

    public nonisolated func retrieve(for url: URL) throws(CacheError) -> StoredImage? {
        let entry = indexPath(for: url)
        let digest: FileDigest.Result
        do {
            guard let found = try FileDigest.sha256(ofFileAtPath: entry) else { return nil }
            digest = found
        } catch {
            throw CacheError.file(.read, entry, reason: error.description)
        }
        guard Self.exists(blobPath(for: digest.sha256)) else { return nil }
        return StoredImage(digest: digest.digest, byteCount: digest.byteCount, format: ImageFormat.detect(digest.head), dimensions: digest.dimensions)
    }

    /// A new temporary file beside the blobs, created now: off the network's thread, and
    /// one `rename` away from its place.
    public nonisolated func newDownload() throws(CacheError) -> IncomingFile {
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
                try file.move(to: blob)
            } catch {
                throw .file(.write, blob, error)
            }
        }
        let entry = indexPath(for: url)
        do {
            try Self.place(blob, at: entry)
        } catch {
            throw .file(.write, entry, error)
        }
        return image
    }

    /// Forgets the URL; the blob stays, as other URLs may share it.
    public func delete(for url: URL) throws(CacheError) {
        let entry = indexPath(for: url)
        do {
            try AtomicFile.remove(URL(fileURLWithPath: entry))
        } catch {
            throw .file(.delete, entry, error)
        }
    }

    /// Puts the blob at `destination`, replacing whatever was there. A full disk there is
    /// `.full` naming `destination`, not a cache file that cannot be read.
    public nonisolated func export(_ image: StoredImage, to destination: URL) throws(CacheError) {
        let blob = blobPath(for: image.sha256)
        do {
            try Self.place(blob, at: destination.path)
        } catch {
            if let full = OutOfSpace(writing: destination.path, error) { throw .full(full) }
            throw .file(.read, blob, reason: "cannot put it at \(destination.path): \(error)")
        }
    }

    nonisolated func blobPath(for sha256: String) -> String {
        "\(folder)/blobs/\(sha256.prefix(2))/\(sha256)"
    }

    private nonisolated func indexPath(for url: URL) -> String {
        let key = SHA256.hexDigest(Array(url.absoluteString.utf8))
        return "\(folder)/index/\(key.prefix(2))/\(key)"
    }

    /// Links `source` at `destination`, replacing whatever was there unless it already is
    /// that file; where links are impossible, copies it. Either way atomically.
    private static func place(_ source: String, at destination: String) throws {
        do {
            try PlainFile.link(source, to: destination, replacing: true)
        } catch {
            try AtomicFile.write(toPath: destination) { try $0.write(contentsOf: source) }
        }
    }

    /// Whether the blob is there with the image's size and bytes (a damaged blob is rewritten).
    private static func holds(_ blob: String, _ image: StoredImage) -> Bool {
        guard (try? PlainFile.size(of: blob)) == image.byteCount else { return false }
        return (try? FileDigest.sha256(ofFileAtPath: blob))?.digest == image.digest
    }

    private static func exists(_ path: String) -> Bool {
        (try? PlainFile.size(of: path)) != nil
    }
}
