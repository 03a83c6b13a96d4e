import FeedCore

/// What the requesting tasks and the engine's loop share, kept under one lock by the engine:
/// the requests not yet taken by the loop, the task waiting for each request, the
/// cancellations the loop must act on, and whether the engine is stopping.
///
/// Each request has a ticket, taken before its task can be cancelled, so a cancellation is
/// never lost whenever it comes: before the request is handed over (handing it over then
/// refuses it), while it waits for the loop (answered at once; the loop never sees it), or
/// once the loop took it (the loop ends it at its next turn).
struct TransferBoard<Job, Waiter> {
    private var nextTicket = 0
    /// Handed over, not yet taken by the loop, in order.
    private var additions: [(ticket: Int, job: Job)] = []
    /// Every request handed over and not yet answered.
    private var waiters: [Int: Waiter] = [:]
    /// Taken by the loop, then cancelled: for the loop to end.
    private var cancelledRunning: Set<Int> = []
    /// Cancelled before they were handed over.
    private var cancelledEarly: Set<Int> = []
    /// Set once, for good: the engine is stopping or stopped, and why.
    private(set) var stop: EngineStop?

    /// What a cancellation asks of the caller.
    enum Cancellation {
        /// The loop never took the request: answer its waiter now.
        case answer(Waiter)
        /// The loop holds the request: wake it, it ends the request at its next turn.
        case wakeTheLoop
        /// Nothing to do: the request was answered already, or has not been handed over.
        case none
    }

    /// What the loop takes at the start of a turn.
    struct Turn {
        var jobs: [(ticket: Int, job: Job)]
        var cancelled: Set<Int>
        var stop: EngineStop?
    }

    mutating func ticket() -> Int {
        defer { nextTicket += 1 }
        return nextTicket
    }

    /// Hands `job` to the loop; returns why it is refused instead (the engine stopped, or
    /// the ticket was cancelled already), and then keeps nothing of it.
    mutating func hand(_ job: Job, ticket: Int, waiter: Waiter) -> (any Error)? {
        if cancelledEarly.remove(ticket) != nil { return CancellationError() }
        if let stop { return stop.error }
        additions.append((ticket, job))
        waiters[ticket] = waiter
        return nil
    }

    mutating func cancel(_ ticket: Int) -> Cancellation {
        if let index = additions.firstIndex(where: { $0.ticket == ticket }) {
            additions.remove(at: index)
            return waiters.removeValue(forKey: ticket).map(Cancellation.answer) ?? .none
        }
        if waiters[ticket] != nil {
            cancelledRunning.insert(ticket)
            return .wakeTheLoop
        }
        cancelledEarly.insert(ticket)
        return .none
    }

    /// The request's task is done with the ticket: a cancellation that came too late to
    /// matter is dropped.
    mutating func forget(_ ticket: Int) {
        cancelledEarly.remove(ticket)
    }

    /// For the loop: the new requests and the cancelled ones it holds, or the stop.
    mutating func takeTurn() -> Turn {
        defer {
            additions.removeAll()
            cancelledRunning.removeAll()
        }
        return Turn(jobs: stop == nil ? additions : [], cancelled: cancelledRunning, stop: stop)
    }

    /// The waiter of a request the loop has ended, to be answered; `nil` when answered already.
    mutating func answer(_ ticket: Int) -> Waiter? {
        cancelledRunning.remove(ticket)
        return waiters.removeValue(forKey: ticket)
    }

    /// Asks the loop to stop; whether this was the first ask.
    mutating func requestStop(_ reason: EngineStop = .shutdown) -> Bool {
        guard stop == nil else { return false }
        stop = reason
        return true
    }

    /// The loop has ended its transfers: every request still waiting, taken by the loop or
    /// not, is answered with the stop's error. Nothing can be handed over afterwards.
    mutating func end(_ reason: EngineStop) -> (error: any Error, waiters: [Waiter]) {
        _ = requestStop(reason)
        let left = Array(waiters.values)
        waiters.removeAll()
        additions.removeAll()
        cancelledRunning.removeAll()
        return (stop?.error ?? CancellationError(), left)
    }
}
