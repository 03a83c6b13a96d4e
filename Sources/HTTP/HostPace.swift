import Synchronization

/// `--rate`: at most `perSecond` requests a second to each host, spread evenly. Each request
/// takes the host's next start time, one interval after the one before it, so requests that
/// were waiting together leave one by one instead of in a burst; a host left idle does not
/// save up starts for later.
///
/// It also keeps how long the pace held the run back: the time during which at least one
/// request was waiting for its start, so waits that overlap count once.
///
/// Times are instants of a monotonic clock (`RetryClock.instant`): a wall clock set forward
/// or back while the run goes on neither lets a burst through nor holds requests for hours.
final class HostPace: Sendable {
    typealias Instant = ContinuousClock.Instant

    let perSecond: Double
    private let interval: Duration
    private let state = Mutex(State())

    private struct State {
        var nextStart: [String: Instant] = [:]
        var waiting = 0
        var waitingSince: Instant?
        var heldBack: Duration = .zero
    }

    init(perSecond: Double) {
        precondition(perSecond > 0 && perSecond.isFinite, "a pace needs a positive number of requests a second")
        self.perSecond = perSecond
        self.interval = .seconds(1 / perSecond)
    }

    /// Takes `host`'s next start and returns how long to wait for it from `now` (zero when
    /// the request may go at once). A wait must be followed by `finishedWaiting(now:)`.
    func reserve(_ host: String, now: Instant) -> Duration {
        state.withLock { state in
            let start = max(now, state.nextStart[host] ?? now)
            state.nextStart[host] = start + interval
            let wait = start - now
            guard wait > .zero else { return .zero }
            if state.waiting == 0 { state.waitingSince = now }
            state.waiting += 1
            return wait
        }
    }

    /// A request's wait ended (its start came, or it was cancelled).
    func finishedWaiting(now: Instant) {
        state.withLock { state in
            state.waiting -= 1
            if state.waiting == 0, let since = state.waitingSince {
                state.heldBack += max(.zero, now - since)
                state.waitingSince = nil
            }
        }
    }

    /// The time during which at least one request waited for its start, so far.
    var heldBack: Duration {
        state.withLock { $0.heldBack }
    }
}
