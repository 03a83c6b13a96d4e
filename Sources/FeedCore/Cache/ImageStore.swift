import Foundation

/// The image cache: each image's bytes stored once under their SHA-256, and an index from
/// image URL to them.
///
/// `retrieve` delivers an image only when its bytes still hash to their name (damaged bytes
/// count as missing); a download streams into a `Download` the store made
/// (`newDownload()`), which `insert` takes in and points the URL at; `export` puts a stored
/// image's bytes at a path in the site being built. Failures are `CacheError`s.
public protocol ImageStore: Sendable {
    /// Where a download's bytes wait until the store takes them in.
    associatedtype Download: ImageDownload

    func retrieve(for url: URL) async throws(CacheError) -> StoredImage?
    /// A new download, ready for bytes.
    func newDownload() throws(CacheError) -> Download
    /// Stores the download's bytes (once per content) and points `url` at them. The
    /// download is gone afterwards, whether the insert succeeded or not.
    func insert(_ download: Download, for url: URL) async throws(CacheError) -> StoredImage
    func delete(for url: URL) async throws(CacheError)
    /// Puts the image's bytes at `destination`, a path in the site being built. A full disk
    /// there is `.full` naming `destination`.
    func export(_ image: StoredImage, toPath destination: String) async throws(CacheError)
}

extension ImageStore {
    /// `export(_:toPath:)` to a file URL.
    public func export(_ image: StoredImage, to destination: URL) async throws(CacheError) {
        try await export(image, toPath: destination.path)
    }
}
