import FeedCore
import Foundation
import Hashing
import Synchronization

/// `ImageStore` kept in memory, for tests: downloads are bytes in memory too, so a test of
/// the loading rules touches no file.
actor InMemoryImageStore: ImageStore {
    /// Behind a lock rather than the actor, so `bytes(of:)` can read them at once, as the
    /// run's rendition cache reads the store it shares its files with.
    private let blobs = Mutex<[SHA256.Digest: Data]>([:])
    private var index: [URL: SHA256.Digest] = [:]

    init() {}

    func retrieve(for url: URL) -> StoredImage? {
        guard let digest = index[url], let data = blobs.withLock({ $0[digest] }) else { return nil }
        return StoredImage(digest: digest, byteCount: data.count, format: ImageFormat.detect(data), dimensions: ImageDimensions.read(from: data))
    }

    nonisolated func newDownload() -> InMemoryDownload {
        InMemoryDownload()
    }

    func insert(_ download: InMemoryDownload, for url: URL) -> StoredImage {
        let data = download.data
        download.discard()
        let digest = SHA256.digest(data)
        blobs.withLock { $0[digest] = data }
        index[url] = digest
        return StoredImage(digest: digest, byteCount: data.count, format: ImageFormat.detect(data), dimensions: ImageDimensions.read(from: data))
    }

    func delete(for url: URL) {
        index[url] = nil
    }

    /// Writes the bytes at `destination`: the one thing here that touches a file, as
    /// exporting is putting an image into the site being built.
    func export(_ image: StoredImage, toPath destination: String) throws(CacheError) {
        guard let data = blobs.withLock({ $0[image.digest] }) else {
            throw .cannot(.read, "image \(image.sha256)", reason: "not in the store")
        }
        do {
            try data.write(to: URL(fileURLWithPath: destination), options: .atomic)
        } catch {
            throw .cannot(.write, destination, reason: "\(error)")
        }
    }

    /// Test hook: number of distinct blobs held.
    var blobCount: Int { blobs.withLock { $0.count } }

    /// The bytes of the blob `digest` names, if it is held.
    nonisolated func bytes(of digest: SHA256.Digest) -> [UInt8]? {
        blobs.withLock { $0[digest].map { [UInt8]($0) } }
    }
}

/// A download held in memory: `begin` starts it over, as a retried request does.
final class InMemoryDownload: ImageDownload {
    private let bytes = Mutex(Data())

    func begin(_ answer: HTTPAnswer) {
        bytes.withLock { $0.removeAll() }
    }

    func write(_ chunk: UnsafeRawBufferPointer) {
        bytes.withLock { $0.append(contentsOf: chunk) }
    }

    var head: [UInt8] { bytes.withLock { Array($0.prefix(ImageFormat.signatureLength)) } }

    var data: Data { bytes.withLock { $0 } }

    func discard() {
        bytes.withLock { $0 = Data() }
    }
}
