import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The listening socket and the connections' threads of a `LoopbackHTTPServer`: what the
/// threads share, so releasing the server runs its `deinit`.
final class LoopbackServerCore: Sendable {
    let port: UInt16
    let limits: LoopbackHTTPServer.Limits
    /// `limits.maxConnections`, or fewer when the process may open too few files for that
    /// many.
    let maxConnections: Int
    private let listener: Int32
    private let calls: ListenerCalls
    let handler: LoopbackHTTPServer.Handler
    let onClientHangUp: (@Sendable () -> Void)?
    let state = Mutex(State())
    private let acceptLoopEnded = DispatchSemaphore(value: 0)
    /// Signalled by `stop()`, to cut short the accept loop's pause after a failed accept.
    private let stopping = DispatchSemaphore(value: 0)
    /// Connections between their handler's answer and the end of its delivery; `stop()`
    /// waits for them after shutting their sockets, which ends every delivery at once.
    let deliveries = DispatchGroup()
    let sentBodyBytes = Atomic<Int>(0)

    struct State {
        var stopped = false
        var connections: Set<Int32> = []
    }

    init(
        host: String = LoopbackHTTPServer.loopback, port: UInt16, limits: LoopbackHTTPServer.Limits, onClientHangUp: (@Sendable () -> Void)?,
        calls: ListenerCalls,
        handler: @escaping LoopbackHTTPServer.Handler
    ) throws {
        let fd = socket(AF_INET, Self.streamType, 0)
        guard fd >= 0 else { throw LoopbackHTTPServer.StartError.cannotListen(port: port, reason: Self.lastError(), host: host) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))

        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            close(fd)
            throw LoopbackHTTPServer.StartError.cannotListen(port: port, reason: "not an IPv4 address", host: host)
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 512) == 0 else {
            let reason = Self.lastError()
            close(fd)
            throw LoopbackHTTPServer.StartError.cannotListen(port: port, reason: reason, host: host)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.listener = fd
        self.port = UInt16(bigEndian: address.sin_port)
        self.limits = limits
        self.maxConnections = Self.connectionLimit(limits.maxConnections, descriptorLimit: Self.descriptorLimit())
        self.calls = calls
        self.handler = handler
        self.onClientHangUp = onClientHangUp
    }

    var isStopped: Bool {
        state.withLock { $0.stopped }
    }

    var bodyBytesSent: Int {
        sentBodyBytes.load(ordering: .relaxed)
    }

    /// Stops accepting and shuts every connection, then waits, on the calling thread, for
    /// the accept loop to return and every delivery to end. The listening socket is closed
    /// only once the loop has returned: closed any earlier, its number could be reused by a
    /// file opened meanwhile, and an accept still to come would take that file's connections.
    func stop() {
        let alreadyStopped = state.withLock { state -> Bool in
            if state.stopped { return true }
            state.stopped = true
            for connection in state.connections {
                shutdown(connection, Int32(SHUT_RDWR))
            }
            return false
        }
        // Every caller waits for the deliveries, which end at once on shut sockets.
        defer { deliveries.wait() }
        guard !alreadyStopped else { return }
        // Shutting the listening socket wakes an accept waiting on it, and makes any later
        // one fail at once.
        calls.shutDown(listener)
        stopping.signal()
        acceptLoopEnded.wait()
        calls.close(listener)
    }

    /// Accepts until `stop()`, whatever a client does: a failed accept (no file descriptor
    /// left, say) leaves the connections waiting in the queue and is tried again after a
    /// pause, and a connection past the limit is answered 503 at once.
    func acceptLoop() {
        defer { acceptLoopEnded.signal() }
        while !isStopped {
            let connection: Int32
            switch calls.accept(listener) {
            case let .connection(accepted):
                connection = accepted
            case let .failed(code):
                if code == EINTR || code == ECONNABORTED { continue }
                calls.pause(limits.acceptRetryDelay, stopping)
                continue
            }
            let admission = state.withLock { state -> Admission in
                guard !state.stopped else { return .stopped }
                guard state.connections.count < maxConnections else { return .full }
                state.connections.insert(connection)
                return .admitted
            }
            switch admission {
            case .stopped:
                close(connection)
                return
            case .full:
                turnAway(connection)
            case .admitted:
                configure(connection)
                let thread = Thread { [self] in serve(connection) }
                thread.name = "loopback-connection"
                thread.start()
            }
        }
    }

    /// As many connections as `configured`, but no more than the descriptors the process
    /// may open allow: each connection may hold two (its socket and a file being sent), and
    /// a quarter of them is left to the rest of the process and to answering 503. Past the
    /// table's end, accepting fails and connections wait unanswered; within it they are
    /// answered.
    static func connectionLimit(_ configured: Int, descriptorLimit: Int) -> Int {
        max(1, min(configured, (descriptorLimit - descriptorLimit / 4) / 2))
    }

    /// How many file descriptors the process may open.
    private static func descriptorLimit() -> Int {
        var limit = rlimit()
        #if canImport(Glibc)
            let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
            let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return .max }
        return Int(clamping: limit.rlim_cur)
    }

    private enum Admission {
        case admitted
        case full
        case stopped
    }

    /// The server's own short answer, in plain text.
    static func plain(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data((message + "\n").utf8))
    }

    /// `duration` in whole milliseconds, rounded up and capped to fit a `poll` timeout.
    static func milliseconds(_ duration: Duration) -> Int32 {
        Int32(clamping: (nanoseconds(duration) + 999_999) / 1_000_000)
    }

    /// `duration` in nanoseconds, 0 if negative, capped at about 292 years.
    static func nanoseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        guard seconds < Int64(Int.max / 1_000_000_000) - 1 else { return Int.max / 2 }
        return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }

    private static var streamType: Int32 {
        #if canImport(Glibc)
            Int32(SOCK_STREAM.rawValue)
        #else
            SOCK_STREAM
        #endif
    }
}
