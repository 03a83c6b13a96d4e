import FeedCore
import FeedStorage
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
    /// The largest image accepted (`--max-image-bytes`).
    var maxImageBytes = 64 * 1024 * 1024

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
    /// seven days old, else unavailable. When the cached comments carry validators, the
    /// request is conditional, and a 304 makes them the live ones (saved again, as new).
    func loadComments(for imageID: UUID) async throws -> CommentsResult {
        var stored: CachedComments?
        var storeFailure: String?
        do {
            stored = try await commentsCache.stored(for: imageID)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            storeFailure = "\(error)"
        }
        var remoteFailure: String?
        if let client {
            do {
                let url = ImageCommentsEndpoint.get(imageID: imageID).url(baseURL: api)
                let cached = stored?.validators == nil ? nil : stored
                let (comments, validators) = try await client.load(url, headers: cached?.validators?.conditionalHeaders ?? []) { data, answer in
                    if answer.status == 304, let cached {
                        return (cached.comments, HTTPValidators(answer) ?? cached.validators)
                    }
                    return (try ImageCommentsMapper.map(data, from: answer), HTTPValidators(answer))
                }
                do {
                    try await commentsCache.save(comments, validators: validators, for: imageID)
                    return .live(comments, saveFailure: nil)
                } catch {
                    return .live(comments, saveFailure: "\(error)")
                }
            } catch let error as RemoteLoadError {
                remoteFailure = error.description
            }
        }
        if let stored, commentsCache.isValid(stored) {
            return .cached(stored.comments, savedAt: stored.timestamp, remoteFailure: remoteFailure)
        }
        let cacheFailure = storeFailure ?? "no cached comments"
        return .unavailable(reason: remoteFailure.map { "\($0); \(cacheFailure)" } ?? cacheFailure)
    }

    /// The image from the image cache, else downloaded (streamed into the cache, checked to
    /// be an image on the way), validated and stored. A cached file that is not an image (one
    /// stored before images were checked) counts as missing.
    func loadImage(from url: URL) async throws -> ImageResult {
        if let stored = try? await imageStore.retrieve(for: url), stored.format != .unknown {
            return .cached(stored)
        }
        guard let client else { return .failed(reason: "not in the image cache (offline run)") }
        let file = imageStore.incomingFile()
        defer { file.discard() }
        do {
            try file.restart()
            let request = HTTPGet(url: url, maxBodyBytes: maxImageBytes, limitName: "(--max-image-bytes)")
            let answer: HTTPAnswer
            do {
                answer = try await client.get(request, into: ImageBodyCheck(file), reportingAs: url)
            } catch let error as MappingError {
                throw RemoteLoadError(kind: .invalidData, url: url, reason: error.reason)
            }
            do {
                _ = try FeedImageDataMapper.map(answer, head: file.head)
            } catch let error as MappingError {
                throw RemoteLoadError(error, url: url, answer: answer)
            }
            try Task.checkCancellation()
            return .downloaded(try await imageStore.insert(file, for: url))
        } catch let error as RemoteLoadError {
            return .failed(reason: "\(error.kind.rawValue): \(error.reason)")
        } catch let error as CacheFileError {
            return .failed(reason: error.description)
        } catch let error as FileSystemError {
            return .failed(reason: "cannot write \(file.path): \(error)")
        }
    }
}
