import FeedCore
import Foundation
import Synchronization

/// `HTTPClient` over the libcurl engine, with the manners the article "Network" describes:
/// transient failures and busy statuses tried again (`RetryPolicy`), `Retry-After` honoured
/// for the whole host, `--rate` (`HostPace`), and a host that failed `downThreshold`
/// requests in a row left alone for the rest of the run. A request fails the host when its
/// retries are spent without an answer, or still busy (408, 425, 429, 5xx), or when it is
/// told to wait longer than the policy allows; any other answer shows the host is up.
/// Pauses and the pace are measured on the clock's monotonic time, `Retry-After` dates on
/// its wall clock.
public final class CurlHTTPClient: HTTPClient {
    public let engine: CurlEngine
    private let policy: RetryPolicy
    private let clock: RetryClock
    private let health: HostHealth
    private let slots: RequestSlots
    private let pace: HostPace?
    private let counts = Mutex(Counts())

    private struct Counts {
        var requests = 0
        var retries = 0
        var pauses = 0
    }

    /// What the run's requests cost so far; final once the engine has stopped, when every
    /// transfer's bytes are counted.
    public var statistics: NetworkStatistics {
        get async {
            let counts = counts.withLock { $0 }
            let heldBack = pace?.heldBack ?? .zero
            return NetworkStatistics(
                requests: counts.requests, retries: counts.retries, pauses: counts.pauses, rate: rate, rateWait: heldBack.seconds,
                receivedBytes: engine.receivedBytes, hostsDown: health.down, downThreshold: health.downThreshold)
        }
    }

    /// The `--rate` in force: requests a second to each host, or `nil` for no limit.
    public var rate: Double? { pace?.perSecond }

    /// Requests in a row that fail with their retries spent (no answer, or still busy) that
    /// take a host as down.
    public static let downThreshold = 8

    /// `rate`: at most that many requests a second to each host, evenly spread; `nil`, no limit.
    public init(
        engine: CurlEngine, policy: RetryPolicy, clock: RetryClock = .system, downThreshold: Int = CurlHTTPClient.downThreshold, rate: Double? = nil
    ) {
        self.engine = engine
        self.policy = policy
        self.clock = clock
        self.health = HostHealth(downThreshold: downThreshold)
        self.slots = RequestSlots(count: engine.configuration.maxConnections)
        self.pace = rate.map(HostPace.init(perSecond:))
    }

    public var executor: (any TaskExecutor)? { engine.executor }

    public func get(_ request: HTTPGet, into body: HTTPBodySink) async throws(HTTPGetFailure) -> HTTPAnswer {
        do {
            return try await tries(request, into: body)
        } catch {
            throw HTTPGetFailure(error)
        }
    }

    /// Tries `request` until an answer is taken or refused, as the retry policy says: throws
    /// an `HTTPClientError`, the sink's error, or `CancellationError`.
    private func tries(_ request: HTTPGet, into body: HTTPBodySink) async throws -> HTTPAnswer {
        let host = Self.hostKey(request.url)
        var tries = 0
        counts.withLock { $0.requests += 1 }
        while true {
            try await waitForTurn(host)
            switch try await attempt(request, into: body, host: host, tries: tries + 1) {
            case .notSent:
                continue
            case let .answer(answer):
                return answer
            case let .retry(delay):
                tries += 1
                // A paused host (no delay here) is waited for in `waitForTurn`.
                if let delay { try await clock.sleep(delay) }
            case let .fail(error):
                throw error
            }
        }
    }

    private enum Step {
        case answer(HTTPAnswer)
        /// Try again after the back-off, or `nil` once the host's pause is over.
        case retry(after: Duration?)
        case fail(HTTPClientError)
        /// A server paused the host while the request waited: not a try, wait for the host.
        case notSent
    }

    /// Try number `tries`, holding one of the `--concurrency` slots from before the host is
    /// checked until its outcome is counted, so a request waiting for a slot never goes to a
    /// host that the try before it just took down. With `--rate` the slot is held while the
    /// request waits for its start too: a start taken before the wait for a slot could come
    /// due together with others, in a burst.
    private func attempt(_ request: HTTPGet, into body: HTTPBodySink, host: String, tries: Int) async throws -> Step {
        try await slots.acquire()
        defer { slots.release() }
        if let pace { try await waitForStart(host, pace: pace) }
        switch health.turn(for: host, now: clock.instant()) {
        case .down: return .fail(.connectivity(Self.downReason(host, threshold: health.downThreshold)))
        // Paused by a server while this request waited for its slot or its start.
        case .wait: return .notSent
        case .go: break
        }
        if tries > 1 { counts.withLock { $0.retries += 1 } }
        let answer: HTTPAnswer
        do {
            answer = try await engine.perform(request, into: body)
        } catch let failure as TransportFailure {
            if policy.retries(failure, tries: tries) {
                return .retry(after: policy.backoff(afterTries: tries, random: clock.random()))
            }
            if failure.error.kind == .connectivity {
                health.unreachable(host)
            } else {
                health.answered(host)
            }
            return .fail(HTTPClientError(failure.error.kind, tries > 1 ? "\(failure.error.reason) (after \(tries) tries)" : failure.error.reason))
        }
        let now = clock.now()
        if let pause = policy.hostPause(answer, now: now) {
            counts.withLock { $0.pauses += 1 }
            health.pause(host, until: clock.instant() + pause)
        }
        switch policy.decide(answer, tries: tries, now: now, random: clock.random()) {
        case .accept:
            // Still busy once the retries are spent: as good as unreachable.
            if RetryPolicy.retriedStatuses.contains(answer.status) {
                health.unreachable(host)
            } else {
                health.answered(host)
            }
            var counted = answer
            counted.tries = tries
            return .answer(counted)
        case let .retry(delay, pausesHost):
            return .retry(after: pausesHost ? nil : delay)
        case let .refuse(reason):
            health.unreachable(host)
            return .fail(HTTPClientError(.invalidAnswer, reason))
        }
    }

    private static func downReason(_ host: String, threshold: Int) -> String {
        "not sent: \(host) failed \(threshold) requests in a row and is taken as down"
    }

    /// Waits while the host is paused; fails at once when it is down.
    private func waitForTurn(_ host: String) async throws {
        while true {
            try Task.checkCancellation()
            switch health.turn(for: host, now: clock.instant()) {
            case .go:
                return
            case let .wait(until):
                try await clock.sleep(max(.milliseconds(1), until - clock.instant()))
            case .down:
                throw HTTPClientError.connectivity(Self.downReason(host, threshold: health.downThreshold))
            }
        }
    }

    private func waitForStart(_ host: String, pace: HostPace) async throws {
        let wait = pace.reserve(host, now: clock.instant())
        guard wait > .zero else { return }
        defer { pace.finishedWaiting(now: clock.instant()) }
        try await clock.sleep(wait)
    }

    /// `host` or `host:port`, the unit that pauses and goes down together.
    static func hostKey(_ url: URL) -> String {
        let host = url.host?.lowercased() ?? ""
        return url.port.map { "\(host):\($0)" } ?? host
    }
}
