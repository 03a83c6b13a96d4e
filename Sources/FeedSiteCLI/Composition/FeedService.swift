import FeedCore
import Foundation

/// The product's loading rules in one place (SPEC §3): remote first, save what loaded,
/// fall back to the cache when the remote load fails, for the feed, each image's comments
/// and each image's bytes. `client` is `nil` for `--offline` runs, which use the caches only.
struct FeedService: Sendable {
    let client: HTTPClient?
    let api: URL
    let feedCache: LocalFeedLoader
    let commentsCache: LocalCommentsLoader
    let imageStore: ImageStore

    enum FeedSource: Equatable, Sendable {
        case live
        case cache(savedAt: Date)
    }

    struct LoadedFeed: Sendable {
        let feed: [FeedImage]
        let source: FeedSource
        /// Why the remote load failed, when the feed came from the cache.
        let remoteFailure: String?
        /// Why the loaded feed could not be saved to the cache, if it could not.
        let saveFailure: String?
    }

    /// Neither the API nor the cache could deliver the feed.
    struct FeedUnavailable: Error, Sendable {
        /// The remote error, or `nil` when the run was `--offline`.
        let remoteFailure: String?
        /// What was wrong with the cache: none, expired, or unreadable (naming the file).
        let cacheFailure: String
    }

    enum CommentsResult: Sendable {
        /// `saveFailure` says why the comments could not be saved to the cache, if they could not.
        case live([ImageComment], saveFailure: String?)
        case cached([ImageComment], savedAt: Date, remoteFailure: String?)
        case unavailable(reason: String)
    }

    enum ImageResult: Sendable {
        case cached(StoredImage)
        case downloaded(StoredImage)
        case failed(reason: String)

        var stored: StoredImage? {
            switch self {
            case let .cached(image), let .downloaded(image): image
            case .failed: nil
            }
        }

        var isDownload: Bool {
            if case .downloaded = self { return true }
            return false
        }
    }

    /// The feed from the API (then saved to the cache), else the cache while it is less
    /// than seven days old. Cancellation passes through untouched.
    func loadFeed(pageLimit: Int, maxItems: Int?, onPage: @escaping @Sendable (Int, Int) -> Void) async throws -> LoadedFeed {
        var remoteFailure: String?
        if let client {
            do {
                let feed = try await RemoteFeedLoader(client: client, baseURL: api, pageLimit: pageLimit).load(maxItems: maxItems, onPage: onPage)
                var saveFailure: String?
                do {
                    try await feedCache.save(feed)
                } catch {
                    saveFailure = "\(error)"
                }
                return LoadedFeed(feed: feed, source: .live, remoteFailure: nil, saveFailure: saveFailure)
            } catch let error as RemoteLoadError {
                remoteFailure = error.description
            }
        }
        let cached: CachedFeed?
        do {
            cached = try await feedCache.load()
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw FeedUnavailable(remoteFailure: remoteFailure, cacheFailure: "\(error)")
        }
        guard let cached else {
            throw FeedUnavailable(remoteFailure: remoteFailure, cacheFailure: "no cached feed less than \(CachePolicy.maxAgeInDays) days old")
        }
        return LoadedFeed(feed: cached.feed, source: .cache(savedAt: cached.timestamp), remoteFailure: remoteFailure, saveFailure: nil)
    }

    /// The image's comments from the API (then saved), else from the cache while less than
    /// seven days old, else unavailable.
    func loadComments(for imageID: UUID) async throws -> CommentsResult {
        var remoteFailure: String?
        if let client {
            do {
                let comments = try await client.load(ImageCommentsEndpoint.get(imageID: imageID).url(baseURL: api), mapping: ImageCommentsMapper.map)
                do {
                    try await commentsCache.save(comments, for: imageID)
                    return .live(comments, saveFailure: nil)
                } catch {
                    return .live(comments, saveFailure: "\(error)")
                }
            } catch let error as RemoteLoadError {
                remoteFailure = error.description
            }
        }
        do {
            if let cached = try await commentsCache.load(for: imageID) {
                return .cached(cached.comments, savedAt: cached.timestamp, remoteFailure: remoteFailure)
            }
            return .unavailable(reason: remoteFailure.map { "\($0); no cached comments" } ?? "no cached comments")
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return .unavailable(reason: [remoteFailure, "\(error)"].compactMap { $0 }.joined(separator: "; "))
        }
    }

    /// The image from the image cache, else downloaded, validated and stored.
    func loadImage(from url: URL) async throws -> ImageResult {
        if let stored = try? await imageStore.retrieve(for: url) {
            return .cached(stored)
        }
        guard let client else { return .failed(reason: "not in the image cache (offline run)") }
        do {
            let data = try await client.load(url, mapping: FeedImageDataMapper.map)
            try Task.checkCancellation()
            return .downloaded(try await imageStore.insert(data, for: url))
        } catch let error as RemoteLoadError {
            return .failed(reason: error.description)
        } catch let error as CacheFileError {
            return .failed(reason: error.description)
        }
    }
}
