import FeedCore
import Foundation
import HTTP
import LoopbackHTTP
import TestSupport
import XCTest

/// What the real libcurl engine makes of a request that gets no usable answer, against a
/// server on 127.0.0.1 that misbehaves on purpose: the kind of failure, which decides a
/// retry, and the words the user reads.
final class CurlEngineFailureTests: XCTestCase {
    // MARK: - Redirects

    func test_perform_failsOnARedirectLoopAfterTenRedirects() async throws {
        let script = HTTPResponseScript([HTTPResponse(status: 302, headers: ["Location": "/again"])])
        let server = try makeServer(script.next)

        let failure = await failure(of: server.baseURL.absoluteString + "/start")

        XCTAssertEqual(failure, TransportFailure(.badRedirect, "more than 10 redirects"))
        XCTAssertEqual(script.count, 11, "the request and ten redirects")
    }

    func test_perform_refusesARedirectToAnythingButHTTP() async throws {
        let server = try makeServer { _ in HTTPResponse(status: 302, headers: ["Location": "file:///etc/passwd"]) }

        let failure = await failure(of: server.baseURL.absoluteString)

        XCTAssertEqual(failure, TransportFailure(.badRedirect, "redirected to a URL that is not http or https"))
    }

    func test_perform_refusesARedirectToAURLWithCredentialsAndSendsNone() async throws {
        let script = HTTPResponseScript([HTTPResponse(status: 200, body: Data("image".utf8))])
        let server = try makeServer { request in
            request.path == "/start"
                ? HTTPResponse(status: 302, headers: ["Location": "http://user:secret@127.0.0.1:\(request.serverPort)/signed-in"])
                : script.next(request)
        }

        let failure = await failure(of: server.baseURL.absoluteString + "/start")

        XCTAssertEqual(failure, TransportFailure(.badRedirect, "redirected to a URL with credentials (user:password@), which feedsite never sends"))
        XCTAssertEqual(script.requests.map { $0.headers["authorization"] ?? "none" }, [], "the redirect was not followed")
    }

    // MARK: - Broken connections

    func test_perform_failsWhenTheConnectionIsRefused() async throws {
        let server = try makeServer { _ in HTTPResponse(status: 200) }
        await server.stop()

        let failure = await failure(of: server.baseURL.absoluteString)

        XCTAssertEqual(failure, TransportFailure(.refused, "connection refused"))
    }

    func test_perform_failsWhenTheConnectionIsReset() async throws {
        let server = try makeServer { _ in HTTPResponse(status: 200, delivery: .reset) }

        let failure = await failure(of: server.baseURL.absoluteString)

        XCTAssertTrue(
            [TransportFailure(.reset, "connection reset"), TransportFailure(.closedEarly, "connection closed without an answer")].contains(failure),
            "\(String(describing: failure))")
    }

    func test_perform_failsWhenTheServerClosesWithoutAnswering() async throws {
        let server = try makeServer { _ in .hangUp }

        let failure = await failure(of: server.baseURL.absoluteString)

        XCTAssertEqual(failure, TransportFailure(.closedEarly, "connection closed without an answer"))
    }

    func test_perform_saysHowMuchOfABodyArrivedBeforeTheConnectionClosed() async throws {
        let server = try makeServer { _ in HTTPResponse(status: 200, body: Data(count: 1_024), delivery: .truncated(afterBytes: 512)) }

        let failure = await failure(of: server.baseURL.absoluteString)

        XCTAssertEqual(failure, TransportFailure(.closedEarly, "connection closed after 512 of 1,024 bytes"))
    }

    func test_perform_timesOutOnAServerThatNeverAnswers() async throws {
        let server = try makeServer { _ in HTTPResponse(status: 200, delivery: .hang) }

        let failure = await failure(of: server.baseURL.absoluteString, engine: try makeEngine(for: self, timeout: .milliseconds(200)))

        XCTAssertEqual(failure, TransportFailure(.timeout, "timed out after 0.2 s"))
    }

    func test_perform_timesOutWhenNoConnectionCanBeMade() async throws {
        let listener = try FullListener()

        let failure = await failure(of: "http://127.0.0.1:\(listener.port)/", engine: try makeEngine(for: self, connectTimeout: .milliseconds(200)))

        XCTAssertEqual(failure, TransportFailure(.timeout, "no connection within 0.2 s"))
    }

    /// The one test that takes a second of real time: libcurl measures a slow body in whole seconds.
    func test_perform_stopsABodyTricklingBelowTheLowSpeedLimit() async throws {
        let server = try makeServer { _ in HTTPResponse(status: 200, body: Data(count: 100_000), delivery: .trickle(bytes: 10, every: .milliseconds(50))) }

        let failure = await failure(of: server.baseURL.absoluteString, engine: try makeEngine(for: self, lowSpeed: (1024, 1)))

        XCTAssertEqual(failure, TransportFailure(.timeout, "slower than 1 KiB/s for 1 s"))
    }

    // MARK: - TLS

    func test_perform_failsTheTLSHandshakeWithAPlainHTTPServerAndSaysSo() async throws {
        let server = try makeServer { _ in HTTPResponse(status: 200) }

        let failure = await failure(of: "https://127.0.0.1:\(server.port)/")

        XCTAssertEqual(failure?.kind, .tls)
        let reason = failure?.reason ?? ""
        XCTAssertTrue(reason.hasPrefix("TLS: handshake with 127.0.0.1 failed ("), reason)
    }

    // MARK: - Helpers

    private func makeServer(_ handler: @escaping LoopbackHTTPServer.Handler) throws -> LoopbackHTTPServer {
        let server = try LoopbackHTTPServer(handler: handler)
        addTeardownBlock { server.stop() }
        return server
    }

    private func failure(of url: String, engine: CurlEngine? = nil) async -> TransportFailure? {
        do {
            let engine = try engine ?? makeEngine(for: self)
            let answer = try await engine.perform(testRequest(url), into: HTTPBodyBuffer())
            XCTFail("expected a failure, got status \(answer.status)")
        } catch let failure as TransportFailure {
            return failure
        } catch {
            XCTFail("expected a TransportFailure, got \(error)")
        }
        return nil
    }
}
