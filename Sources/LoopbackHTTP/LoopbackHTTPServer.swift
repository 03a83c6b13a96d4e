#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import Synchronization

/// A small HTTP/1.1 server on 127.0.0.1 for tests, the demo and the benchmark.
///
/// One thread accepts; each connection gets its own thread and keeps alive until the
/// client closes it. The handler runs synchronously on the connection's thread, so it may
/// block (a test can hold an answer back), and so does the response's `delivery`: a
/// trickle sleeps on that thread. `stop()` closes the listening socket and every open
/// connection: afterwards the port refuses connections, as a switched-off API does.
/// Releasing the server stops it too.
public final class LoopbackHTTPServer: Sendable {
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    public enum StartError: Error, CustomStringConvertible {
        case cannotListen(port: UInt16, reason: String)

        public var description: String {
            switch self {
            case let .cannotListen(port, reason): "cannot listen on 127.0.0.1:\(port): \(reason)"
            }
        }
    }

    /// What the threads share; they hold this, not the server, so releasing the server
    /// runs its `deinit`.
    private let core: Core

    /// Starts listening at once; `port` 0 picks a free port (read it back from `port`).
    public init(port: UInt16 = 0, handler: @escaping Handler) throws {
        core = try Core(port: port, handler: handler)
        let core = self.core
        let thread = Thread { core.acceptLoop() }
        thread.name = "loopback-accept"
        thread.start()
    }

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
    /// A handler still running carries on, but its answer can no longer be sent.
    public func stop() {
        core.stop()
    }

    private final class Core: Sendable {
        let port: UInt16
        private let listener: Int32
        private let handler: Handler
        private let state = Mutex(State())
        private let acceptLoopEnded = DispatchSemaphore(value: 0)
        /// Connections between their handler's answer and the end of its delivery; `stop()`
        /// waits for them after shutting their sockets, which ends every delivery at once.
        private let deliveries = DispatchGroup()
        private let sentBodyBytes = Atomic<Int>(0)

        private struct State {
            var stopped = false
            var connections: Set<Int32> = []
        }

        private static let maxHeaderBytes = 64 * 1024

        init(port: UInt16, handler: @escaping Handler) throws {
            let fd = socket(AF_INET, Self.streamType, 0)
            guard fd >= 0 else { throw StartError.cannotListen(port: port, reason: Self.lastError()) }
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
                throw StartError.cannotListen(port: port, reason: reason)
            }
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            self.listener = fd
            self.port = UInt16(bigEndian: address.sin_port)
            self.handler = handler
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
            acceptLoopEnded.wait()
        }

        func acceptLoop() {
            defer { acceptLoopEnded.signal() }
            while true {
                let connection = accept(listener, nil, nil)
                if connection < 0 {
                    if state.withLock({ $0.stopped }) { return }
                    if errno == EINTR || errno == ECONNABORTED { continue }
                    return
                }
                let accepted = state.withLock { state -> Bool in
                    guard !state.stopped else { return false }
                    state.connections.insert(connection)
                    return true
                }
                guard accepted else {
                    close(connection)
                    return
                }
                configure(connection)
                let thread = Thread { [self] in serve(connection) }
                thread.name = "loopback-connection"
                thread.start()
            }
        }

        private func configure(_ connection: Int32) {
            var yes: Int32 = 1
            setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
            #if canImport(Darwin)
                setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
            #endif
        }

