import FeedCore
import Foundation

/// The content-addressed image cache: bytes stored once under their SHA-256, and an index
/// from image URL to hash.
///
/// `retrieve` delivers an image only when its bytes still hash to their name (a damaged
/// blob counts as missing); `insert` takes in a downloaded `IncomingFile` (made by
/// `incomingFile()`, so it already sits beside the blobs) and points the URL at it;
/// `export` puts a stored image's bytes at a path in the site being built.
public protocol ImageStore: Sendable {
    func retrieve(for url: URL) async throws -> StoredImage?
    /// A new temporary file in the store, for a download to stream into.
    func incomingFile() -> IncomingFile
    /// Stores the file's bytes (once per content) and points `url` at them. The file is
    /// gone from its temporary path afterwards, whether the insert succeeded or not.
    func insert(_ file: IncomingFile, for url: URL) async throws -> StoredImage
    func delete(for url: URL) async throws
    func export(_ image: StoredImage, to destination: URL) async throws
}

extension ImageStore {
    /// Stores bytes already in memory, through an `IncomingFile` like any download.
    public func insert(_ data: Data, for url: URL) async throws -> StoredImage {
        let file = incomingFile()
        do {
            try file.restart()
            try data.withUnsafeBytes { try file.write($0) }
        } catch {
            file.discard()
            throw CacheFileError(.write, URL(fileURLWithPath: file.path), error)
        }
        return try await insert(file, for: url)
    }
}
