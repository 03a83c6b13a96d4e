import CCurl
import FeedCore
import Foundation
import Synchronization

/// Runs HTTP requests through libcurl's multi interface on one thread of its own: the thread
/// adds and removes transfers, lets libcurl move every one of them along
/// (`curl_multi_perform`), and sleeps in `curl_multi_poll` until a socket is ready, a
/// timer is due, or `curl_multi_wakeup` says a request arrived or was cancelled.
///
/// `perform` is one try of one request; `CurlHTTPClient` adds retries and politeness.
/// Bodies stream into the request's sink as they arrive, so memory stays flat whatever the
/// answer's size; a body past its limit stops at once. Cancelling the calling task removes
/// its transfer at the next turn of the loop, and no callback runs after `perform` returns.
public final class CurlEngine: Sendable {
    public struct Configuration: Sendable {
        /// Requests in flight at once (`CurlHTTPClient` holds the others back) and connections
        /// open at once; on HTTP/2 one connection carries every request to a host.
        public var maxConnections = 8
        public var userAgent: String
        /// The whole request, from connecting to the last byte (`--timeout`).
        public var requestTimeout: Duration = .seconds(30)
        public var connectTimeout: Duration = .seconds(10)
        /// A body slower than `lowSpeedLimit` bytes a second for `lowSpeedTime` seconds stops.
        public var lowSpeedLimit = 1024
        public var lowSpeedTime = 10
        public var maxRedirects = 10
        /// The system's trusted certificates plus a private CA's (`--ca-file`), or `nil`
        /// for the system's alone.
        public var certificateAuthorities: CertificateAuthorities?

        public init(userAgent: String) {
            self.userAgent = userAgent
        }
    }

    /// Why a try produced no answer, and whether another try may do better.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public let error: HTTPClientError
        /// Connection refused, reset or closed early, or a timeout.
        public let isTransient: Bool

        public init(error: HTTPClientError, isTransient: Bool) {
            self.error = error
            self.isTransient = isTransient
        }

        public var description: String { error.reason }
    }

    let configuration: Configuration
    let core: Core

    public convenience init(_ configuration: Configuration) throws(HTTPClientError) {
        try self.init(configuration, hooks: Hooks())
    }

    init(_ configuration: Configuration, hooks: Hooks) throws(HTTPClientError) {
        guard Curl.isReady else { throw HTTPClientError.connectivity("libcurl could not be initialised") }
        self.configuration = configuration
        self.core = Core(multi: try CurlMulti(maxConnections: max(1, configuration.maxConnections)), hooks: hooks)
        let core = self.core
        let thread = Thread { core.loop() }
        thread.name = "feedsite-curl"
        thread.start()
    }

    /// Asks the thread to stop without waiting: whatever is in flight ends with
    /// `CancellationError` as soon as the thread sees it.
    deinit {
        core.requestStop()
    }

    /// One try: the answer (its 2xx body streamed into `sink`), or a `Failure`, or the
    /// sink's own error, or `CancellationError` (the task was cancelled or the engine shut
    /// down), or an `HTTPClientError` when libcurl itself failed.
    public func perform(_ request: HTTPGet, into sink: HTTPBodySink) async throws -> HTTPAnswer {
        try Task.checkCancellation()
        let transfer = try CurlTransfer(request: request, sink: sink, configuration: configuration)
        return try await transfer.run(on: core)
    }

    /// Bytes received so far by every transfer that has ended: headers and bodies as they
    /// came over the network, whatever became of them.
    public var receivedBytes: Int { core.receivedBytes.load(ordering: .relaxed) }

    /// Ends every request in flight with `CancellationError` and stops the thread; returns
    /// once every transfer has ended and the thread has left its loop, without blocking a
    /// thread meanwhile. Afterwards every `perform` fails at once. Calling it again, or from
    /// several tasks at once, waits for the same stop.
    public func shutdown() async {
        await core.stop()
    }

    /// Asks for the stop `shutdown()` waits for, and returns at once: for code that cannot
    /// wait, when no request was made.
    public func beginShutdown() {
        core.requestStop()
    }

    /// Points where tests can force an interleaving of the requesting task and the loop.
    struct Hooks: Sendable {
        /// On the requesting task, after its transfer is marked as waiting and before it is
        /// handed to the loop.
        var beforeHandOff: (@Sendable () -> Void)?
        /// On the loop's thread, each turn, once it has taken the new transfers and ended
        /// the cancelled ones.
        var afterRequestsHandled: (@Sendable () -> Void)?
    }

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

/// libcurl's global set-up, once per process, before the first handle.
enum Curl {
    static let isReady: Bool = curl_global_init(Int(FS_CURL_GLOBAL_ALL)) == FS_CURLE_OK
}
