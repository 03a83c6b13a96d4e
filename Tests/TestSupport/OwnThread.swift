import Foundation

/// Runs `body`, which blocks (a semaphore's wait, say), on a thread of its own and awaits
/// what it returns: the wait never holds one of the few threads that run every task.
public func onOwnThread<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}

/// Waits for `semaphore` for at most `seconds`, on a thread of its own.
public func signal(of semaphore: DispatchSemaphore, within seconds: Int) async -> DispatchTimeoutResult {
    await onOwnThread { semaphore.wait(timeout: .now() + .seconds(seconds)) }
}
