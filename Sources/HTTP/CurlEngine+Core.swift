import FeedCore
import Foundation
import Synchronization

extension CurlEngine {
    /// What the requesting tasks, the engine and its loop thread share: the board of
    /// requests under a lock, the count of bytes received, and the way to wake the loop.
    /// Everything libcurl's handles touch belongs to the loop (`CurlLoop`) alone.
    final class Core: Sendable {
        /// One request as a task hands it to the loop.
        struct Job: Sendable {
            let request: HTTPGet
            let sink: HTTPBodySink
        }

        typealias Waiter = CheckedContinuation<HTTPAnswer, Error>

        let receivedBytes = Atomic<Int>(0)
        let waker: LoopWaker
        /// Runs the jobs of the tasks that prefer the loop's thread.
        let executor: LoopExecutor
        private let state = Mutex(State())

        private struct State {
            var board = TransferBoard<Job, Waiter>()
            /// The loop has answered every request and returned.
            var loopEnded = false
            /// Tasks in `stop()`, resumed when the loop has ended.
            var stopWaiters: [CheckedContinuation<Void, Never>] = []
        }

        init(waker: LoopWaker) {
            self.waker = waker
            self.executor = LoopExecutor(waker: waker)
        }

        /// Hands `job` to the loop and waits for its answer; cancelling the task ends it,
        /// wherever it is (see `TransferBoard`).
        func perform(_ job: Job) async throws -> HTTPAnswer {
            let ticket = state.withLock { $0.board.ticket() }
            defer { state.withLock { $0.board.forget(ticket) } }
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (waiter: Waiter) in
                    if let refusal = state.withLock({ $0.board.hand(job, ticket: ticket, waiter: waiter) }) {
                        waiter.resume(throwing: refusal)
                    } else {
                        waker.wake()
                    }
                }
            } onCancel: {
                switch state.withLock({ $0.board.cancel(ticket) }) {
                case let .answer(waiter): waiter.resume(throwing: CancellationError())
                case .wakeTheLoop: waker.wake()
                case .none: break
                }
            }
        }

        func requestStop() {
            if state.withLock({ $0.board.requestStop() }) { waker.wake() }
        }

        /// Stops the loop and waits until it has ended, without holding a thread meanwhile.
        func stop() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ended = state.withLock { state -> Bool in
                    _ = state.board.requestStop()
                    guard !state.loopEnded else { return true }
                    state.stopWaiters.append(continuation)
                    return false
                }
                if ended {
                    continuation.resume()
                } else {
                    waker.wake()
                }
            }
        }

        // MARK: - For the loop's thread

        /// The new requests, the cancelled ones, or the stop.
        func takeTurn() -> TransferBoard<Job, Waiter>.Turn {
            state.withLock { $0.board.takeTurn() }
        }

        /// Delivers the outcome of request `ticket` to its task, once.
        func answer(_ ticket: Int, with outcome: Result<HTTPAnswer, Error>) {
            state.withLock { $0.board.answer(ticket) }?.resume(with: outcome)
        }

        /// The loop has ended every transfer it held: answers every request still waiting
        /// with the stop's error, refuses any later one, and lets the tasks in `stop()` go.
        func loopEnded(_ stop: EngineStop) {
            let (error, waiters, stopWaiters) = state.withLock { state in
                let (error, waiters) = state.board.end(stop)
                state.loopEnded = true
                defer { state.stopWaiters.removeAll() }
                return (error, waiters, state.stopWaiters)
            }
            for waiter in waiters { waiter.resume(throwing: error) }
            for waiter in stopWaiters { waiter.resume() }
        }
    }
}
