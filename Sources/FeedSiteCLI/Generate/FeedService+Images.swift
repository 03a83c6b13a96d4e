import FeedCore
import Foundation

/// The images: from the image cache, else downloaded, checked and stored.
extension FeedService {
    /// The image from the image cache, else downloaded (streamed into the cache, checked to
    /// be an image on the way), validated and stored. A cached file that is not an image (one
    /// stored before images were checked) counts as missing.
    func loadImage(from url: URL) async throws -> ImageResult {
        if let stored = try? await imageStore.retrieve(for: url), stored.format != .unknown {
            return .cached(stored)
        }
        guard let client else { return .failed(.notCachedOffline) }
        do {
            return .downloaded(try await download(url, with: client, into: imageStore))
        } catch {
            switch error {
            case let .remote(error): return .failed(.remote(error))
            case let .store(.full(full)): throw full
            case let .store(error): return .failed(.store(error))
            case .cancelled: throw CancellationError()
            }
        }
    }

    /// Why a download stored nothing.
    fileprivate enum DownloadFailure: Error {
        /// No answer, or one that is not the image.
        case remote(RemoteLoadError)
        /// The store's, or the download's writes.
        case store(CacheError)
        case cancelled
    }

    /// `loadImage(from:)`, then the image put in the site being built by `place`. An image
    /// that cannot be put there has failed like one that could not be had: the page shows a
    /// placeholder, and the run goes on. A full disk stops the run.
    func loadImage(from url: URL, placing place: (StoredImage) async throws(CacheError) -> Void) async throws -> ImageResult {
        let result = try await loadImage(from: url)
        guard let stored = result.stored else { return result }
        do {
            try await place(stored)
        } catch .full(let full) {
            throw full
        } catch {
            return .failed(.store(error))
        }
        return result
    }

    /// Streams the image into a download `store` made, checks that it is an image, and has
    /// `store` take it in. Generic, so that `insert` is handed the store's own kind of download.
    fileprivate func download<Store: ImageStore>(_ url: URL, with client: HTTPClient, into store: Store) async throws(DownloadFailure) -> StoredImage {
        let download: Store.Download
        do {
            download = try store.newDownload()
        } catch {
            throw .store(error)
        }
        defer { download.discard() }
        let check = ImageBodyCheck(download)
        let answer: HTTPAnswer
        do {
            answer = try await client.get(.image(url, maxBodyBytes: maxImageBytes), into: check)
        } catch {
            switch error {
            case let .unanswered(error): throw .remote(RemoteLoadError(error, url: url))
            case .cancelled: throw .cancelled
            case let .refusedBySink(error):
                // The check's own refusal (not an image), else the download's write.
                if let refusal = check.refusal { throw .remote(RemoteLoadError(kind: .invalidData, url: url, reason: refusal.reason)) }
                throw .store(error as? CacheError ?? .cannot(.write, url.absoluteString, reason: "\(error)"))
            }
        }
        do {
            _ = try FeedImageDataMapper.map(answer, head: download.head)
        } catch {
            throw .remote(RemoteLoadError(error, url: url, answer: answer))
        }
        if Task.isCancelled { throw .cancelled }
        do {
            return try await store.insert(download, for: url)
        } catch {
            throw .store(error)
        }
    }
}
