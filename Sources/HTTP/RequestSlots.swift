import Synchronization

/// At most `count` requests in flight: a request takes a slot for each try and gives it back
/// after; the others wait their turn, first come first served. A waiting task that is
/// cancelled leaves the line at once.
final class RequestSlots: Sendable {
    private let state: Mutex<State>

    private struct State {
        var free: Int
        var line: [(ticket: Int, continuation: CheckedContinuation<Void, Error>)] = []
        var nextTicket = 0
        /// Tickets cancelled before they joined the line.
        var cancelled: Set<Int> = []
    }

    init(count: Int) {
        state = Mutex(State(free: max(1, count)))
    }

    /// Waits for a slot; the caller must `release()` it.
    func acquire() async throws {
        try Task.checkCancellation()
        let ticket = state.withLock { state -> Int in
            defer { state.nextTicket += 1 }
            return state.nextTicket
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
                let answer = state.withLock { state -> Result<Void, Error>? in
                    if state.cancelled.remove(ticket) != nil { return .failure(CancellationError()) }
                    if state.free > 0 {
                        state.free -= 1
                        return .success(())
                    }
                    state.line.append((ticket, continuation))
                    return nil
                }
                if let answer { continuation.resume(with: answer) }
            }
        } onCancel: {
            let waiting = state.withLock { state -> CheckedContinuation<Void, Error>? in
                guard let index = state.line.firstIndex(where: { $0.ticket == ticket }) else {
                    state.cancelled.insert(ticket)
                    return nil
                }
                return state.line.remove(at: index).continuation
            }
            waiting?.resume(throwing: CancellationError())
        }
        // A ticket cancelled after it was served is not needed any more.
        state.withLock { _ = $0.cancelled.remove(ticket) }
    }

    /// How many wait in line: what the tests watch to know a task has joined it.
    var waiting: Int { state.withLock { $0.line.count } }

    /// Gives the slot to the first in line, or back to the pool.
    func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Error>? in
            guard !state.line.isEmpty else {
                state.free += 1
                return nil
            }
            return state.line.removeFirst().continuation
        }
        next?.resume()
    }
}
