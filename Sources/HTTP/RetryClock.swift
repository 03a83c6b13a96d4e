import Foundation

/// The time, the waiting and the randomness behind retries, as values, so tests can run
/// every back-off without waiting.
public struct RetryClock: Sendable {
    /// The wall clock: what an HTTP date in `Retry-After` is read against.
    public var now: @Sendable () -> Date
    /// A monotonic clock, which no one sets: what intervals (`--rate`, a host's pause) are
    /// measured on, so a wall clock stepped forward or back does not stretch or skip them.
    public var instant: @Sendable () -> ContinuousClock.Instant
    public var sleep: @Sendable (Duration) async throws -> Void
    /// A number in [0, 1).
    public var random: @Sendable () -> Double

    public init(
        now: @escaping @Sendable () -> Date, instant: @escaping @Sendable () -> ContinuousClock.Instant,
        sleep: @escaping @Sendable (Duration) async throws -> Void, random: @escaping @Sendable () -> Double
    ) {
        self.now = now
        self.instant = instant
        self.sleep = sleep
        self.random = random
    }

    public static let system = RetryClock(
        now: { Date() },
        instant: { ContinuousClock.now },
        sleep: { try await Task.sleep(for: $0) },
        random: { Double.random(in: 0..<1) }
    )
}
