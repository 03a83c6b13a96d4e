import Foundation
import LoopbackHTTP
import Synchronization
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The fault modes a client is tested against, seen through a raw socket on 127.0.0.1.
final class LoopbackHTTPServerDeliveryTests: XCTestCase {
    // MARK: - Truncated

    func test_serve_sendsOnlyTheFirstBytesOfATruncatedBody() throws {
        let server = try makeLoopbackServer { _ in
            HTTPResponse(status: 200, body: Data("0123456789".utf8), delivery: .truncated(afterBytes: 4))
        }
        let client = try LoopbackSocketClient(port: server.port)

        client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
        let head = try XCTUnwrap(client.readHead())
        let (rest, end) = client.readToEnd()
        server.stop()

        XCTAssertTrue(head.head.contains("\r\nContent-Length: 10\r\n"), head.head)
        XCTAssertEqual(head.bodyStart + rest, Array("0123".utf8))
        XCTAssertEqual(end, .closed, "the connection closes after the first bytes, although the client asked to keep it")
        XCTAssertEqual(server.bodyBytesSent, 4)
    }

    func test_serve_sendsTheWholeBodyThenClosesWhenTruncatedAfterMoreBytesThanItHas() throws {
        let server = try makeLoopbackServer { _ in HTTPResponse(status: 200, body: Data("abc".utf8), delivery: .truncated(afterBytes: 99)) }
        let client = try LoopbackSocketClient(port: server.port)

        client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
        let (received, end) = client.readToEnd()

        XCTAssertTrue(text(received).hasSuffix("Content-Length: 3\r\nConnection: keep-alive\r\n\r\nabc"), text(received))
        XCTAssertEqual(end, .closed)
    }

    // MARK: - Reset

    func test_serve_resetsTheConnectionWithoutAnswering() throws {
        let server = try makeLoopbackServer { _ in HTTPResponse(status: 200, body: Data("never".utf8), delivery: .reset) }
        let client = try LoopbackSocketClient(port: server.port)

        client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
        let (received, end) = client.readToEnd()

        XCTAssertEqual(received, [])
        XCTAssertEqual(end, .failed(errno: ECONNRESET), "\(end)")
    }

    // MARK: - Endless

    func test_serve_repeatsAnEndlessBodyUntilTheClientCloses() throws {
        let server = try makeLoopbackServer { _ in HTTPResponse(status: 200, body: Data("abc".utf8), delivery: .endless) }
        let client = try LoopbackSocketClient(port: server.port)

        client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
        let head = try XCTUnwrap(client.readHead())
        let start = head.bodyStart + client.read(atLeast: 30 - head.bodyStart.count)
        let received = start.count + client.discard(atLeast: 1 << 20)
        client.close()
        server.stop()
        let sent = server.bodyBytesSent

        XCTAssertFalse(head.head.lowercased().contains("content-length"), head.head)
        XCTAssertTrue(head.head.hasSuffix("\r\nConnection: close\r\n\r\n"), head.head)
        XCTAssertEqual(Array(start.prefix(30)), Array(String(repeating: "abc", count: 10).utf8))
        XCTAssertGreaterThan(received, 1 << 20)
        XCTAssertGreaterThanOrEqual(sent, received)
        XCTAssertLessThan(sent, received + (64 << 20), "the server stops sending soon after the client closes")
        XCTAssertEqual(server.bodyBytesSent, sent, "nothing is sent after stop() returned")
    }

    func test_serve_repeatsSixteenKiBOfXForAnEndlessEmptyBody() throws {
        let server = try makeLoopbackServer { _ in HTTPResponse(status: 200, delivery: .endless) }
        let client = try LoopbackSocketClient(port: server.port)

        client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
        let head = try XCTUnwrap(client.readHead())
        let start = head.bodyStart + client.read(atLeast: 40_000 - head.bodyStart.count)

        XCTAssertEqual(Array(start.prefix(40_000)), [UInt8](repeating: UInt8(ascii: "x"), count: 40_000))
    }

    func test_stop_endsAnEndlessBodyAndEveryCountedByteReachesTheClient() throws {
        let server = try makeLoopbackServer { _ in HTTPResponse(status: 200, body: Data("abc".utf8), delivery: .endless) }
        let client = try LoopbackSocketClient(port: server.port)
        client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
        let head = try XCTUnwrap(client.readHead())
        let before = head.bodyStart.count + client.discard(atLeast: 100_000)

        stopPromptly(server)
        let after = client.discard(atLeast: .max)

        XCTAssertEqual(before + after, server.bodyBytesSent, "the client reads to the end what the server counted")
    }

    // MARK: - Trickle

