import Foundation

/// Blocking work (sleeps, waits for a child process to end) run from async code: it runs on
/// a thread of its own and is awaited, so no thread that runs tasks is held meanwhile.
enum OwnThread {
    /// Runs `work` on a new thread called `name`; returns or throws what it did.
    static func run<T: Sendable>(named name: String, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try work() }) }
            thread.name = name
            thread.start()
        }
    }

    /// `run(named:_:)` for work that cannot fail.
    static func run(named name: String, _ work: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                work()
                continuation.resume()
            }
            thread.name = name
            thread.start()
        }
    }
}
