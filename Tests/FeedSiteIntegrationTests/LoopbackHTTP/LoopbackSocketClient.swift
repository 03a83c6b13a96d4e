import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A blocking TCP client on 127.0.0.1 that speaks raw bytes, for the server tests an HTTP client
/// cannot express (pipelining, HTTP/1.0, malformed requests, dropped, reset, truncated,
/// endless and trickled answers).
///
/// Reads give up after `safetyTimeout` seconds so a broken server fails a test instead of
/// hanging it; no test relies on that timer.
final class LoopbackSocketClient {
    struct ConnectError: Error, CustomStringConvertible {
        let errno: Int32
        var description: String { "connect failed: \(String(cString: strerror(errno)))" }
    }

    /// How the byte stream ended.
    enum End: Equatable, CustomStringConvertible {
        /// An orderly close (EOF).
        case closed
        /// A failed read, such as `ECONNRESET`, or `EAGAIN` when the safety timeout ran out.
        case failed(errno: Int32)

        var description: String {
            switch self {
            case .closed: "closed"
            case let .failed(code): "failed: \(String(cString: strerror(code)))"
            }
        }
    }

    private var fd: Int32
    private let safetyTimeout: Int

    init(port: UInt16, safetyTimeout: Int = 10) throws {
        self.safetyTimeout = safetyTimeout
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var timeout = timeval(tv_sec: safetyTimeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            closeSocket(fd)
            throw ConnectError(errno: code)
        }
        self.fd = fd
    }

    deinit {
        close()
    }

    /// Closes the connection now, as a client that gives up; later reads see nothing.
    func close() {
        guard fd >= 0 else { return }
        closeSocket(fd)
        fd = -1
    }

    func send(_ text: String) {
        send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                    let sent = Glibc.send(fd, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                #else
                    let sent = Darwin.send(fd, buffer.baseAddress! + offset, buffer.count - offset, 0)
                #endif
                guard sent > 0 else { return }
                offset += sent
            }
        }
    }

    /// Everything the server sends until it closes the connection.
    func readUntilClosed() -> String {
        var received: [UInt8] = []
        while let chunk = receive() {
            received += chunk
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// One response (head and `Content-Length` body), leaving the connection open.
    func readOneResponse() -> String? {
        var received: [UInt8] = []
        while true {
            let text = String(decoding: received, as: UTF8.self)
            if let headEnd = text.range(of: "\r\n\r\n") {
                let head = text[..<headEnd.lowerBound]
                let length =
                    head.components(separatedBy: "\r\n")
                    .first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                let headBytes = text[..<headEnd.upperBound].utf8.count
                if received.count >= headBytes + length { return text }
            }
            guard let chunk = receive() else { return received.isEmpty ? nil : text }
            received += chunk
        }
    }

    /// Everything the server sends until the stream ends, and how it ended.
    func readToEnd() -> (bytes: [UInt8], end: End) {
        var received: [UInt8] = []
        while true {
            switch receiveOrEnd() {
            case let .bytes(chunk): received += chunk
            case let .end(end): return (received, end)
            }
        }
    }

    /// The response head up to its blank line, and the body bytes that came with it; nil if
    /// the stream ended first.
    func readHead() -> (head: String, bodyStart: [UInt8])? {
        var received: [UInt8] = []
        let blankLine: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            if let end = received.firstRange(of: blankLine) {
                return (String(decoding: received[..<end.upperBound], as: UTF8.self), Array(received[end.upperBound...]))
            }
            guard let chunk = receive() else { return nil }
            received += chunk
        }
    }

    /// Reads until at least `count` bytes arrived or the stream ended; returns all it read.
    func read(atLeast count: Int) -> [UInt8] {
        var received: [UInt8] = []
        while received.count < count, let chunk = receive() {
            received += chunk
        }
        return received
    }

    /// Reads and drops bytes until at least `count` arrived or the stream ended; returns how
    /// many it read.
    func discard(atLeast count: Int) -> Int {
        var read = 0
        while read < count, let chunk = receive() {
            read += chunk.count
        }
        return read
    }

    /// Everything until the stream ends, one element for each read that returned bytes.
    func readPiecesUntilClosed() -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        while let chunk = receive() {
            pieces.append(chunk)
        }
        return pieces
    }

    /// True when the connection is open with nothing to read yet: a read would block.
    func isWaitingForBytes() -> Bool {
        var byte: UInt8 = 0
        let count = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
    }

    /// Blocks, reading nothing, until the server resets the connection (or the safety
    /// timeout passes); true when it was reset. Bytes waiting to be read do not wake it.
    func waitForReset() -> Bool {
        var descriptor = pollfd(fd: fd, events: 0, revents: 0)
        while true {
            let ready = poll(&descriptor, 1, Int32(safetyTimeout * 1000))
            if ready < 0 && errno == EINTR { continue }
            return ready > 0 && descriptor.revents & Int16(POLLERR | POLLHUP) != 0
        }
    }

    private enum Received {
        case bytes([UInt8])
        case end(End)
    }

    /// The next bytes, or nil at end of stream (or on the safety timeout).
    private func receive() -> [UInt8]? {
        guard case let .bytes(chunk) = receiveOrEnd() else { return nil }
        return chunk
    }

    private func receiveOrEnd() -> Received {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 { return .bytes(Array(chunk[0..<count])) }
            if count == 0 { return .end(.closed) }
            if errno != EINTR { return .end(.failed(errno: errno)) }
        }
    }
}

@inline(__always)
private func closeSocket(_ fd: Int32) {
    #if canImport(Glibc)
        _ = Glibc.close(fd)
    #else
        _ = Darwin.close(fd)
    #endif
}
