import Foundation
import Synchronization
import XCTest

@testable import LoopbackHTTP

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a client can make the server hold, through a raw socket on 127.0.0.1: bodies,
/// connections, idle time, and a server out of file descriptors that goes on accepting.
/// Time limits are set short here and waited out on the socket, never slept.
final class LoopbackHTTPServerLimitsTests: XCTestCase {
    // MARK: - Bodies

    func test_serve_answersAGETThatAnnouncesAHugeBody400AtOnceWithoutReadingIt() throws {
        let (server, script) = try makeRecordingServer()
        let client = try LoopbackSocketClient(port: server.port)

        client.send("GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 1572864010\r\n\r\n")
        let received = client.readUntilClosed()

        XCTAssertTrue(received.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), received)
        XCTAssertTrue(received.hasSuffix("\r\n\r\na GET request has no body\n"), received)
        XCTAssertEqual(script.count, 0, "the handler saw nothing")
    }

    func test_serve_answers413ToABodyLargerThanTheLimitAndHandsOnNothing() throws {
        let (server, script) = try makeRecordingServer(limits: LoopbackHTTPServer.Limits(maxBodyBytes: 1000))
        let client = try LoopbackSocketClient(port: server.port)

        client.send("POST /upload HTTP/1.1\r\nHost: h\r\nContent-Length: 300000\r\n\r\n")
        client.send([UInt8](repeating: UInt8(ascii: "x"), count: 300_000))
        let received = client.readUntilClosed()

        XCTAssertTrue(received.hasPrefix("HTTP/1.1 413 Content Too Large\r\n"), received)
        XCTAssertTrue(received.hasSuffix("\r\n\r\nrequest body larger than 1000 bytes\n"), received)
        XCTAssertEqual(script.count, 0, "the handler saw nothing")
    }

    func test_serve_handsOnABodyOfExactlyTheLimit() throws {
        let server = try makeServer(limits: LoopbackHTTPServer.Limits(maxBodyBytes: 1000)) { request in
            HTTPResponse(status: 200, body: Data("\(request.body.count)".utf8))
        }
        let client = try LoopbackSocketClient(port: server.port)

        client.send("POST /upload HTTP/1.1\r\nHost: h\r\nContent-Length: 1000\r\nConnection: close\r\n\r\n")
        client.send([UInt8](repeating: UInt8(ascii: "x"), count: 1000))

        XCTAssertTrue(client.readUntilClosed().hasSuffix("\r\n\r\n1000"))
    }

    // MARK: - Line endings

    func test_serve_answersARequestWhoseLinesEndInABareLF() throws {
        let server = try makeServer { request in HTTPResponse(status: 200, body: Data(request.path.utf8)) }
        let client = try LoopbackSocketClient(port: server.port)

        client.send("GET /lf HTTP/1.1\nHost: h\nConnection: close\n\n")
        let received = client.readUntilClosed()

        XCTAssertTrue(received.hasPrefix("HTTP/1.1 200 OK\r\n"), received)
        XCTAssertTrue(received.hasSuffix("\r\n\r\n/lf"), received)
    }

    // MARK: - Idle time

    func test_serve_closesAConnectionThatSendsNothingWithinTheIdleTime() throws {
        let server = try makeServer(limits: LoopbackHTTPServer.Limits(idleTimeout: .milliseconds(100))) { _ in HTTPResponse(status: 200) }
        let client = try LoopbackSocketClient(port: server.port)

        let (received, end) = client.readToEnd()

        XCTAssertEqual(received, [])
        XCTAssertEqual(end, .closed)
    }

    func test_serve_answers408AndClosesWhenARequestStopsHalfway() throws {
        let (server, script) = try makeRecordingServer(limits: LoopbackHTTPServer.Limits(idleTimeout: .milliseconds(100)))
        let client = try LoopbackSocketClient(port: server.port)

        client.send("GET /slow HTTP/1.1\r\nHost: h")
        let received = client.readUntilClosed()

        XCTAssertTrue(received.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"), received)
        XCTAssertTrue(received.contains("Connection: close\r\n"), received)
        XCTAssertEqual(script.count, 0, "the handler saw nothing")
    }

    func test_serve_closesAKeptAliveConnectionLeftIdleAfterItsAnswer() throws {
        let server = try makeServer(limits: LoopbackHTTPServer.Limits(idleTimeout: .milliseconds(200))) { _ in
            HTTPResponse(status: 200, body: Data("kept".utf8))
        }
        let client = try LoopbackSocketClient(port: server.port)

        client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")
        let answer = client.readOneResponse()
        let (rest, end) = client.readToEnd()

        XCTAssertEqual(answer?.hasSuffix("Connection: keep-alive\r\n\r\nkept"), true, answer ?? "nothing")
        XCTAssertEqual(rest, [], "nothing more is sent on the idle connection")
        XCTAssertEqual(end, .closed)
    }

    /// A client that asks for an answer and reads none of it would hold its thread in a
    /// blocked send: past the idle time the server resets the connection instead.
    func test_serve_resetsAClientThatLeavesItsAnswerUnreadForTheIdleTime() throws {
        let body = Data(repeating: 7, count: 32 * 1024 * 1024)
        let server = try makeServer(limits: LoopbackHTTPServer.Limits(idleTimeout: .milliseconds(100))) { _ in HTTPResponse(status: 200, body: body) }
        let client = try LoopbackSocketClient(port: server.port)

        client.send("GET /large HTTP/1.1\r\nHost: h\r\n\r\n")

        XCTAssertTrue(client.waitForReset(), "the server still holds the connection")
        XCTAssertLessThan(client.readToEnd().bytes.count, body.count)
    }

    // MARK: - Connections

    func test_serve_answers503ToAConnectionPastTheLimitAndAcceptsAgainOnceOneEnds() throws {
        let server = try makeServer(limits: LoopbackHTTPServer.Limits(maxConnections: 1)) { request in
            HTTPResponse(status: 200, body: Data(request.path.utf8))
        }
        let holder = try LoopbackSocketClient(port: server.port)
        holder.send("GET /held HTTP/1.1\r\nHost: h\r\n\r\n")
        XCTAssertEqual(holder.readOneResponse()?.hasSuffix("/held"), true, "the first connection is answered and kept")

        let turnedAway = try LoopbackSocketClient(port: server.port)
        turnedAway.send("GET /more HTTP/1.1\r\nHost: h\r\n\r\n")
        let refusal = turnedAway.readUntilClosed()

        holder.send("GET /last HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        XCTAssertTrue(holder.readUntilClosed().hasSuffix("/last"))
        let next = try LoopbackSocketClient(port: server.port)
        next.send("GET /next HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        let answer = next.readUntilClosed()

        XCTAssertTrue(refusal.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"), refusal)
        XCTAssertTrue(refusal.contains("Connection: close\r\n"), refusal)
        XCTAssertTrue(answer.hasPrefix("HTTP/1.1 200 OK\r\n"), answer)
        XCTAssertTrue(answer.hasSuffix("/next"), answer)
    }

    // MARK: - Out of file descriptors

    /// `accept` fails with EMFILE while the process has no descriptor left; the waiting
    /// connection stays queued, and the server takes it once accepting works again.
    func test_serve_goesOnAcceptingAfterAcceptFailsForWantOfFileDescriptors() throws {
        let failures = Mutex(3)
        let accept: LoopbackServerCore.Accept = { listener in
            let fail = failures.withLock { left in
                defer { left -= 1 }
                return left > 0
            }
            return fail ? .failed(errno: EMFILE) : LoopbackServerCore.systemAccept(listener)
        }
        let server = try makeServer(limits: LoopbackHTTPServer.Limits(acceptRetryDelay: .milliseconds(1)), accept: accept) { _ in
            HTTPResponse(status: 200, body: Data("still here".utf8))
        }
        let client = try LoopbackSocketClient(port: server.port)

        client.send("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")

        XCTAssertTrue(client.readUntilClosed().hasSuffix("\r\n\r\nstill here"))
        XCTAssertLessThan(failures.withLock { $0 }, 0, "every failure was met, and accept called again after them")
    }

    // MARK: - Helpers

    private func makeServer(
        limits: LoopbackHTTPServer.Limits = LoopbackHTTPServer.Limits(), accept: @escaping LoopbackServerCore.Accept = LoopbackServerCore.systemAccept,
        handler: @escaping LoopbackHTTPServer.Handler
    ) throws -> LoopbackHTTPServer {
        let server = try LoopbackHTTPServer(port: 0, limits: limits, onClientHangUp: nil, accept: accept, handler: handler)
        addTeardownBlock { server.stop() }
        return server
    }

    /// A server that answers 200 and records the requests its handler saw.
    private func makeRecordingServer(limits: LoopbackHTTPServer.Limits = LoopbackHTTPServer.Limits()) throws -> (LoopbackHTTPServer, HTTPResponseScript) {
        let script = HTTPResponseScript([HTTPResponse(status: 200)])
        return (try makeServer(limits: limits, handler: script.next), script)
    }
}
