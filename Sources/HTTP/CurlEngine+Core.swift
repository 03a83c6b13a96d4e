import CCurl
import FeedCore
import Foundation
import Synchronization

extension CurlEngine {
    /// The loop and what reaches it. The multi handle is used only on the loop's thread
    /// but for `wakeUp`; other threads leave transfers in `inbox`, and a cancelled task
    /// marks its transfer (`CurlTransfer.isCancelRequested`) and wakes the loop, which
    /// checks every transfer it holds each turn. A cancellation is therefore seen whether
    /// it comes before the transfer reaches the inbox, while it waits there, or once it
    /// runs.
    final class Core: @unchecked Sendable {
        let hooks: Hooks
        let receivedBytes = Atomic<Int>(0)
        private let multi: CurlMulti
        private let inbox = Mutex(Inbox())
        /// The loop thread's own: transfers in the multi handle, by easy handle.
        private var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]

        /// The longest the loop waits in `curl_multi_poll`; libcurl shortens it to its next
        /// timer, and a wakeup ends it.
        static let longestWait: Int32 = 1000

        private struct Inbox {
            var additions: [CurlTransfer] = []
            /// Set once, for good: the engine is stopping or stopped, and why.
            var stop: Stop?
            /// The loop has ended every transfer and returned.
            var loopEnded = false
            /// Tasks in `stop()`, resumed when the loop has ended.
            var waiters: [CheckedContinuation<Void, Never>] = []
        }

        /// Why the loop stops: asked to, or libcurl failed in a way no transfer can recover
        /// from.
        private enum Stop {
            case shutdown
            case broken(HTTPClientError)

            var error: any Error {
                switch self {
                case .shutdown: CancellationError()
                case let .broken(error): error
                }
            }
        }

        init(multi: CurlMulti, hooks: Hooks) {
            self.multi = multi
            self.hooks = hooks
        }

        /// Hands `transfer` to the loop, or fails it at once when the engine has stopped.
        func add(_ transfer: CurlTransfer) {
            let refusal = inbox.withLock { inbox -> (any Error)? in
                if let stop = inbox.stop { return stop.error }
                inbox.additions.append(transfer)
                return nil
            }
            if let refusal {
                transfer.resume(with: .failure(refusal))
            } else {
                multi.wakeUp()
            }
        }

        /// Makes the loop turn now, to see a cancellation.
        func wakeUp() {
            multi.wakeUp()
        }

        func requestStop() {
            let first = inbox.withLock { inbox -> Bool in
                guard inbox.stop == nil else { return false }
                inbox.stop = .shutdown
                return true
            }
            if first { multi.wakeUp() }
        }

