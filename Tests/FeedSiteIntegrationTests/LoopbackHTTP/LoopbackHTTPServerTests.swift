import FeedCore
import Foundation
import HTTP
import LoopbackHTTP
import Synchronization
import TestSupport
import XCTest

final class LoopbackHTTPServerTests: XCTestCase {
    // MARK: - Starting

    func test_init_picksAFreePortWhenAskedForPortZero() throws {
        let first = try makeLoopbackServer { _ in HTTPResponse(status: 200) }
        let second = try makeLoopbackServer { _ in HTTPResponse(status: 200) }

        XCTAssertNotEqual(first.port, 0)
        XCTAssertNotEqual(second.port, 0)
        XCTAssertNotEqual(first.port, second.port)
        XCTAssertEqual(first.baseURL.absoluteString, "http://127.0.0.1:\(first.port)")
    }

    func test_init_throwsCannotListenOnAPortAlreadyInUse() throws {
        let taken = try makeLoopbackServer { _ in HTTPResponse(status: 200) }

        XCTAssertThrowsError(try LoopbackHTTPServer(port: taken.port) { _ in HTTPResponse(status: 200) }) { error in
            guard case let .cannotListen(port, _, _) = error as? LoopbackHTTPServer.StartError else {
                return XCTFail("expected cannotListen, got \(error)")
            }
            XCTAssertEqual(port, taken.port)
            XCTAssertTrue("\(error)".contains("127.0.0.1:\(taken.port)"), "\(error)")
        }
    }

    // MARK: - Serving an HTTP client

    func test_serve_deliversTheHandlersResponseToAnHTTPClient() async throws {
        let server = try makeLoopbackServer { _ in
            HTTPResponse(status: 201, headers: ["Content-Type": "text/plain", "X-Test": "yes"], body: Data("created".utf8))
        }

        let (data, response) = try await fetch(server.baseURL.appendingPathComponent("things"), with: makeHTTPClient(for: self))

        XCTAssertEqual(response.status, 201)
        XCTAssertEqual(response.contentType, "text/plain")
        XCTAssertEqual(data, Data("created".utf8))
    }

    func test_serve_sendsEveryHeaderOfTheResponse() throws {
        let server = try makeLoopbackServer { _ in HTTPResponse(status: 200, headers: ["X-Test": "yes"]) }
        let client = try LoopbackSocketClient(port: server.port)

        client.send("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")

        XCTAssertTrue(client.readUntilClosed().contains("\r\nX-Test: yes\r\n"))
    }

    func test_serve_handsTheRequestToTheHandler() async throws {
        let received = Mutex<[HTTPRequest]>([])
        let server = try makeLoopbackServer { request in
            received.withLock { $0.append(request) }
            return HTTPResponse(status: 200)
        }
        let url = try XCTUnwrap(URL(string: "http://127.0.0.1:\(server.port)/v1/feed?limit=3&after_id=ABC"))

        _ = try await fetch(url, with: makeHTTPClient(for: self))

        let requests = received.withLock { $0 }
        XCTAssertEqual(requests.count, 1)
        XCTAssertEqual(requests.first?.method, "GET")
        XCTAssertEqual(requests.first?.target, "/v1/feed?limit=3&after_id=ABC")
        XCTAssertEqual(requests.first?.path, "/v1/feed")
        XCTAssertEqual(requests.first?.query, ["limit": "3", "after_id": "ABC"])
        XCTAssertEqual(requests.first?.headers["host"], "127.0.0.1:\(server.port)")
    }

    func test_serve_handsARequestBodyToTheHandler() async throws {
        let received = Mutex<[HTTPRequest]>([])
        let server = try makeLoopbackServer { request in
            received.withLock { $0.append(request) }
            return HTTPResponse(status: 204)
        }
        let client = try LoopbackSocketClient(port: server.port)

        client.send("POST /upload HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\nConnection: close\r\n\r\nhello body")
        _ = client.readUntilClosed()

        let requests = received.withLock { $0 }
        XCTAssertEqual(requests.map(\.method), ["POST"])
        XCTAssertEqual(requests.first?.body, Data("hello body".utf8))
    }

