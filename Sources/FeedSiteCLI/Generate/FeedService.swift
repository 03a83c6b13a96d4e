import Basics
import FeedCore
import Foundation

/// The product's loading rules in one place: remote first, save what loaded,
/// fall back to the cache when the remote load fails, for the feed, each image's comments
/// and each image's bytes. `client` is `nil` for `--offline` runs, which use the caches only.
///
/// The stores' failures arrive as `CacheError`s. A cache that cannot be written because its
/// disk is full (`.full`) is no per-item problem: every load throws the `OutOfSpace`, which
/// stops the run, instead of delivering a failure to warn of. Any other store failure is the
/// one item's: delivered, warned of, and the run goes on.
struct FeedService: Sendable {
    let client: HTTPClient?
    let api: URL
    let feedCache: LocalFeedLoader
    let commentsCache: LocalCommentsLoader
    let imageStore: any ImageStore
    /// The largest image accepted (`--max-image-bytes`).
    var maxImageBytes = HTTPGet.defaultImageLimit

    enum FeedSource: Equatable, Sendable {
        case live
        case cache(savedAt: Date)

        /// When the cached feed was saved; `nil` for a live feed.
        var savedAt: Date? {
            guard case let .cache(date) = self else { return nil }
            return date
        }
    }

    struct LoadedFeed: Sendable {
        /// Each item with when feedsite first saw it.
        let feed: [FeedItem]
        let source: FeedSource
        /// Why the remote load failed, when the feed came from the cache.
        let remoteFailure: RemoteLoadError?
        /// Why the loaded feed could not be saved to the cache, if it could not.
        let saveFailure: CacheError?
        /// How many image URLs carried credentials (`user:password@`), removed as it loaded.
        let credentialsRemoved: Int
        /// The pages read when `--max-pages` stopped a live feed that went on; else `nil`.
        var stoppedAfterPages: Int? = nil
    }

    /// Neither the API nor the cache could deliver the feed.
    struct FeedUnavailable: Error, Sendable {
        /// The remote error, or `nil` when the run was `--offline`.
        let remoteFailure: RemoteLoadError?
        /// What was wrong with the cache: the error reading it, or `nil` when it held no
        /// feed less than seven days old.
        let cacheFailure: CacheError?

        var cacheProblem: String {
            cacheFailure.map { "\($0)" } ?? "no cached feed less than \(CachePolicy.maxAgeInDays) days old"
        }

        /// The first line of the run's error: `connectionError` (the app's localized message)
        /// only when the API could not be reached; when it answered with something that is not
        /// a feed, or was never asked, that said plainly, since no connection failed.
        func headline(connectionError: String) -> String {
            switch remoteFailure?.kind {
            case .connectivity?: connectionError
            case .invalidData?: "the API's answer was not a valid feed"
            case nil: "--offline, and the cache holds no usable feed"
            }
        }

        /// What to do, the last words of the run's error.
        var advice: String {
            switch remoteFailure?.kind {
            case .connectivity?: "Check --api and the network, then run again."
            case .invalidData?: "Check that --api names the API's root (its feed is ROOT/feed), then run again."
            case nil: "Run once without --offline to fill the cache."
            }
        }
    }

    enum CommentsResult: Sendable {
        /// `saveFailure` says why the comments could not be saved to the cache, if they could not.
        case live([ImageComment], saveFailure: CacheError?)
        case cached([ImageComment], savedAt: Date, remoteFailure: RemoteLoadError?)
        /// `cacheFailure` is the error reading the cache, `nil` when it held no valid comments.
        case unavailable(remoteFailure: RemoteLoadError?, cacheFailure: CacheError?)
    }

    enum ImageResult: Sendable {
        case cached(StoredImage)
        case downloaded(StoredImage)
        case failed(ImageFailure)

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

    /// Why an image could not be had.
    enum ImageFailure: Error, Sendable, CustomStringConvertible {
        case notCachedOffline
        case remote(RemoteLoadError)
        case store(CacheError)

        var description: String {
            switch self {
            case .notCachedOffline: "not in the image cache (offline run)"
            case let .remote(error): "\(error.kind.rawValue): \(error.reason)"
            case let .store(error): error.description
            }
        }
    }

