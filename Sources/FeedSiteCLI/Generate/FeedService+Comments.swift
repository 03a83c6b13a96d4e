import FeedCore
import Foundation

/// Each image's comments: asked of the API (then saved), else from the cache.
extension FeedService {
    /// What asking the API for an image's comments came to, before any fall back to the cache.
    enum CommentsFetch: Sendable {
        /// The API's comments, new or the cached ones it confirmed, saved to the cache.
        case saved([ImageComment])
        /// The API's comments, which could not be saved.
        case unsaved([ImageComment], CacheError)
        /// None from the API: why (`nil` when there is no API to ask, `--offline`), and the
        /// cache as it was read before asking.
        case failed(RemoteLoadError?, stored: CachedComments?, storeFailure: CacheError?)
    }

    /// The image's comments from the API (then saved), else from the cache while less than
    /// seven days old, else unavailable. When the cached comments carry validators, the
    /// request is conditional, and a 304 makes them the live ones (saved again, as new).
    func loadComments(for imageID: UUID) async throws -> CommentsResult {
        result(of: try await fetchComments(for: imageID))
    }

    /// `loadComments(for:)` for an image whose comments were asked for earlier in the run
    /// (`fetched`), without asking again: comments that were saved are read back from the
    /// cache, and a failure falls back to the cache as it would have then. An image not asked
    /// for yet, or whose comments could not be saved or read back, is asked for now.
    func loadComments(for imageID: UUID, fetched: FetchedComments.Outcome?) async throws -> CommentsResult {
        switch fetched {
        case .saved?:
            if let stored = try? await commentsCache.stored(for: imageID) { return .live(stored.comments, saveFailure: nil) }
        case let .failed(remoteFailure)?:
            do {
                return result(of: .failed(remoteFailure, stored: try await commentsCache.stored(for: imageID), storeFailure: nil))
            } catch {
                return result(of: .failed(remoteFailure, stored: nil, storeFailure: error))
            }
        case nil:
            break
        }
        return try await loadComments(for: imageID)
    }

    /// Asks the API for the image's comments (conditionally, when the cache's carry
    /// validators) and saves what it answers. A full disk throws its `OutOfSpace`.
    func fetchComments(for imageID: UUID) async throws -> CommentsFetch {
        var stored: CachedComments?
        var storeFailure: CacheError?
        do {
            stored = try await commentsCache.stored(for: imageID)
        } catch {
            storeFailure = error
        }
        guard let client else { return .failed(nil, stored: stored, storeFailure: storeFailure) }
        let url = ImageCommentsEndpoint.get(imageID: imageID).url(baseURL: api)
        let cached = stored?.validators == nil ? nil : stored
        let loaded: (comments: [ImageComment], validators: HTTPValidators?, confirmed: Bool)
        do {
            loaded = try await client.load(url, headers: cached?.validators?.conditionalHeaders ?? []) { (data, answer) throws(MappingError) in
                if answer.status == 304, let cached {
                    return (cached.comments, HTTPValidators(answer) ?? cached.validators, true)
                }
                return (try ImageCommentsMapper.map(data, from: answer), HTTPValidators(answer), false)
            }
        } catch {
            guard case let .failed(failure) = error else { throw CancellationError() }
            return .failed(failure, stored: stored, storeFailure: storeFailure)
        }
        do {
            if loaded.confirmed {
                try await commentsCache.refresh(validators: loaded.validators, for: imageID)
            } else {
                try await commentsCache.save(loaded.comments, validators: loaded.validators, for: imageID)
            }
            return .saved(loaded.comments)
        } catch .full(let full) {
            throw full
        } catch {
            return .unsaved(loaded.comments, error)
        }
    }

    private func result(of fetch: CommentsFetch) -> CommentsResult {
        switch fetch {
        case let .saved(comments):
            return .live(comments, saveFailure: nil)
        case let .unsaved(comments, error):
            return .live(comments, saveFailure: error)
        case let .failed(remoteFailure, stored, storeFailure):
            if let stored, commentsCache.isValid(stored) {
                return .cached(stored.comments, savedAt: stored.timestamp, remoteFailure: remoteFailure)
            }
            return .unavailable(remoteFailure: remoteFailure, cacheFailure: storeFailure)
        }
    }
}
