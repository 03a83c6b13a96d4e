import FeedCore
import FeedStorage
import Foundation
import Hashing

/// `ImageStore` kept in memory, for tests.
actor InMemoryImageStore: ImageStore {
    private var blobs: [SHA256.Digest: Data] = [:]
    private var index: [URL: SHA256.Digest] = [:]

    init() {}

    func retrieve(for url: URL) -> StoredImage? {
        guard let digest = index[url], let data = blobs[digest] else { return nil }
        return StoredImage(digest: digest, byteCount: data.count, format: ImageFormat.detect(data), dimensions: ImageDimensions.read(from: data))
    }

    nonisolated func incomingFile() -> IncomingFile {
        IncomingFile(path: NSTemporaryDirectory() + "/feedsite-in-memory-store-\(UUID().uuidString)")
    }

    func insert(_ file: IncomingFile, for url: URL) throws -> StoredImage {
        defer { file.discard() }
        let contents: IncomingFile.Contents
        let data: Data
        do {
            contents = try file.finish()
            data = try PlainFile.read(file.path) ?? Data()
        } catch {
            throw CacheFileError(.write, URL(fileURLWithPath: file.path), reason: error.description)
        }
        blobs[contents.digest] = data
        index[url] = contents.digest
        return StoredImage(digest: contents.digest, byteCount: data.count, format: ImageFormat.detect(data), dimensions: contents.dimensions)
    }

    func delete(for url: URL) {
        index[url] = nil
    }

    func export(_ image: StoredImage, to destination: URL) throws {
        guard let data = blobs[image.digest] else {
            throw CacheFileError(.read, destination, reason: "no stored image \(image.sha256)")
        }
        try AtomicFile.write(data, to: destination)
    }

    /// Test hook: number of distinct blobs held.
    var blobCount: Int { blobs.count }
}
