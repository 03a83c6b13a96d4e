import Foundation
import Synchronization

/// A flush running on a thread of its own, which `DiskSync.startFlush` returns: whoever
/// started it awaits `finished()` before it ends, so no thread is left flushing after a run,
/// however the run ended.
public final class DiskFlush: Sendable {
    private enum State {
        case running(waiting: [CheckedContinuation<FileSystemError?, Never>])
        case finished(FileSystemError?)
    }

    private let state = Mutex(State.running(waiting: []))

    /// Starts `work` on a new thread named `name`.
    init(name: String, _ work: @escaping @Sendable () throws(FileSystemError) -> Void) {
        let thread = Thread { [self] in
            do throws(FileSystemError) {
                try work()
                end(nil)
            } catch {
                end(error)
            }
        }
        thread.name = name
        thread.start()
    }

    /// Returns once the flush's thread is done with it: nil when everything was flushed, or
    /// what stopped it. Cancelling the waiting task does not cut this short: the thread
    /// cannot be stopped halfway, and the wait is for it to be over.
    public func finished() async -> FileSystemError? {
        await withCheckedContinuation { continuation in
            let result = state.withLock { state -> FileSystemError?? in
                switch state {
                case var .running(waiting):
                    waiting.append(continuation)
                    state = .running(waiting: waiting)
                    return nil
                case let .finished(error):
                    return .some(error)
                }
            }
            if let result { continuation.resume(returning: result) }
        }
    }

    private func end(_ error: FileSystemError?) {
        let waiting = state.withLock { state -> [CheckedContinuation<FileSystemError?, Never>] in
            guard case let .running(waiting) = state else { return [] }
            state = .finished(error)
            return waiting
        }
        for continuation in waiting {
            continuation.resume(returning: error)
        }
    }
}