    func test_serve_deliversALargeBodyWhole() async throws {
        let body = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let server = try makeLoopbackServer { _ in HTTPResponse(status: 200, body: body) }

        let (data, _) = try await fetch(server.baseURL, with: makeHTTPClient(for: self))

        XCTAssertEqual(data, body)
    }

    // MARK: - Raw HTTP

    func test_serve_answersPipelinedRequestsInOrderOnOneConnection() throws {
        let server = try makeLoopbackServer { request in HTTPResponse(status: 200, body: Data("answer to \(request.path)".utf8)) }
        let client = try LoopbackSocketClient(port: server.port)

        client.send("GET /one HTTP/1.1\r\nHost: h\r\n\r\nGET /two HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        let received = client.readUntilClosed()

        let first = try XCTUnwrap(received.range(of: "answer to /one"))
        let second = try XCTUnwrap(received.range(of: "answer to /two"))
        XCTAssertLessThan(first.lowerBound, second.lowerBound)
        XCTAssertEqual(received.components(separatedBy: "HTTP/1.1 200 OK").count - 1, 2, received)
        XCTAssertTrue(received.contains("Connection: keep-alive"), received)
        XCTAssertTrue(received.hasSuffix("Connection: close\r\n\r\nanswer to /two"), received)
    }

    func test_serve_keepsAnHTTP11ConnectionOpenForTheNextRequest() throws {
        let server = try makeLoopbackServer { request in HTTPResponse(status: 200, body: Data(request.path.utf8)) }
        let client = try LoopbackSocketClient(port: server.port)

        client.send("GET /first HTTP/1.1\r\nHost: h\r\n\r\n")
        let first = client.readOneResponse()
        client.send("GET /second HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        let second = client.readUntilClosed()

        XCTAssertEqual(first?.hasSuffix("\r\n\r\n/first"), true, first ?? "nothing")
        XCTAssertTrue(second.hasSuffix("\r\n\r\n/second"), second)
    }

    func test_serve_closesAnHTTP10ConnectionAfterTheResponse() throws {
        let server = try makeLoopbackServer { _ in HTTPResponse(status: 200, body: Data("old".utf8)) }
        let client = try LoopbackSocketClient(port: server.port)

        client.send("GET / HTTP/1.0\r\n\r\n")
        let received = client.readUntilClosed()

        XCTAssertTrue(received.hasPrefix("HTTP/1.1 200 OK\r\n"), received)
        XCTAssertTrue(received.contains("Connection: close\r\n"), received)
        XCTAssertTrue(received.hasSuffix("\r\n\r\nold"), received)
    }

    func test_serve_answersAMalformedRequestWith400AndCloses() throws {
        let handled = Mutex(0)
        let server = try makeLoopbackServer { _ in
            handled.withLock { $0 += 1 }
            return HTTPResponse(status: 200)
        }
        let client = try LoopbackSocketClient(port: server.port)

        client.send("NONSENSE\r\n\r\n")
        let received = client.readUntilClosed()

        XCTAssertTrue(received.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), received)
        XCTAssertTrue(received.contains("Connection: close\r\n"), received)
        XCTAssertEqual(handled.withLock { $0 }, 0, "the handler never sees a malformed request")
    }

    func test_serve_answersAnotherConnectionWhileAHandlerIsBlocked() throws {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let server = try makeLoopbackServer { request in
            if request.path == "/slow" {
                entered.signal()
                release.wait()
            }
            return HTTPResponse(status: 200, body: Data(request.path.utf8))
        }
        addTeardownBlock { release.signal() }
        let slow = try LoopbackSocketClient(port: server.port)
        slow.send("GET /slow HTTP/1.1\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(entered.wait(timeout: .now() + 10), .success, "the slow handler was never called")

        let fast = try LoopbackSocketClient(port: server.port)
        fast.send("GET /fast HTTP/1.1\r\nConnection: close\r\n\r\n")
        let fastAnswer = fast.readUntilClosed()
        release.signal()
        let slowAnswer = slow.readUntilClosed()

        XCTAssertTrue(fastAnswer.hasSuffix("\r\n\r\n/fast"), fastAnswer)
        XCTAssertTrue(slowAnswer.hasSuffix("\r\n\r\n/slow"), slowAnswer)
    }

    // MARK: - Scripted answers

    func test_serve_answersWithAScriptInOrderThenRepeatsItsLastAnswer() throws {
        let script = HTTPResponseScript([HTTPResponse(status: 503), .json(#"{"ok":true}"#)])
        let server = try makeLoopbackServer(handler: script.next)
        let client = try LoopbackSocketClient(port: server.port)

        client.send("GET /1 HTTP/1.1\r\nHost: h\r\n\r\n")
        let first = client.readOneResponse()
        client.send("GET /2 HTTP/1.1\r\nHost: h\r\n\r\n")
        let second = client.readOneResponse()
        client.send("GET /3 HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        let third = client.readUntilClosed()

        XCTAssertEqual(first?.hasPrefix("HTTP/1.1 503 Service Unavailable\r\n"), true, first ?? "nothing")
        XCTAssertEqual(second?.hasPrefix("HTTP/1.1 200 OK\r\n"), true, second ?? "nothing")
        XCTAssertEqual(second?.hasSuffix(#"{"ok":true}"#), true, second ?? "nothing")
        XCTAssertTrue(third.hasPrefix("HTTP/1.1 200 OK\r\n"), third)
        XCTAssertTrue(third.hasSuffix(#"{"ok":true}"#), third)
        XCTAssertEqual(script.requests.map(\.path), ["/1", "/2", "/3"])
    }

    // MARK: - Statuses without a body

    func test_serve_sendsNoBodyAndNoContentLengthFor304() throws {
        let (received, bodyBytes) = try exchangeOnce("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n") { _ in
            HTTPResponse(status: 304, headers: ["ETag": "\"v2\""], body: Data("stale".utf8))
        }

        XCTAssertEqual(received, "HTTP/1.1 304 Not Modified\r\nETag: \"v2\"\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(bodyBytes, 0)
    }

    func test_serve_sendsNoBodyAndAZeroContentLengthFor204() throws {
        let (received, bodyBytes) = try exchangeOnce("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n") { _ in
            HTTPResponse(status: 204, body: Data("ignored".utf8))
        }

        XCTAssertEqual(received, "HTTP/1.1 204 No Content\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        XCTAssertEqual(bodyBytes, 0)
    }

    // MARK: - HEAD

    func test_serve_answersHEADWithTheHeadGETWouldGetAndNoBody() throws {
        let (received, bodyBytes) = try exchangeOnce("HEAD / HTTP/1.1\r\nHost: h\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n") { _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "text/plain"], body: Data("hello".utf8))
        }

        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n"
        XCTAssertEqual(received, head + "Connection: keep-alive\r\n\r\n" + head + "Connection: close\r\n\r\nhello")
        XCTAssertEqual(bodyBytes, 5, "only GET got the body")
    }

    // MARK: - Counting body bytes

    func test_bodyBytesSent_countsBodiesButNotHeadsOverAllConnections() throws {
        let server = try makeLoopbackServer { request in HTTPResponse(status: 200, body: Data(request.path.utf8)) }
        let first = try LoopbackSocketClient(port: server.port)
        let second = try LoopbackSocketClient(port: server.port)

        first.send("GET /one HTTP/1.1\r\nHost: h\r\n\r\nGET /two HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        second.send("GET /three HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")
        _ = first.readUntilClosed()
        _ = second.readUntilClosed()
        server.stop()

        XCTAssertEqual(server.bodyBytesSent, "/one/two/three".utf8.count)
    }

    // MARK: - Hanging up

    func test_hangUp_closesTheConnectionWithoutAnswering() throws {
        let server = try makeLoopbackServer { _ in .hangUp }
        let client = try LoopbackSocketClient(port: server.port)

        client.send("GET / HTTP/1.1\r\nHost: h\r\n\r\n")

        XCTAssertEqual(client.readUntilClosed(), "")
    }

    func test_hangUp_failsAClientsRequestWithAConnectivityError() async throws {
        let server = try makeLoopbackServer { _ in .hangUp }

        do {
            let (_, response) = try await fetch(server.baseURL, with: makeHTTPClient(for: self))
            XCTFail("expected an error, got \(response)")
        } catch {
            XCTAssertEqual(error as? HTTPClientError, .connectivity("connection closed without an answer"))
        }
    }
}