        /// Stops the loop and waits until it has ended.
        func stop() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ended = inbox.withLock { inbox -> Bool in
                    if inbox.stop == nil { inbox.stop = .shutdown }
                    guard !inbox.loopEnded else { return true }
                    inbox.waiters.append(continuation)
                    return false
                }
                if ended {
                    continuation.resume()
                } else {
                    multi.wakeUp()
                }
            }
        }

        /// The loop thread's body: turns until stopped or broken, then ends every transfer
        /// it holds or was handed, so none is left in the multi handle, and lets the waiters
        /// of `stop()` go. No transfer can be handed to it afterwards: `add` refuses once
        /// `stop` is set, and it is set before the last look at the inbox.
        func loop() {
            let stop = turns()
            let leftovers = inbox.withLock { inbox -> [CurlTransfer] in
                if inbox.stop == nil { inbox.stop = stop }
                defer { inbox.additions.removeAll() }
                return inbox.additions
            }
            for transfer in running.values {
                end(transfer, with: .failure(stop.error))
            }
            running.removeAll()
            for transfer in leftovers {
                transfer.resume(with: .failure(stop.error))
            }
            let waiters = inbox.withLock { inbox -> [CheckedContinuation<Void, Never>] in
                inbox.loopEnded = true
                defer { inbox.waiters.removeAll() }
                return inbox.waiters
            }
            for waiter in waiters {
                waiter.resume()
            }
        }

        /// Turns until a stop is asked for or libcurl fails; says which.
        private func turns() -> Stop {
            var active: Int32 = 0
            while true {
                let (additions, stop) = inbox.withLock { inbox in
                    defer { inbox.additions.removeAll() }
                    return (inbox.additions, inbox.stop)
                }
                if let stop {
                    for transfer in additions {
                        transfer.resume(with: .failure(stop.error))
                    }
                    return stop
                }
                for transfer in additions {
                    start(transfer)
                }
                endCancelled()
                hooks.afterRequestsHandled?()
                // Fails only when libcurl runs out of memory or breaks down; the same would
                // most likely fail again at once, so the engine stops rather than spin.
                let performed = curl_multi_perform(multi.handle, &active)
                guard performed == FS_CURLM_OK else {
                    return .broken(.connectivity("libcurl failed while running the transfers: \(CurlMulti.reason(performed))"))
                }
                endFinished()
                // libcurl shortens the wait to its next timer (timeouts, retries of its own).
                // It sets none for an HTTP/2 stream that ended with its head (a 304): such a
                // transfer is finished only on libcurl's next turn, so take it at once rather
                // than after a second of silence (BENCHMARKS.md, warm runs over HTTPS).
                let extraTurn = running.values.reduce(false) { $1.takeExtraTurn() || $0 }
                // A signal does not make it fail (libcurl takes EINTR as a wait that ended).
                let polled = curl_multi_poll(multi.handle, nil, 0, extraTurn ? 0 : Self.longestWait, nil)
                guard polled == FS_CURLM_OK else {
                    return .broken(.connectivity("libcurl failed while waiting for the network: \(CurlMulti.reason(polled))"))
                }
            }
        }

        /// Puts `transfer` in the multi handle, unless its task was cancelled already.
        private func start(_ transfer: CurlTransfer) {
            guard !transfer.isCancelRequested else {
                transfer.resume(with: .failure(CancellationError()))
                return
            }
            guard let easy = transfer.easy else {
                transfer.resume(with: .failure(HTTPClientError.connectivity("libcurl could not start the transfer: it has no handle")))
                return
            }
            let added = curl_multi_add_handle(multi.handle, easy)
            guard added == FS_CURLM_OK else {
                transfer.resume(with: .failure(HTTPClientError.connectivity("libcurl could not start the transfer: \(CurlMulti.reason(added))")))
                return
            }
            running[easy] = transfer
        }

        /// Ends every running transfer whose task was cancelled. Requests in flight are at
        /// most the client's slots, so looking at each one every turn costs little.
        private func endCancelled() {
            for (easy, transfer) in running where transfer.isCancelRequested {
                running[easy] = nil
                end(transfer, with: .failure(CancellationError()))
            }
        }

        /// Ends every transfer libcurl reports finished.
        private func endFinished() {
            var easy: UnsafeMutableRawPointer?
            var code: CURLcode = 0
            while fs_multi_next_done(multi.handle, &easy, &code) == 1 {
                guard let handle = easy, let transfer = running.removeValue(forKey: handle) else { continue }
                end(transfer, with: transfer.outcome(code))
            }
        }

        /// Takes the transfer out of libcurl before the waiting task hears of it, so no
        /// callback can touch its sink afterwards.
        private func end(_ transfer: CurlTransfer, with outcome: Result<HTTPAnswer, Error>) {
            receivedBytes.add(transfer.receivedBytes, ordering: .relaxed)
            if let easy = transfer.easy {
                // Fails only for a handle that is not in this multi handle, or when called
                // from within a callback: `end` runs on the loop's thread outside libcurl,
                // for handles `start` added. Freeing the easy handle would take it out anyway.
                _ = curl_multi_remove_handle(multi.handle, easy)
            }
            transfer.releaseHandle()
            transfer.resume(with: outcome)
        }
    }
}
