import FeedCore
import Foundation

/// When a request is tried again, and after how long.
///
/// Transient failures (connection refused, reset or closed early, timeouts) and the statuses
/// 408, 425, 429, 500, 502, 503 and 504 are tried again up to `retries` times, after an
/// exponential back-off with full jitter: a random wait between zero and `baseDelay`
/// doubled for each earlier try, at most `maxDelay`. A `Retry-After` of at most
/// `maxRetryAfter` replaces the back-off and pauses the whole host; a longer one ends the
/// request. Everything else is final.
public struct RetryPolicy: Equatable, Sendable {
    public var retries: Int
    public var baseDelay: Duration = .milliseconds(500)
    public var maxDelay: Duration = .seconds(30)
    public var maxRetryAfter: Duration = .seconds(60)

    public static let retriedStatuses: Set<Int> = [408, 425, 429, 500, 502, 503, 504]

    /// The failures that another try may not meet: the connection refused, lost or closed
    /// early, a timeout, a failed HTTP/2 stream. An unknown host, TLS, a bad redirect or a
    /// bad answer would fail the same way again.
    public static let retriedFailures: Set<TransportFailure.Kind> = [
        .refused, .unreachable, .timeout, .closedEarly, .reset, .connectionLost, .streamFailed,
    ]

    public init(retries: Int = 3) {
        self.retries = retries
    }

    public enum Decision: Equatable, Sendable {
        /// The answer stands (possibly a failed status, once the tries are spent).
        case accept
        /// Try again after `delay`; `pausesHost` when the server asked every request to wait
        /// (`hostPause` says how long).
        case retry(after: Duration, pausesHost: Bool)
        /// The server asked for a wait longer than the policy allows.
        case refuse(reason: String)
    }

    /// What to do with `answer`, the result of try number `tries`. `random` is in [0, 1),
    /// drawn only when a back-off needs it.
    public func decide(_ answer: HTTPAnswer, tries: Int, now: Date, random: @autoclosure () -> Double) -> Decision {
        guard Self.retriedStatuses.contains(answer.status) else { return .accept }
        if let wait = retryAfter(answer, now: now) {
            guard wait <= maxRetryAfter else {
                return .refuse(
                    reason:
                        "status \(answer.status) asking to retry after \(wait.secondsText), longer than the \(maxRetryAfter.secondsText) feedsite waits"
                )
            }
            return tries <= retries ? .retry(after: wait, pausesHost: true) : .accept
        }
        return tries <= retries ? .retry(after: backoff(afterTries: tries, random: random()), pausesHost: false) : .accept
    }

    /// How long every request to the answer's host waits: its `Retry-After`, on a status
    /// that is retried, when no longer than `maxRetryAfter`. It applies whether or not this
    /// request is tried again.
    public func hostPause(_ answer: HTTPAnswer, now: Date) -> Duration? {
        guard Self.retriedStatuses.contains(answer.status), let wait = retryAfter(answer, now: now), wait <= maxRetryAfter else { return nil }
        return wait
    }

    private func retryAfter(_ answer: HTTPAnswer, now: Date) -> Duration? {
        answer.retryAfter.flatMap { RetryAfter.delay($0, now: now) }
    }

    /// Whether a failed try number `tries` is tried again.
    public func retries(_ failure: TransportFailure, tries: Int) -> Bool {
        Self.retriedFailures.contains(failure.kind) && tries <= retries
    }

    /// The wait before try `tries + 1`: `random` × min(`maxDelay`, `baseDelay` × 2^(`tries` − 1)).
    public func backoff(afterTries tries: Int, random: Double) -> Duration {
        let doublings = min(max(0, tries - 1), 30)
        let ceiling = min(maxDelay, baseDelay * (1 << doublings))
        return ceiling * min(max(random, 0), 1)
    }
}
