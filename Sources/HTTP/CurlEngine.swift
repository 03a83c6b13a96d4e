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
    private let core: Core

    public init(_ configuration: Configuration) throws(HTTPClientError) {
        guard Curl.isReady else { throw HTTPClientError.connectivity("libcurl could not be initialised") }
        self.configuration = configuration
        self.core = try Core(maxConnections: max(1, configuration.maxConnections))
        let core = self.core
        let thread = Thread { core.loop() }
        thread.name = "feedsite-curl"
        thread.start()
    }

    deinit {
        core.stop()
    }

    /// One try: the answer (its 2xx body streamed into `sink`), or a `Failure`, or the
    /// sink's own error, or `CancellationError`.
    public func perform(_ request: HTTPGet, into sink: HTTPBodySink) async throws -> HTTPAnswer {
        try Task.checkCancellation()
        let transfer = try CurlTransfer(request: request, sink: sink, configuration: configuration)
        return try await transfer.run(on: core)
    }

    /// Cancels what is in flight and stops the thread; afterwards every `perform` fails.
    public func shutdown() {
        core.stop()
    }

    /// The multi handle and the loop. The handle is touched only by the loop's thread
    /// (`curl_multi_wakeup` is the one call libcurl allows from any thread); other threads
    /// leave work in `inbox`. The handle is freed with the core, once neither the engine,
    /// the loop's thread nor a waiting transfer can reach it.
    final class Core: @unchecked Sendable {
        private let multi: CurlMulti
        private let inbox = Mutex(Inbox())
        private let finished = DispatchSemaphore(value: 0)
        /// The loop thread's own: transfers in the multi handle, by easy handle.
        private var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]

        private struct Inbox {
            var additions: [CurlTransfer] = []
            var cancellations: [CurlTransfer] = []
            var stopping = false
        }

        init(maxConnections: Int) throws(HTTPClientError) {
            self.multi = try CurlMulti(maxConnections: maxConnections)
        }

        func add(_ transfer: CurlTransfer) {
            let accepted = inbox.withLock { inbox -> Bool in
                guard !inbox.stopping else { return false }
                inbox.additions.append(transfer)
                return true
            }
            if accepted {
                multi.wakeUp()
            } else {
                transfer.resume(with: .failure(CancellationError()))
            }
        }

        func cancel(_ transfer: CurlTransfer) {
            inbox.withLock { $0.cancellations.append(transfer) }
            multi.wakeUp()
        }

        func stop() {
            let wait = inbox.withLock { inbox -> Bool in
                guard !inbox.stopping else { return false }
                inbox.stopping = true
                return true
            }
            guard wait else { return }
            multi.wakeUp()
            finished.wait()
        }

        func loop() {
            var active: Int32 = 0
            while true {
                let (additions, cancellations, stopping) = inbox.withLock { inbox in
                    defer {
                        inbox.additions.removeAll()
                        inbox.cancellations.removeAll()
                    }
                    return (inbox.additions, inbox.cancellations, inbox.stopping)
                }
                for transfer in additions {
                    guard let easy = transfer.easy, curl_multi_add_handle(multi.handle, easy) == 0 else {
                        transfer.resume(with: .failure(HTTPClientError.connectivity("libcurl could not start the transfer")))
                        continue
                    }
                    running[easy] = transfer
                }
                for transfer in cancellations {
                    guard let easy = transfer.easy, running.removeValue(forKey: easy) != nil else { continue }
                    end(transfer, with: .failure(CancellationError()))
                }
                if stopping {
                    for transfer in running.values {
                        end(transfer, with: .failure(CancellationError()))
                    }
                    running.removeAll()
                    break
                }
                curl_multi_perform(multi.handle, &active)
                endFinished()
                // libcurl shortens the wait to its next timer (timeouts, retries of its own).
                // It sets none for an HTTP/2 stream that ended with its head (a 304): such a
                // transfer is finished only on libcurl's next turn, so take it at once rather
                // than after a second of silence (BENCHMARKS.md, warm runs over HTTPS).
                let extraTurn = running.values.reduce(false) { $1.takeExtraTurn() || $0 }
                curl_multi_poll(multi.handle, nil, 0, extraTurn ? 0 : 1000, nil)
            }
            finished.signal()
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
            if let easy = transfer.easy { curl_multi_remove_handle(multi.handle, easy) }
            transfer.releaseHandle()
            transfer.resume(with: outcome)
        }
    }
}

/// libcurl's global set-up, once per process, before the first handle.
enum Curl {
    static let isReady: Bool = curl_global_init(Int(FS_CURL_GLOBAL_ALL)) == FS_CURLE_OK
}
