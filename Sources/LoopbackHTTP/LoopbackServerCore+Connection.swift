import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Serving one connection on its own thread: its requests read, answered and delivered, until
/// the client closes it, leaves it idle, or `stop()` shuts it.
extension LoopbackServerCore {
    func configure(_ connection: Int32) {
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

    func serve(_ connection: Int32) {
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
}
