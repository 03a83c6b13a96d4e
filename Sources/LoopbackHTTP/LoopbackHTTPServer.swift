import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for tests, the demo, the benchmark and
/// `feedsite serve` (which may listen on another address of the machine, `host`).
///
/// One thread accepts; each connection gets its own thread and keeps alive until the
/// client closes it or leaves it idle past `Limits.idleTimeout`. A connection past
/// `Limits.maxConnections` is answered 503 and closed; when accepting fails (no file
/// descriptor left) the accept thread waits a moment and tries again. The handler runs
/// synchronously on the connection's thread, so it may block (a test can hold an answer
/// back), and so does the response's `delivery`: a trickle sleeps on that thread. A
/// `HEAD` request gets the head its `GET` would get, `Content-Length` included, and no
/// body. `stop()` closes the listening socket and every open connection: afterwards the
/// port refuses connections, as a switched-off API does; async code awaits it, and the
/// waiting is done off the threads that run tasks. Releasing the server stops it too, but
/// waits on whichever thread let go of it last, so async code awaits `stop()` instead.
public final class LoopbackHTTPServer: Sendable {
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    public enum StartError: Error, CustomStringConvertible {
        case cannotListen(port: UInt16, reason: String, host: String = LoopbackHTTPServer.loopback)

        public var description: String {
            switch self {
            case let .cannotListen(port, reason, host): "cannot listen on \(host):\(port): \(reason)"
            }
        }
    }

    /// What the threads share; they hold this, not the server, so releasing the server
    /// runs its `deinit`.
    private let core: LoopbackServerCore

    /// The address a server listens on unless told another.
    public static let loopback = "127.0.0.1"

    /// Starts listening at once, on `host` (an IPv4 address of this machine, `0.0.0.0` for
    /// all of them); `port` 0 picks a free port (read it back from `port`).
    /// `limits` bound what a client can make the server hold. `onClientHangUp` runs on a
    /// connection's thread each time a client goes away while an `endless`, `trickle` or
    /// `hang` answer holds its connection: it tells a test which requests the client gave up.
    public convenience init(
        host: String = LoopbackHTTPServer.loopback, port: UInt16 = 0, limits: Limits = Limits(), onClientHangUp: (@Sendable () -> Void)? = nil,
        handler: @escaping Handler
    ) throws {
        try self.init(host: host, port: port, limits: limits, onClientHangUp: onClientHangUp, listenerCalls: .system, handler: handler)
    }

    /// As the public initializer, with the call that takes each connection off the listening
    /// socket given: a test passes one that fails as a process out of file descriptors does.
    convenience init(
        port: UInt16, limits: Limits, onClientHangUp: (@Sendable () -> Void)?, accept: @escaping LoopbackServerCore.Accept,
        handler: @escaping Handler
    ) throws {
        var calls = LoopbackServerCore.ListenerCalls.system
        calls.accept = accept
        try self.init(host: Self.loopback, port: port, limits: limits, onClientHangUp: onClientHangUp, listenerCalls: calls, handler: handler)
    }

    /// As the public initializer, with every call made on the listening socket given: a test
    /// watches what `stop()` does to it, and on which thread.
    init(
        host: String = LoopbackHTTPServer.loopback, port: UInt16, limits: Limits, onClientHangUp: (@Sendable () -> Void)?,
        listenerCalls: LoopbackServerCore.ListenerCalls, handler: @escaping Handler
    ) throws {
        core = try LoopbackServerCore(host: host, port: port, limits: limits, onClientHangUp: onClientHangUp, calls: listenerCalls, handler: handler)
        let core = self.core
        let thread = Thread { core.acceptLoop() }
        thread.name = "loopback-accept"
        thread.start()
    }

    /// Stops a server released without `stop()`, waiting on the releasing thread, which may
    /// be one that runs tasks: no async code leaves this to stop its server.
    deinit {
        core.stop()
    }

    public var port: UInt16 { core.port }

    /// `http://127.0.0.1:PORT`
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// The body bytes (not head bytes) handed to the network so far, over all connections.
    /// Final once `stop()` has returned.
    public var bodyBytesSent: Int {
        core.bodyBytesSent
    }

    /// Stops accepting and drops every open connection, cutting short any trickle, endless
    /// body or hang; returns once the port is closed and no connection sends any more.
    /// A handler still running carries on, but its answer can no longer be sent. The waiting
    /// is done on a thread of its own, so no thread that runs tasks is held meanwhile.
    public func stop() async {
        let core = self.core
        await withCheckedContinuation { continuation in
            let thread = Thread {
                core.stop()
                continuation.resume()
            }
            thread.name = "loopback-stop"
            thread.start()
        }
    }

    /// `stop()` for a caller that cannot await (a `deinit`, a `defer`, code that is not
    /// `async`): the same, waiting on the calling thread.
    public func stop() {
        core.stop()
    }
}
