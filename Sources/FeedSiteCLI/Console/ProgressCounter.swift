import Synchronization

/// A thread-safe running count of done and failed items, for the progress line.
final class ProgressCounter: Sendable {
    private let state: Mutex<(done: Int, failed: Int)>

    /// A counter that starts with `done` already done.
    init(done: Int = 0) {
        state = Mutex((done: done, failed: 0))
    }

    func add(failed: Bool) -> (done: Int, failed: Int) {
        state.withLock { state in
            state.done += 1
            if failed { state.failed += 1 }
            return (state.done, state.failed)
        }
    }
}
