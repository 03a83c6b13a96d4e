import FeedCore
import Foundation

extension ImageStore {
    /// Stores bytes already in memory, through a download like any other: how the tests fill
    /// a store.
    func insert(_ data: Data, for url: URL) async throws -> StoredImage {
        let download = try newDownload()
        do {
            try data.withUnsafeBytes { try download.write($0) }
        } catch {
            download.discard()
            throw error
        }
        return try await insert(download, for: url)
    }
}
