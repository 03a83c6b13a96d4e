import FeedCore
import FeedStorage
import Foundation
import Hashing
import Synchronization

@testable import FeedSiteCLI

/// Renditions kept in memory by source and recipe, and the originals' bytes a test gives or,
/// when it is given one, an image store holds.
final class InMemoryRenditionCache: RenditionCache {
    private struct State {
        var originals: [SHA256.Digest: [UInt8]] = [:]
        var sets: [String: RenditionLookup] = [:]
        var saved: [SHA256.Digest: [UInt8]] = [:]
        var saves = 0
        var reads = 0
        var saveFailure: CacheError?
    }

    private let state = Mutex(State())
    private let store: InMemoryImageStore?

    init(originalsIn store: InMemoryImageStore? = nil) {
        self.store = store
    }

    /// How many times renditions were saved: made, not found in the cache.
    var saves: Int { state.withLock { $0.saves } }
    /// How many times an original's bytes were read: to be decoded.
    var reads: Int { state.withLock { $0.reads } }

    /// Makes every later save of renditions throw `failure`.
    func failSaves(with failure: CacheError) {
        state.withLock { $0.saveFailure = failure }
    }

    /// Gives the cache `bytes` as the original they hash to; what it describes.
    @discardableResult
    func holdOriginal(_ bytes: [UInt8], format: ImageFormat, dimensions: ImageDimensions? = nil) -> StoredImage {
        let digest = SHA256.digest(Data(bytes))
        state.withLock { $0.originals[digest] = bytes }
        return StoredImage(digest: digest, byteCount: bytes.count, format: format, dimensions: dimensions)
    }

    func renditions(of source: StoredImage, recipe: String) throws(CacheError) -> RenditionLookup {
        state.withLock { $0.sets[source.sha256 + " " + recipe] ?? .unknown }
    }

    func saveRenditions(
        _ renditions: [SQLiteImageStore.RenditionBytes], placeholder: ImagePlaceholder?, of source: StoredImage, recipe: String
    ) throws(CacheError) -> [StoredImage] {
        let stored = renditions.map {
            StoredImage(
                digest: SHA256.digest(Data($0.bytes)), byteCount: $0.bytes.count, format: $0.format,
                dimensions: ImageDimensions(width: $0.width, height: $0.height))
        }
        try state.withLock { (state) throws(CacheError) in
            if let failure = state.saveFailure { throw failure }
            state.sets[source.sha256 + " " + recipe] = .made(stored, placeholder: placeholder)
            for (image, rendition) in zip(stored, renditions) { state.saved[image.digest] = rendition.bytes }
            state.saves += 1
        }
        return stored
    }

    /// The bytes saved as `image`, a rendition (or a copy) this cache made.
    func savedBytes(of image: StoredImage) -> [UInt8]? {
        state.withLock { $0.saved[image.digest] }
    }

    func saveNotDecodable(source: StoredImage, recipe: String, reason: String) throws(CacheError) {
        state.withLock { $0.sets[source.sha256 + " " + recipe] = .notDecodable(reason: reason) }
    }

    func bytes(of image: StoredImage) throws(CacheError) -> [UInt8] {
        let found = state.withLock { state in
            state.reads += 1
            return state.originals[image.digest]
        }
        guard let bytes = found ?? store?.bytes(of: image.digest) else {
            throw .cannot(.read, "image \(image.sha256)", reason: "not in the store")
        }
        return bytes
    }
}
