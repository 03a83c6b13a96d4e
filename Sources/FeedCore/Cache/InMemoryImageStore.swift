import Foundation
import Hashing

/// `ImageStore` kept in memory, for tests.
public actor InMemoryImageStore: ImageStore {
    private var blobs: [SHA256.Digest: Data] = [:]
    private var index: [URL: SHA256.Digest] = [:]

    public init() {}

    public func retrieve(for url: URL) -> StoredImage? {
        guard let digest = index[url], let data = blobs[digest] else { return nil }
        return StoredImage(digest: digest, byteCount: data.count, format: ImageFormat.detect(data))
    }

    public func insert(_ data: Data, for url: URL) -> StoredImage {
        let digest = SHA256.digest(data)
        blobs[digest] = data
        index[url] = digest
        return StoredImage(digest: digest, byteCount: data.count, format: ImageFormat.detect(data))
    }

    public func delete(for url: URL) {
        index[url] = nil
    }

    public func export(_ image: StoredImage, to destination: URL) throws {
        guard let data = blobs[image.digest] else {
            throw CacheFileError(.read, destination, reason: "no stored image \(image.sha256)")
        }
        try AtomicFile.write(data, to: destination)
    }

    /// Test hook: number of distinct blobs held.
    public var blobCount: Int { blobs.count }
}
