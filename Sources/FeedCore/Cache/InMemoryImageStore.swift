import Foundation
import Hashing

/// `ImageStore` kept in memory, for tests.
public actor InMemoryImageStore: ImageStore {
    private var blobs: [String: Data] = [:]
    private var index: [URL: String] = [:]

    public init() {}

    public func retrieve(for url: URL) -> StoredImage? {
        guard let sha256 = index[url], let data = blobs[sha256] else { return nil }
        return StoredImage(sha256: sha256, byteCount: data.count, format: ImageFormat.detect(data))
    }

    public func insert(_ data: Data, for url: URL) -> StoredImage {
        let sha256 = SHA256.hexDigest(data)
        blobs[sha256] = data
        index[url] = sha256
        return StoredImage(sha256: sha256, byteCount: data.count, format: ImageFormat.detect(data))
    }

    public func delete(for url: URL) {
        index[url] = nil
    }

    public func export(_ image: StoredImage, to destination: URL) throws {
        guard let data = blobs[image.sha256] else {
            throw CacheFileError(.read, destination, reason: "no stored image \(image.sha256)")
        }
        try AtomicFile.write(data, to: destination)
    }

    /// Test hook: number of distinct blobs held.
    public var blobCount: Int { blobs.count }
}
