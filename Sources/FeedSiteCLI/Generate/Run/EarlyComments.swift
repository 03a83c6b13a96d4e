import FeedCore
import Foundation
import Synchronization

/// Every item's comments asked of the API while the images download, so the two share the
/// network instead of taking turns, each answer saved to the cache as it lands. The images
/// step runs it beside its own work, in its transaction; the comments step then reads each
/// item's comments back from the cache instead of asking again (`FetchedComments`):
/// BENCHMARKS.md, "What each trick buys", row "the comments asked for beside the images".
struct EarlyComments: Sendable {
    /// The feed's items, in order.
    let items: [FeedItem]
    let service: FeedService
    /// Requests worked on at once.
    let tasksAtOnce: Int

    /// Asks for each item's comments, told of each one as it is done; throws only what stops
    /// the run (a full disk, a cancellation).
    func fetch(each done: @escaping @Sendable () -> Void) async throws -> FetchedComments {
        let found = Mutex(FetchedComments(count: items.count))
        let (items, service) = (items, service)
        _ = try await concurrentMap(Array(items.indices), limit: tasksAtOnce) { place in
            let outcome: FetchedComments.Outcome? =
                switch try await service.fetchComments(for: items[place].image.id) {
                case .saved: .saved
                case let .failed(remoteFailure?, _, _): .failed(remoteFailure)
                // Not saved: the comments step asks again, and warns when saving fails again.
                case .unsaved, .failed(nil, _, _): nil
                }
            if let outcome { found.withLock { $0.note(outcome, at: place) } }
            done()
        }
        return found.withLock { $0 }
    }
}

/// What `EarlyComments` came to for each item, by its place in the feed, kept small (a byte
/// an item, and the failures): the comments themselves are in the cache.
struct FetchedComments: Sendable {
    enum Outcome: Sendable {
        /// The API's comments are in the cache, saved by this run.
        case saved
        /// The API could not give them.
        case failed(RemoteLoadError)
    }

    /// 1 for saved, 2 for failed (its error in `failures`), 0 for not asked or not saved.
    private var states: [UInt8]
    private var failures: [Int: RemoteLoadError] = [:]

    init(count: Int) {
        states = Array(repeating: 0, count: count)
    }

    mutating func note(_ outcome: Outcome, at place: Int) {
        switch outcome {
        case .saved:
            states[place] = 1
        case let .failed(failure):
            states[place] = 2
            failures[place] = failure
        }
    }

    /// What was found for the item at `place`; `nil` when it was not asked for, or its
    /// comments were not saved.
    func outcome(at place: Int) -> Outcome? {
        guard states.indices.contains(place) else { return nil }
        switch states[place] {
        case 1: return .saved
        case 2: return failures[place].map { .failed($0) }
        default: return nil
        }
    }
}
