#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation

/// A blocking TCP client on 127.0.0.1 that speaks raw bytes, for the server tests URLSession
/// cannot express (pipelining, HTTP/1.0, malformed requests, dropped connections).
///
/// Reads give up after `safetyTimeout` seconds so a broken server fails a test instead of
/// hanging it; no test relies on that timer.
final class LoopbackSocketClient {
    struct ConnectError: Error, CustomStringConvertible {
        let errno: Int32
        var description: String { "connect failed: \(String(cString: strerror(errno)))" }
    }

    private let fd: Int32

    init(port: UInt16, safetyTimeout: Int = 10) throws {
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
        closeSocket(fd)
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
                let length = head.components(separatedBy: "\r\n")
                    .first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                let headBytes = text[..<headEnd.upperBound].utf8.count
                if received.count >= headBytes + length { return text }
            }
            guard let chunk = receive() else { return received.isEmpty ? nil : text }
            received += chunk
        }
    }

    /// The next bytes, or nil at end of stream (or on the safety timeout).
    private func receive() -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Array(chunk[0..<count])
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