    func test_serve_tricklesTheWholeBodyInPieces() throws {
        let body = Data((0..<64).map { UInt8($0) })
        let server = try makeLoopbackServer { _ in HTTPResponse(status: 200, body: body, delivery: .trickle(bytes: 4, every: .milliseconds(1))) }
        let client = try LoopbackSocketClient(port: server.port)

        client.send("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        let head = try XCTUnwrap(client.readHead())
        let pieces = client.readPiecesUntilClosed()
        server.stop()

        XCTAssertTrue(head.head.contains("\r\nContent-Length: 64\r\n"), head.head)
        XCTAssertEqual(head.bodyStart + pieces.joined(), Array(body))
        XCTAssertGreaterThan(pieces.count, 1, "the body comes in several reads")
        XCTAssertEqual(server.bodyBytesSent, 64)
    }

    func test_serve_keepsTheConnectionForTheNextRequestAfterATrickle() throws {
        let script = HTTPResponseScript([
            HTTPResponse(status: 200, body: Data("slow".utf8), delivery: .trickle(bytes: 1, every: .milliseconds(1))),
            HTTPResponse(status: 200, body: Data("fast".utf8)),
        ])
        let server = try makeLoopbackServer(handler: script.next)
        let client = try LoopbackSocketClient(port: server.port)

        client.send("GET /1 HTTP/1.1\r\nHost: h\r\n\r\n")
        let first = client.readOneResponse()
        client.send("GET /2 HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        let second = client.readUntilClosed()

        XCTAssertEqual(first?.hasSuffix("Connection: keep-alive\r\n\r\nslow"), true, first ?? "nothing")
        XCTAssertTrue(second.hasSuffix("\r\n\r\nfast"), second)
    }

    func test_stop_cutsATrickleShort() throws {
        let server = try makeLoopbackServer { _ in
            HTTPResponse(status: 200, body: Data("0123456789".utf8), delivery: .trickle(bytes: 2, every: .seconds(3600)))
        }
        let client = try LoopbackSocketClient(port: server.port)
        client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
        let head = try XCTUnwrap(client.readHead())
        let firstPiece = head.bodyStart + client.read(atLeast: 2 - head.bodyStart.count)

        stopPromptly(server)
        let (rest, end) = client.readToEnd()

        XCTAssertEqual(firstPiece, Array("01".utf8))
        XCTAssertEqual(rest, [])
        XCTAssertEqual(end, .closed)
        XCTAssertEqual(server.bodyBytesSent, 2)
    }

    // MARK: - Hang

    func test_serve_neverAnswersAHangingRequestAndClosesWhenTheServerStops() throws {
        let handled = DispatchSemaphore(value: 0)
        let server = try makeLoopbackServer { _ in
            handled.signal()
            return HTTPResponse(status: 200, body: Data("never".utf8), delivery: .hang)
        }
        let client = try LoopbackSocketClient(port: server.port)
        client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
        XCTAssertEqual(handled.wait(timeout: .now() + 10), .success, "the handler was never called")

        XCTAssertTrue(client.isWaitingForBytes(), "no answer and no close before the server stops")
        let stopped = stopInBackground(server)
        let (received, end) = client.readToEnd()

        XCTAssertEqual(stopped.wait(timeout: .now() + 10), .success, "stop() waited for the hanging connection")
        XCTAssertEqual(received, [])
        XCTAssertEqual(end, .closed)
    }

    // MARK: - Client hang-ups

    func test_onClientHangUp_isToldWhenTheClientClosesAHangingOrTricklingConnection() throws {
        let hangUps = DispatchSemaphore(value: 0)
        let script = HTTPResponseScript([
            HTTPResponse(status: 200, delivery: .hang),
            HTTPResponse(status: 200, body: Data("0123456789".utf8), delivery: .trickle(bytes: 2, every: .seconds(3600))),
        ])
        let server = try LoopbackHTTPServer(onClientHangUp: { hangUps.signal() }, handler: script.next)
        addTeardownBlock { server.stop() }

        let hanging = try LoopbackSocketClient(port: server.port)
        hanging.send("GET /hang HTTP/1.1\r\nHost: h\r\n\r\n")
        hanging.close()
        XCTAssertEqual(hangUps.wait(timeout: .now() + 10), .success, "no hang-up reported for the hanging answer")

        let trickling = try LoopbackSocketClient(port: server.port)
        trickling.send("GET /trickle HTTP/1.1\r\nHost: h\r\n\r\n")
        XCTAssertNotNil(trickling.readHead(), "the trickle began")
        trickling.close()
        XCTAssertEqual(hangUps.wait(timeout: .now() + 10), .success, "no hang-up reported for the trickling answer")
    }

    func test_onClientHangUp_isNotToldWhenStopEndsAHangingConnection() throws {
        let handled = DispatchSemaphore(value: 0)
        let hangUps = Mutex(0)
        let server = try LoopbackHTTPServer(
            onClientHangUp: { hangUps.withLock { $0 += 1 } },
            handler: { _ in
                handled.signal()
                return HTTPResponse(status: 200, delivery: .hang)
            })
        let client = try LoopbackSocketClient(port: server.port)
        client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
        XCTAssertEqual(handled.wait(timeout: .now() + 10), .success, "the handler was never called")

        stopPromptly(server)
        client.close()

        XCTAssertEqual(hangUps.withLock { $0 }, 0)
    }

    // MARK: - Helpers

    /// Stops `server` on another thread; the semaphore is signalled once `stop()` returned.
    private func stopInBackground(_ server: LoopbackHTTPServer) -> DispatchSemaphore {
        let stopped = DispatchSemaphore(value: 0)
        Thread {
            server.stop()
            stopped.signal()
        }.start()
        return stopped
    }

    /// Stops `server`, failing the test instead of hanging it when `stop()` does not return.
    private func stopPromptly(_ server: LoopbackHTTPServer, file: StaticString = #filePath, line: UInt = #line) {
        let stopped = stopInBackground(server)
        XCTAssertEqual(stopped.wait(timeout: .now() + 10), .success, "stop() did not return", file: file, line: line)
    }

    private func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
