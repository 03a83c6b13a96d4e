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
    private let listener: Int32
    private let handler: LoopbackHTTPServer.Handler
    let onClientHangUp: (@Sendable () -> Void)?
    private let state = Mutex(State())
    private let acceptLoopEnded = DispatchSemaphore(value: 0)
    /// Connections between their handler's answer and the end of its delivery; `stop()`
    /// waits for them after shutting their sockets, which ends every delivery at once.
    let deliveries = DispatchGroup()
    let sentBodyBytes = Atomic<Int>(0)

    private struct State {
        var stopped = false
        var connections: Set<Int32> = []
    }

    private static let maxHeaderBytes = 64 * 1024

    init(port: UInt16, onClientHangUp: (@Sendable () -> Void)?, handler: @escaping LoopbackHTTPServer.Handler) throws {
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
        acceptLoopEnded.wait()
    }

    func acceptLoop() {
        defer { acceptLoopEnded.signal() }
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if isStopped { return }
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
                guard deliver(response, keepAlive: keepAlive, headOnly: request.method == "HEAD", on: connection) else { return }
            }
        }
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
