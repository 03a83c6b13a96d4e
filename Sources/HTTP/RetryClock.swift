import Foundation

/// The time, the waiting and the randomness behind retries, as values, so tests can run
/// every back-off without waiting.
public struct RetryClock: Sendable {
    public var now: @Sendable () -> Date
    public var sleep: @Sendable (Duration) async throws -> Void
    /// A number in [0, 1).
    public var random: @Sendable () -> Double

    public init(now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Duration) async throws -> Void, random: @escaping @Sendable () -> Double) {
        self.now = now
        self.sleep = sleep
        self.random = random
    }

    public static let system = RetryClock(
        now: { Date() },
        sleep: { try await Task.sleep(for: $0) },
        random: { Double.random(in: 0..<1) }
    )
}
