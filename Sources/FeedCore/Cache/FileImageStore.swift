#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import Hashing

/// `ImageStore` on disk, content-addressed:
///
///     <folder>/blobs/<h[0..2]>/<h>                 the bytes, h = SHA-256 of the bytes
///     <folder>/index/<u[0..2]>/<u>.json            {url, sha256, byteCount, format}, u = SHA-256 of the URL
///
/// Identical bytes from several URLs are stored once. Every write is atomic. `export`
/// hard-links the blob into the site (copying when a link is impossible), so unchanged
/// images keep their modification time from run to run.
public actor FileImageStore: ImageStore {
    private struct IndexEntry: Codable {
        let url: URL
        let sha256: String
        let byteCount: Int
        let format: ImageFormat
    }

    private let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    public func retrieve(for url: URL) throws -> StoredImage? {
        let indexURL = indexFile(for: url)
        let data: Data
        do {
            data = try Data(contentsOf: indexURL)
        } catch {
            let reason = FileSystemError.reason(for: error)
            if reason.isNoSuchFile { return nil }
            throw CacheFileError(.read, indexURL, reason: reason.description)
        }
        guard let entry = try? JSONDecoder().decode(IndexEntry.self, from: data), entry.url == url else {
            throw CacheFileError(.read, indexURL, reason: "not a valid image index entry")
        }
        let blob = blobFile(for: entry.sha256)
        let digest: FileDigest.Result?
        do {
            digest = try FileDigest.sha256(ofFileAt: blob)
        } catch {
            throw CacheFileError(.read, blob, reason: error.description)
        }
        guard let digest, digest.sha256 == entry.sha256 else { return nil }
        return StoredImage(sha256: entry.sha256, byteCount: digest.byteCount, format: ImageFormat.detect(digest.head))
    }

    public func insert(_ data: Data, for url: URL) throws -> StoredImage {
        let image = StoredImage(sha256: SHA256.hexDigest(data), byteCount: data.count, format: ImageFormat.detect(data))
        let blob = blobFile(for: image.sha256)
        let existing = try? FileDigest.sha256(ofFileAt: blob)
        if existing?.sha256 != image.sha256 {
            do {
                try AtomicFile.write(data, to: blob)
            } catch {
                throw CacheFileError(.write, blob, reason: error.description)
            }
        }
        let entry = IndexEntry(url: url, sha256: image.sha256, byteCount: image.byteCount, format: image.format)
        let indexURL = indexFile(for: url)
        do {
            try AtomicFile.write(try JSONEncoder().encode(entry), to: indexURL)
        } catch {
            throw CacheFileError(.write, indexURL, reason: "\(error)")
        }
        return image
    }

    /// Forgets the URL; the blob stays, as other URLs may share it.
    public func delete(for url: URL) throws {
        let indexURL = indexFile(for: url)
        do {
            try AtomicFile.remove(indexURL)
        } catch {
            throw CacheFileError(.delete, indexURL, reason: error.description)
        }
    }

    /// Puts the blob at `destination`: a hard link where possible, else a copy; either way
    /// through a temporary name and `rename(2)`, replacing whatever was there.
    public func export(_ image: StoredImage, to destination: URL) throws {
        let blob = blobFile(for: image.sha256)
        if Self.isSameFile(blob, destination) { return }
        let temporary = destination.deletingLastPathComponent()
            .appendingPathComponent("\(AtomicFile.temporaryMarker)\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(destination.lastPathComponent)")
        if link(blob.path, temporary.path) != 0 {
            let linkError = String(cString: strerror(errno))
            do {
                try FileManager.default.copyItem(at: blob, to: temporary)
            } catch {
                unlink(temporary.path)
                throw CacheFileError(.read, blob, reason: "cannot link (\(linkError)) or copy it into \(destination.path): \(FileSystemError.reason(for: error))")
            }
        }
        guard rename(temporary.path, destination.path) == 0 else {
            let reason = FileSystemError.fromErrno().description
            unlink(temporary.path)
            throw CacheFileError(.read, blob, reason: "cannot put it at \(destination.path): \(reason)")
        }
    }

    private static func isSameFile(_ first: URL, _ second: URL) -> Bool {
        var a = stat()
        var b = stat()
        guard stat(first.path, &a) == 0, stat(second.path, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    private func blobFile(for sha256: String) -> URL {
        folder.appendingPathComponent("blobs").appendingPathComponent(String(sha256.prefix(2))).appendingPathComponent(sha256)
    }

    private func indexFile(for url: URL) -> URL {
        let key = SHA256.hexDigest(Array(url.absoluteString.utf8))
        return folder.appendingPathComponent("index").appendingPathComponent(String(key.prefix(2))).appendingPathComponent("\(key).json")
    }
}
