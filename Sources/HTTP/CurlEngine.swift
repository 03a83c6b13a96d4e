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
}

/// libcurl's global set-up, once per process, before the first handle.
enum Curl {
    static let isReady: Bool = curl_global_init(Int(FS_CURL_GLOBAL_ALL)) == FS_CURLE_OK
}
