import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Sending an answer as its `delivery` says: whole, cut short, endless, trickling, or not at all.
extension LoopbackServerCore {
    /// Sends `response`, or only its head when it answers a `HEAD` request (`headOnly`);
    /// true when the connection stays open for the next request.
    func deliver(_ response: HTTPResponse, keepAlive: Bool, headOnly: Bool = false, on connection: Int32) -> Bool {
        deliveries.enter()
        defer { deliveries.leave() }
        let head = response.head(keepAlive: keepAlive, headOnly: headOnly)
        let body = response.sentBody
        switch response.effectiveDelivery(headOnly: headOnly) {
        case .whole:
            if headOnly { return send(head, bodyFrom: head.count, on: connection) && keepAlive }
            if let file = response.bodyFile, response.sentBodyLength > 0 {
                return send(head, bodyFrom: head.count, on: connection) && send(file, on: connection) && keepAlive
            }
            var data = head
            data.append(body)
            return send(data, bodyFrom: head.count, on: connection) && keepAlive
        case .hangUp:
            return false
        case .reset:
            Self.resetOnClose(connection)
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
            return clientHungUp()
        case let .trickle(bytes, every):
            guard send(head, bodyFrom: head.count, on: connection) else { return false }
            let step = max(1, bytes)
            var offset = body.startIndex
            while offset < body.endIndex {
                if offset > body.startIndex, waitForHangUp(of: connection, upTo: every) { return clientHungUp() }
                let end = body.index(offset, offsetBy: step, limitedBy: body.endIndex) ?? body.endIndex
                guard send(body[offset..<end], bodyFrom: 0, on: connection) else { return clientHungUp() }
                offset = end
            }
            return keepAlive
        case .hang:
            var chunk = [UInt8](repeating: 0, count: 16 * 1024)
            while true {
                let count = chunk.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return clientHungUp() }
            }
        }
    }

    /// Tells `onClientHangUp` that the client went away from an answer it was being held,
    /// trickled or flooded with, unless `stop()` is what ended it; false, for `deliver`.
    private func clientHungUp() -> Bool {
        if !isStopped { onClientHangUp?() }
        return false
    }

    /// Answers a connection past the limit with 503 and closes it, on the accept thread:
    /// without waiting, which a new connection's empty send buffer never needs.
    func turnAway(_ connection: Int32) {
        let answer = Self.plain(503, "too many connections; try again shortly")
        let data = answer.serialized(keepAlive: false)
        _ = data.withUnsafeBytes { send($0, bodyFrom: data.count - answer.body.count, on: connection, waiting: false) }
        // Reads what the request already sent, if anything: closing with it unread would
        // reset the connection, and the client might lose the answer. Never more than a few
        // reads: this is the accept loop's thread, which a client sending without end must
        // not hold.
        var byte = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<16 {
            guard byte.withUnsafeMutableBytes({ recv(connection, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }) > 0 else { break }
        }
        close(connection)
    }

    /// Makes the `close` that ends the connection send an RST: linger on with no time.
    static func resetOnClose(_ connection: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(connection, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// Sends all of `data`, counting the bytes from `bodyOffset` on as body bytes; false
    /// once the connection fails.
    func send(_ data: Data, bodyFrom bodyOffset: Int, on connection: Int32) -> Bool {
        data.withUnsafeBytes { send($0, bodyFrom: bodyOffset, on: connection) }
    }

    /// Sends all of `buffer`; false once the connection fails, or when no byte could go out
    /// for the idle time (or at once, unless `waiting`): a client that leaves its answer
    /// unread is reset, which frees its socket's buffers at once.
    private func send(_ buffer: UnsafeRawBufferPointer, bodyFrom bodyOffset: Int, on connection: Int32, waiting: Bool = true) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let sent = sendWithoutSignal(connection, buffer.baseAddress! + offset, buffer.count - offset, waiting: waiting)
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else {
                if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { Self.resetOnClose(connection) }
                return false
            }
            let bodyBytes = offset + sent - max(offset, bodyOffset)
            if bodyBytes > 0 { sentBodyBytes.add(bodyBytes, ordering: .relaxed) }
            offset += sent
        }
        return true
    }

    /// Sends the file's `length` bytes, 64 KiB at a time; false once the connection fails,
    /// or the file cannot be read or has become shorter, which leaves the client short of
    /// the promised length: the connection must close.
    private func send(_ file: HTTPBodyFile, on connection: Int32) -> Bool {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
        defer { buffer.deallocate() }
        var offset = 0
        while offset < file.length {
            let wanted = min(buffer.count, file.length - offset)
            let count = file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<wanted]), at: offset)
            guard count > 0, send(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), bodyFrom: 0, on: connection) else { return false }
            offset += count
        }
        return true
    }

    /// Waits up to `duration` for the client to close the connection or `stop()` to shut
    /// it down; true when one of them did, false when the time ran out.
    func waitForHangUp(of connection: Int32, upTo duration: Duration) -> Bool {
        let timeout = Self.milliseconds(duration)
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
    static func endlessUnit(repeating body: Data) -> Data {
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
}

@inline(__always)
private func sendWithoutSignal(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int, waiting: Bool) -> Int {
    let flags = waiting ? 0 : Int32(MSG_DONTWAIT)
    #if canImport(Glibc)
        return Glibc.send(fd, pointer, count, flags | Int32(MSG_NOSIGNAL))
    #else
        return Darwin.send(fd, pointer, count, flags)
    #endif
}
