import Synchronization

/// A thread-safe running count of done and failed items, for the progress line.
final class ProgressCounter: Sendable {
    private let state = Mutex((done: 0, failed: 0, downloaded: 0))

    func add(failed: Bool, downloaded: Bool = false) -> (done: Int, failed: Int) {
        state.withLock { state in
            state.done += 1
            if failed { state.failed += 1 }
            if downloaded { state.downloaded += 1 }
            return (state.done, state.failed)
        }
    }

    var downloaded: Int { state.withLock { $0.downloaded } }
}
