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
    /// Takes the next connection off the listening socket, as `accept(2)` does.
    typealias Accept = @Sendable (_ listener: Int32) -> Accepted

    enum Accepted: Sendable {
        case connection(Int32)
        case failed(errno: Int32)
    }

    let port: UInt16
    let limits: LoopbackHTTPServer.Limits
    /// `limits.maxConnections`, or fewer when the process may open too few files for that
    /// many.
    let maxConnections: Int
    private let listener: Int32
    private let accept: Accept
    private let handler: LoopbackHTTPServer.Handler
    let onClientHangUp: (@Sendable () -> Void)?
    private let state = Mutex(State())
    private let acceptLoopEnded = DispatchSemaphore(value: 0)
    /// Signalled by `stop()`, to cut short the accept loop's pause after a failed accept.
    private let stopping = DispatchSemaphore(value: 0)
    /// Connections between their handler's answer and the end of its delivery; `stop()`
    /// waits for them after shutting their sockets, which ends every delivery at once.
    let deliveries = DispatchGroup()
    let sentBodyBytes = Atomic<Int>(0)

    private struct State {
        var stopped = false
        var connections: Set<Int32> = []
    }

    static let systemAccept: Accept = { listener in
        #if canImport(Glibc)
            let connection = Glibc.accept(listener, nil, nil)
        #else
            let connection = Darwin.accept(listener, nil, nil)
        #endif
        return connection >= 0 ? .connection(connection) : .failed(errno: errno)
    }

    init(
        port: UInt16, limits: LoopbackHTTPServer.Limits, onClientHangUp: (@Sendable () -> Void)?, accept: @escaping Accept,
        handler: @escaping LoopbackHTTPServer.Handler
    ) throws {
        let fd = socket(AF_INET, Self.streamType, 0)
        guard fd >= 0 else { throw LoopbackHTTPServer.StartError.cannotListen(port: port, reason: Self.lastError()) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))

        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 512) == 0 else {
            let reason = Self.lastError()
            close(fd)
            throw LoopbackHTTPServer.StartError.cannotListen(port: port, reason: reason)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.listener = fd
        self.port = UInt16(bigEndian: address.sin_port)
        self.limits = limits
        self.maxConnections = Self.connectionLimit(limits.maxConnections, descriptorLimit: Self.descriptorLimit())
        self.accept = accept
        self.handler = handler
        self.onClientHangUp = onClientHangUp
    }

    var isStopped: Bool {
        state.withLock { $0.stopped }
    }

    var bodyBytesSent: Int {
        sentBodyBytes.load(ordering: .relaxed)
    }

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
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        stopping.signal()
        acceptLoopEnded.wait()
    }

    /// Accepts until `stop()`, whatever a client does: a failed accept (no file descriptor
    /// left, say) leaves the connections waiting in the queue and is tried again after a
    /// pause, and a connection past the limit is answered 503 at once.
    func acceptLoop() {
        defer { acceptLoopEnded.signal() }
        while true {
            let connection: Int32
            switch accept(listener) {
            case let .connection(accepted):
                connection = accepted
            case let .failed(code):
                if isStopped { return }
                if code == EINTR || code == ECONNABORTED { continue }
                _ = stopping.wait(timeout: .now() + .nanoseconds(Self.nanoseconds(limits.acceptRetryDelay)))
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

    private func configure(_ connection: Int32) {
        var yes: Int32 = 1
        setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
            setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        // A send that makes no progress for the idle time fails: a client that stops
        // reading an answer does not hold its thread forever.
        let microseconds = max(1, Self.nanoseconds(limits.idleTimeout) / 1000)
        var timeout = timeval(tv_sec: microseconds / 1_000_000, tv_usec: .init(microseconds % 1_000_000))
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    private func serve(_ connection: Int32) {
        defer {
            // The slot is free before the client can see the connection close.
            state.withLock { state in
                state.connections.remove(connection)
                close(connection)
            }
        }
        var reader = RequestReader(maxHeaderBytes: limits.maxHeaderBytes, maxBodyBytes: limits.maxBodyBytes)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var deadline = ContinuousClock.now + limits.idleTimeout
        while true {
            let parsed: RequestReader.Result
            do {
                parsed = try reader.next()
            } catch {
                let response = Self.plain(error.status, "\(error)")
                _ = deliver(response, keepAlive: false, on: connection)
                drainBeforeClosing(connection, into: &chunk)
                return
            }
            switch parsed {
            case .needMoreBytes:
                switch receive(into: &chunk, on: connection, before: deadline) {
                case let .bytes(count):
                    reader.append(chunk[0..<count])
                case .closed:
                    return
                case .timedOut:
                    if reader.holdsPartialRequest {
                        _ = deliver(Self.plain(408, "the request did not arrive in time"), keepAlive: false, on: connection)
                    }
                    return
                }
            case .request(var request, let keepAlive):
                request.serverPort = port
                let response = handler(request)
                guard deliver(response, keepAlive: keepAlive, headOnly: request.method == "HEAD", on: connection) else { return }
                deadline = ContinuousClock.now + limits.idleTimeout
            }
        }
    }

    private enum Received {
        case bytes(Int)
        case closed
        case timedOut
    }

    /// Reads what the connection has into `chunk`, waiting for it until `deadline`. A
    /// failed read reads as closed; so does a socket `stop()` shut down.
    private func receive(into chunk: inout [UInt8], on connection: Int32, before deadline: ContinuousClock.Instant) -> Received {
        while true {
            let remaining = deadline - .now
            guard remaining > .zero else { return .timedOut }
            var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Self.milliseconds(remaining))
            if ready < 0 && errno == EINTR { continue }
            guard ready != 0 else { continue }
            guard ready > 0 else { return .closed }
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            return count > 0 ? .bytes(count) : .closed
        }
    }

    /// After refusing a request: sends no more, then reads and drops what the client still
    /// sends (a body it was told is refused), up to a bound and the idle time, so that
    /// closing does not reset the connection under the answer before the client reads it.
    private func drainBeforeClosing(_ connection: Int32, into chunk: inout [UInt8]) {
        shutdown(connection, Int32(SHUT_WR))
        let deadline = ContinuousClock.now + limits.idleTimeout
        var drained = 0
        while drained < Self.maxDrainedBytes, case let .bytes(count) = receive(into: &chunk, on: connection, before: deadline) {
            drained += count
        }
    }

    private static let maxDrainedBytes = 1024 * 1024

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
