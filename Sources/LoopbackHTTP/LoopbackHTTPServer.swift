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
/// block (a test can hold an answer back). `stop()` closes the listening socket and every
/// open connection: afterwards the port refuses connections, as a switched-off API does.
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

    /// Stops accepting and drops every open connection; returns once the port is closed.
    public func stop() {
        core.stop()
    }

    private final class Core: Sendable {
        let port: UInt16
        private let listener: Int32
        private let handler: Handler
        private let state = Mutex(State())
        private let acceptLoopEnded = DispatchSemaphore(value: 0)

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

        func stop() {
            let alreadyStopped = state.withLock { state -> Bool in
                if state.stopped { return true }
                state.stopped = true
                for connection in state.connections {
                    shutdown(connection, Int32(SHUT_RDWR))
                }
                return false
            }
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
                    _ = send(response.serialized(keepAlive: false), on: connection)
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
                    if response.hangsUp { return }
                    guard send(response.serialized(keepAlive: keepAlive), on: connection), keepAlive else { return }
                }
            }
        }

        private func send(_ data: Data, on connection: Int32) -> Bool {
            data.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let sent = sendWithoutSignal(connection, buffer.baseAddress! + offset, buffer.count - offset)
                    if sent < 0 && errno == EINTR { continue }
                    guard sent > 0 else { return false }
                    offset += sent
                }
                return true
            }
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
