import FeedCore
import Foundation
import Synchronization

/// Runs HTTP requests through libcurl's multi interface on one thread of its own: the thread
/// adds and removes transfers, lets libcurl move every one of them along
/// (`curl_multi_perform`), and sleeps in `curl_multi_poll` until a socket is ready, a
/// timer is due, or a wake-up (`LoopWaker`) says a request arrived or was cancelled.
///
/// `perform` is one try of one request; `CurlHTTPClient` adds retries and politeness.
/// Bodies stream into the request's sink as they arrive, so memory stays flat whatever the
/// answer's size; a body past its limit stops at once. Cancelling the calling task ends its
/// request at once if the loop has not taken it yet, else at the loop's next turn, and no
/// callback runs after `perform` returns.
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
        /// With `--warc`, what every exchange is recorded by.
        public var recorder: (any HTTPExchangeRecorder)?

        public init(userAgent: String) {
            self.userAgent = userAgent
        }
    }

    let configuration: Configuration
    let core: Core

    public init(_ configuration: Configuration) throws(HTTPClientError) {
        guard Curl.isReady else { throw HTTPClientError.connectivity("libcurl could not be initialised") }
        self.configuration = configuration
        let core = Core(waker: try LoopWaker())
        self.core = core
        let loop = Handoff(CurlLoop(core: core, multi: try CurlMulti(maxConnections: max(1, configuration.maxConnections)), configuration: configuration))
        let thread = Thread { loop.take()?.run() }
        thread.name = "feedsite-curl"
        thread.start()
    }

    /// Asks the thread to stop without waiting: whatever is in flight ends with
    /// `CancellationError` as soon as the thread sees it.
    deinit {
        core.requestStop()
    }

    /// One try: the answer (its 2xx body streamed into `sink`), or a `TransportFailure`, or the
    /// sink's own error, or `CancellationError` (the task was cancelled or the engine shut
    /// down), or an `HTTPClientError` when libcurl itself failed.
    public func perform(_ request: HTTPGet, into sink: HTTPBodySink) async throws -> HTTPAnswer {
        try Task.checkCancellation()
        return try await core.perform(Core.Job(request: request, sink: sink))
    }

    /// Runs a task's work on the loop's thread, between its turns (`LoopExecutor`): for a
    /// task that makes one request after another.
    public var executor: any TaskExecutor { core.executor }

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
}
