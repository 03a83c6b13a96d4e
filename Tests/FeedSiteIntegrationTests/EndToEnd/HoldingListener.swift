import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A port on 127.0.0.1 that takes every HTTP request and never completes one: each
/// connection's request head is read and counted as held, then the connection is kept until
/// the client closes it, which is counted too. It shows a test which requests a client gave up.
final class HoldingListener: Sendable {
    /// What a held request gets.
    enum Answer {
        /// Nothing at all.
        case none
        /// A PNG's head with a 32 MiB `Content-Length`, then 4 KiB of body every quarter of a
        /// second, fast enough for any low-speed limit and endless for any test: a transfer
        /// that only its timeout or its cancellation can end.
        case endlessImage
    }

    let port: UInt16
    private let answer: Answer
    private let listener: Int32
    private let state = Mutex(State())
    private let changed = DispatchSemaphore(value: 0)
    private let acceptLoopEnded = DispatchSemaphore(value: 0)

    private struct State {
        var held = 0
        /// Held connections the client closed (end of stream or reset).
        var closedByClient = 0
        var connections: Set<Int32> = []
        var stopped = false
    }

    init(answering answer: Answer) throws {
        let listener = socket(AF_INET, Self.streamType, 0)
        var address = sockaddr_in()
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 64) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard listener >= 0, bound else {
            let error = errno
            if listener >= 0 { close(listener) }
            throw NSError(domain: "HoldingListener", code: Int(error))
        }
        self.answer = answer
        self.listener = listener
        self.port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "holding-accept"
        thread.start()
    }

    var held: Int { state.withLock { $0.held } }
    var closedByClient: Int { state.withLock { $0.closedByClient } }

    /// Blocks until `condition` holds for the counts, or a generous safety limit passes;
    /// true when it holds.
    func wait(until condition: (_ held: Int, _ closedByClient: Int) -> Bool) -> Bool {
        let deadline = DispatchTime.now() + 60
        while !state.withLock({ condition($0.held, $0.closedByClient) }) {
            guard changed.wait(timeout: deadline) == .success else { return false }
        }
        return true
    }

    /// Closes the port and every connection still open; what closes afterwards is not
    /// counted as the client's doing.
    func stop() {
        let first = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.stopped = true
            for connection in state.connections {
                shutdown(connection, Int32(SHUT_RDWR))
            }
            return true
        }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        acceptLoopEnded.wait()
        close(listener)
    }

    private func acceptLoop() {
        defer { acceptLoopEnded.signal() }
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR || errno == ECONNABORTED, !state.withLock({ $0.stopped }) { continue }
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
            #if canImport(Darwin)
                var yes: Int32 = 1
                setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
            #endif
            let thread = Thread { [self] in hold(connection) }
            thread.name = "holding-connection"
            thread.start()
        }
    }

    /// Reads the request head, then waits for the client to close.
    private func hold(_ connection: Int32) {
        defer {
            state.withLock { state in
                state.connections.remove(connection)
                close(connection)
            }
        }
        var received = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !String(decoding: received, as: UTF8.self).contains("\r\n\r\n") {
            guard let count = read(connection, into: &chunk) else { return }
            received.append(contentsOf: chunk[0..<count])
        }
        count { $0.held += 1 }
        if answer == .endlessImage { trickleImage(on: connection) }
        while read(connection, into: &chunk) != nil {}
        count { state in
            if !state.stopped { state.closedByClient += 1 }
        }
    }

    /// Sends the endless image until the client closes the connection (the client sends
    /// nothing more, so the connection turns readable only then) or a send fails.
    private func trickleImage(on connection: Int32) {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: \(32 * 1024 * 1024)\r\n\r\n"
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard send(Array(head.utf8) + signature, on: connection) else { return }
        let piece = [UInt8](repeating: 0, count: 4096)
        while true {
            var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 250)
            if ready < 0 && errno == EINTR { continue }
            guard ready == 0, send(piece, on: connection) else { return }
        }
    }

    private func send(_ bytes: [UInt8], on connection: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                    let sent = Glibc.send(connection, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                #else
                    let sent = Darwin.send(connection, buffer.baseAddress! + offset, buffer.count - offset, 0)
                #endif
                if sent < 0 && errno == EINTR { continue }
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }

    /// The bytes read, or `nil` once the connection ended.
    private func read(_ connection: Int32, into chunk: inout [UInt8]) -> Int? {
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            return count > 0 ? count : nil
        }
    }

    private func count(_ change: (inout State) -> Void) {
        state.withLock { change(&$0) }
        changed.signal()
    }

    private static var streamType: Int32 {
        #if canImport(Glibc)
            Int32(SOCK_STREAM.rawValue)
        #else
            SOCK_STREAM
        #endif
    }
}