        private func serve(_ connection: Int32) {
            defer {
                state.withLock { state in
                    state.connections.remove(connection)
                    close(connection)
                }
            }
            var reader = RequestReader(maxHeaderBytes: Self.maxHeaderBytes)
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let parsed: RequestReader.Result
                do {
                    parsed = try reader.next()
                } catch {
                    let response = HTTPResponse(status: 400, body: Data("\(error)\n".utf8))
                    _ = deliver(response, keepAlive: false, on: connection)
                    return
                }
                switch parsed {
                case .needMoreBytes:
                    let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
                    guard count > 0 else { return }
                    reader.append(chunk[0..<count])
                case .request(var request, let keepAlive):
                    request.serverPort = port
                    let response = handler(request)
                    guard deliver(response, keepAlive: keepAlive, on: connection) else { return }
                }
            }
        }

        /// Sends `response` as its delivery says; true when the connection may carry the
        /// next request.
        private func deliver(_ response: HTTPResponse, keepAlive: Bool, on connection: Int32) -> Bool {
            deliveries.enter()
            defer { deliveries.leave() }
            let head = response.head(keepAlive: keepAlive)
            let body = response.sentBody
            switch response.effectiveDelivery {
            case .whole:
                var data = head
                data.append(body)
                return send(data, bodyFrom: head.count, on: connection) && keepAlive
            case .hangUp:
                return false
            case .reset:
                // Linger on with a zero timeout: the `close` that ends `serve` sends an RST.
                var option = linger(l_onoff: 1, l_linger: 0)
                setsockopt(connection, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
                return false
            case let .truncated(afterBytes):
                var data = head
                data.append(body.prefix(max(0, afterBytes)))
                _ = send(data, bodyFrom: head.count, on: connection)
                return false
            case .endless:
                guard send(head, bodyFrom: head.count, on: connection) else { return false }
                let unit = Self.endlessUnit(repeating: body)
                while send(unit, bodyFrom: 0, on: connection) {}
                return false
            case let .trickle(bytes, every):
                guard send(head, bodyFrom: head.count, on: connection) else { return false }
                let step = max(1, bytes)
                var offset = body.startIndex
                while offset < body.endIndex {
                    if offset > body.startIndex, waitForHangUp(of: connection, upTo: every) { return false }
                    let end = body.index(offset, offsetBy: step, limitedBy: body.endIndex) ?? body.endIndex
                    guard send(body[offset..<end], bodyFrom: 0, on: connection) else { return false }
                    offset = end
                }
                return keepAlive
            case .hang:
                var chunk = [UInt8](repeating: 0, count: 16 * 1024)
                while true {
                    let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { return false }
                }
            }
        }

        /// Sends all of `data`, counting the bytes from `bodyOffset` on as body bytes; false
        /// once the connection fails.
        private func send(_ data: Data, bodyFrom bodyOffset: Int, on connection: Int32) -> Bool {
            data.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let sent = sendWithoutSignal(connection, buffer.baseAddress! + offset, buffer.count - offset)
                    if sent < 0 && errno == EINTR { continue }
                    guard sent > 0 else { return false }
                    let bodyBytes = offset + sent - max(offset, bodyOffset)
                    if bodyBytes > 0 { sentBodyBytes.add(bodyBytes, ordering: .relaxed) }
                    offset += sent
                }
                return true
            }
        }

        /// Waits up to `duration` for the client to close the connection or `stop()` to shut
        /// it down; true when one of them did, false when the time ran out.
        private func waitForHangUp(of connection: Int32, upTo duration: Duration) -> Bool {
            let (seconds, attoseconds) = duration.components
            let roundedUp = min(seconds, Int64(Int32.max)) * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
            let timeout = Int32(clamping: max(0, roundedUp))
            // Linux reports the peer's FIN as POLLRDHUP without waking for bytes the client
            // sends meanwhile; elsewhere POLLIN wakes for both, and a peek tells them apart.
            var descriptor = pollfd(fd: connection, events: Self.hangUpEvents, revents: 0)
            while true {
                let ready = poll(&descriptor, 1, timeout)
                if ready < 0 && errno == EINTR { continue }
                guard ready > 0 else { return ready < 0 }
                #if canImport(Glibc)
                    return true
                #else
                    if descriptor.revents & Int16(POLLIN) == 0 { return true }
                    var byte: UInt8 = 0
                    if recv(connection, &byte, 1, MSG_PEEK | MSG_DONTWAIT) <= 0 { return true }
                    // The client sent more (a pipelined request): let the pause run out.
                    _ = poll(nil, 0, timeout)
                    return false
                #endif
            }
        }

        /// The body repeated to at least 64 KiB, so an endless body costs few `send` calls.
        private static func endlessUnit(repeating body: Data) -> Data {
            let piece = body.isEmpty ? Data(repeating: UInt8(ascii: "x"), count: 16 * 1024) : body
            var unit = Data(capacity: max(piece.count, 64 * 1024))
            repeat {
                unit.append(piece)
            } while unit.count < 64 * 1024
            return unit
        }

        private static var hangUpEvents: Int16 {
            #if canImport(Glibc)
                0x2000  // POLLRDHUP, which Glibc's Swift module leaves out (it needs _GNU_SOURCE)
            #else
                Int16(POLLIN)
            #endif
        }

        private static var streamType: Int32 {
            #if canImport(Glibc)
                Int32(SOCK_STREAM.rawValue)
            #else
                SOCK_STREAM
            #endif
        }

        private static func lastError() -> String {
            String(cString: strerror(errno))
        }
    }
}

@inline(__always)
private func sendWithoutSignal(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.send(fd, pointer, count, Int32(MSG_NOSIGNAL))
    #else
        Darwin.send(fd, pointer, count, 0)
    #endif
}