    /// The feed from the API (each item dated by the cached feed, then saved to the cache),
    /// else the cache while it is less than seven days old. Cancellation passes through
    /// untouched. A live feed that `maxPages` stopped is delivered (and saved) as far as it
    /// was read.
    ///
    /// An image URL's credentials (`user:password@`) are removed as the feed loads, from the
    /// API or from a cache an earlier feedsite saved: the URL without them is the image's
    /// from then on, requested, cached, linked and exported, so they are never sent nor
    /// published.
    func loadFeed(pageLimit: Int, maxItems: Int?, maxPages: Int?, onPage: @escaping @Sendable (Int, Int) -> Void) async throws -> LoadedFeed {
        var remoteFailure: RemoteLoadError?
        if let client {
            let loaded: RemoteFeedLoader.Loaded?
            do {
                loaded = try await RemoteFeedLoader(client: client, baseURL: api, pageLimit: pageLimit).load(
                    maxItems: maxItems, maxPages: maxPages, onPage: onPage)
            } catch {
                guard case let .failed(failure) = error else { throw CancellationError() }
                (loaded, remoteFailure) = (nil, failure)
            }
            if let loaded {
                let (images, removed) = Self.withoutCredentials(loaded.items)
                let feed = await feedCache.dated(images)
                var saveFailure: CacheError?
                do {
                    try await feedCache.save(feed)
                } catch .full(let full) {
                    throw full
                } catch {
                    saveFailure = error
                }
                return LoadedFeed(
                    feed: feed, source: .live, remoteFailure: nil, saveFailure: saveFailure, credentialsRemoved: removed,
                    stoppedAfterPages: loaded.stoppedAtMaxPages ? loaded.pages : nil)
            }
        }
        let cached: CachedFeed?
        do {
            cached = try await feedCache.load()
        } catch {
            throw FeedUnavailable(remoteFailure: remoteFailure, cacheFailure: error)
        }
        guard let cached else {
            throw FeedUnavailable(remoteFailure: remoteFailure, cacheFailure: nil)
        }
        var feed = cached.feed
        let (images, removed) = Self.withoutCredentials(feed.map(\.image))
        if removed > 0 {
            feed = zip(images, feed).map { FeedItem(image: $0, firstSeen: $1.firstSeen) }
        }
        return LoadedFeed(
            feed: feed, source: .cache(savedAt: cached.timestamp), remoteFailure: remoteFailure, saveFailure: nil, credentialsRemoved: removed)
    }

    /// `images`, each URL without its credentials, and how many had some.
    private static func withoutCredentials(_ images: [FeedImage]) -> (images: [FeedImage], removed: Int) {
        var removed = 0
        let images = images.map { image in
            guard let url = WebURL.withoutCredentials(image.url) else { return image }
            removed += 1
            return FeedImage(id: image.id, description: image.description, location: image.location, url: url)
        }
        return (images, removed)
    }

    /// The image's comments from the API (then saved), else from the cache while less than
    /// seven days old, else unavailable. When the cached comments carry validators, the
    /// request is conditional, and a 304 makes them the live ones (saved again, as new).
    func loadComments(for imageID: UUID) async throws -> CommentsResult {
        var stored: CachedComments?
        var storeFailure: CacheError?
        do {
            stored = try await commentsCache.stored(for: imageID)
        } catch {
            storeFailure = error
        }
        var remoteFailure: RemoteLoadError?
        if let client {
            let url = ImageCommentsEndpoint.get(imageID: imageID).url(baseURL: api)
            let cached = stored?.validators == nil ? nil : stored
            let loaded: (comments: [ImageComment], validators: HTTPValidators?, confirmed: Bool)?
            do {
                loaded = try await client.load(url, headers: cached?.validators?.conditionalHeaders ?? []) { (data, answer) throws(MappingError) in
                    if answer.status == 304, let cached {
                        return (cached.comments, HTTPValidators(answer) ?? cached.validators, true)
                    }
                    return (try ImageCommentsMapper.map(data, from: answer), HTTPValidators(answer), false)
                }
            } catch {
                guard case let .failed(failure) = error else { throw CancellationError() }
                (loaded, remoteFailure) = (nil, failure)
            }
            if let (comments, validators, confirmed) = loaded {
                do {
                    if confirmed {
                        try await commentsCache.refresh(validators: validators, for: imageID)
                    } else {
                        try await commentsCache.save(comments, validators: validators, for: imageID)
                    }
                    return .live(comments, saveFailure: nil)
                } catch .full(let full) {
                    throw full
                } catch {
                    return .live(comments, saveFailure: error)
                }
            }
        }
        if let stored, commentsCache.isValid(stored) {
            return .cached(stored.comments, savedAt: stored.timestamp, remoteFailure: remoteFailure)
        }
        return .unavailable(remoteFailure: remoteFailure, cacheFailure: storeFailure)
    }
}
