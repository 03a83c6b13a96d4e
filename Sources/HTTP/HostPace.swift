import Foundation
import Synchronization

/// `--rate`: at most `perSecond` requests a second to each host, spread evenly. Each request
/// takes the host's next start time, one interval after the one before it, so requests that
/// were waiting together leave one by one instead of in a burst; a host left idle does not
/// save up starts for later.
///
/// It also keeps how long the pace held the run back: the time during which at least one
/// request was waiting for its start, so waits that overlap count once.
final class HostPace: Sendable {
    let perSecond: Double
    private let interval: TimeInterval
    private let state = Mutex(State())

    private struct State {
        var nextStart: [String: Date] = [:]
        var waiting = 0
        var waitingSince = Date.distantPast
        var heldBack: TimeInterval = 0
    }

    init(perSecond: Double) {
        precondition(perSecond > 0 && perSecond.isFinite, "a pace needs a positive number of requests a second")
        self.perSecond = perSecond
        self.interval = 1 / perSecond
    }

    /// Takes `host`'s next start and returns how long to wait for it from `now` (zero when
    /// the request may go at once). A wait must be followed by `finishedWaiting(now:)`.
    func reserve(_ host: String, now: Date) -> TimeInterval {
        state.withLock { state in
            let start = max(now, state.nextStart[host] ?? now)
            state.nextStart[host] = start.addingTimeInterval(interval)
            let wait = start.timeIntervalSince(now)
            guard wait > 0 else { return 0 }
            if state.waiting == 0 { state.waitingSince = now }
            state.waiting += 1
            return wait
        }
    }

    /// A request's wait ended (its start came, or it was cancelled).
    func finishedWaiting(now: Date) {
        state.withLock { state in
            state.waiting -= 1
            if state.waiting == 0 { state.heldBack += max(0, now.timeIntervalSince(state.waitingSince)) }
        }
    }

    /// The time during which at least one request waited for its start, so far.
    var heldBack: TimeInterval {
        state.withLock { $0.heldBack }
    }
}
