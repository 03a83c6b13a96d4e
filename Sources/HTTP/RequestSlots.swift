import Synchronization

/// At most `count` requests in flight: a request takes a slot for each try and gives it back
/// after; the others wait their turn, first come first served. A waiting task that is
/// cancelled leaves the line at once.
///
/// Taking a place (`join`) and waiting in it (`wait`) are two steps: the place is taken at
/// once, without suspending, so the order of the line is the order of the `join` calls.
final class RequestSlots: Sendable {
    private let state: Mutex<State>

    /// A place in the line, or a slot already held, to wait in once.
    struct Place: Sendable {
        fileprivate let ticket: Int
    }

    private struct State {
        var free: Int
        /// Places waiting for a slot, first first; a place's task may not be waiting yet.
        var line: [(ticket: Int, waiter: CheckedContinuation<Void, Error>?)] = []
        var nextTicket = 0
        /// Places given a slot before their task came to wait.
        var served: Set<Int> = []
        /// Places cancelled before their task came to wait.
        var cancelled: Set<Int> = []
    }

    init(count: Int) {
        state = Mutex(State(free: max(1, count)))
    }

    /// Waits for a slot; the caller must `release()` it.
    func acquire() async throws {
        try Task.checkCancellation()
        try await wait(in: join())
    }

    /// Takes a free slot, or the last place in the line; the caller must `wait(in:)` it.
    func join() -> Place {
        state.withLock { state in
            defer { state.nextTicket += 1 }
            if state.free > 0, state.line.isEmpty {
                state.free -= 1
                state.served.insert(state.nextTicket)
            } else {
                state.line.append((state.nextTicket, nil))
            }
            return Place(ticket: state.nextTicket)
        }
    }

    /// Waits until `place` is given a slot; the caller must `release()` it. Cancelling the
    /// task leaves the line, unless the slot was given already: then the slot is the
    /// caller's, to release.
    func wait(in place: Place) async throws {
        let ticket = place.ticket
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, Error>) in
                let answer = state.withLock { state -> Result<Void, Error>? in
                    if state.served.remove(ticket) != nil { return .success(()) }
                    if state.cancelled.remove(ticket) != nil { return .failure(CancellationError()) }
                    // A place waited in a second time has nothing left to wait for.
                    guard let index = state.line.firstIndex(where: { $0.ticket == ticket }) else { return .failure(CancellationError()) }
                    state.line[index].waiter = waiter
                    return nil
                }
                if let answer { waiter.resume(with: answer) }
            }
        } onCancel: {
            let waiting = state.withLock { state -> CheckedContinuation<Void, Error>? in
                guard let index = state.line.firstIndex(where: { $0.ticket == ticket }) else { return nil }
                let left = state.line.remove(at: index)
                if left.waiter == nil { state.cancelled.insert(ticket) }
                return left.waiter
            }
            waiting?.resume(throwing: CancellationError())
        }
    }

    /// Gives the slot to the first in line, or back to the pool.
    func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Error>? in
            guard !state.line.isEmpty else {
                state.free += 1
                return nil
            }
            let first = state.line.removeFirst()
            if first.waiter == nil { state.served.insert(first.ticket) }
            return first.waiter
        }
        next?.resume()
    }
}
