import FeedCore
import Synchronization

/// What the run knows of each host: when the host asked every request to wait
/// (`Retry-After`), and how many requests in a row failed to reach it or found it busy.
/// After `downThreshold` such failures in a row (each after its retries), the host is taken
/// as down for the rest of the run: its remaining requests are not sent, only counted.
/// Pauses end at instants of a monotonic clock (`RetryClock.instant`), which no one sets.
///
/// Behind a lock rather than an actor: a request's task asks it twice a try, and a hop to an
/// actor and back is two thread hand-offs for a task that prefers the engine's thread (the
/// feed's pages, `CurlEngine.executor`).
final class HostHealth: Sendable {
    typealias Instant = ContinuousClock.Instant

    enum Turn: Equatable {
        case go
        case wait(until: Instant)
        case down
    }

    let downThreshold: Int
    private let hosts = Mutex<[String: Host]>([:])

    private struct Host {
        var pausedUntil: Instant?
        var failuresInARow = 0
        var isDown = false
        var notSent = 0
    }

    init(downThreshold: Int) {
        self.downThreshold = downThreshold
    }

    /// Whether a request to `host` may go now; a refused request counts as not sent.
    func turn(for host: String, now: Instant) -> Turn {
        hosts.withLock { hosts in
            var state = hosts[host, default: Host()]
            defer { hosts[host] = state }
            if state.isDown {
                state.notSent += 1
                return .down
            }
            if let until = state.pausedUntil, until > now { return .wait(until: until) }
            state.pausedUntil = nil
            return .go
        }
    }

    /// Holds every request to `host` until `until` (a later pause wins).
    func pause(_ host: String, until: Instant) {
        hosts.withLock { hosts in
            var state = hosts[host, default: Host()]
            state.pausedUntil = max(state.pausedUntil ?? until, until)
            hosts[host] = state
        }
    }

    /// The host answered: it is up.
    func answered(_ host: String) {
        hosts.withLock { $0[host, default: Host()].failuresInARow = 0 }
    }

    /// A request could not reach `host`, or found it busy, retries spent.
    func unreachable(_ host: String) {
        hosts.withLock { hosts in
            var state = hosts[host, default: Host()]
            state.failuresInARow += 1
            if state.failuresInARow >= downThreshold { state.isDown = true }
            hosts[host] = state
        }
    }

    /// The hosts taken as down, by name.
    var down: [NetworkStatistics.HostDown] {
        hosts.withLock { hosts in
            hosts.filter(\.value.isDown).map { .init(host: $0.key, notSent: $0.value.notSent) }.sorted { $0.host < $1.host }
        }
    }
}
