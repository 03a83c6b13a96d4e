import FeedCore
import Foundation
import HTTP
import LoopbackHTTP
import Synchronization
import TestSupport
import XCTest

/// One try of one request through the real libcurl engine, against a real server on
/// 127.0.0.1 that answers, misbehaves or stays silent on purpose.
final class CurlEngineTests: XCTestCase {
    // MARK: - Answers

    func test_perform_requestsTheURLWithGETAndOurUserAgent() async throws {
        let script = HTTPResponseScript([HTTPResponse(status: 200)])
        let server = try makeServer(script.next)

        _ = try await perform(server.baseURL.appendingPathComponent("v1/feed").absoluteString + "?limit=10&after_id=ABC")

        XCTAssertEqual(script.requests.map(\.method), ["GET"])
        XCTAssertEqual(script.requests.map(\.target), ["/v1/feed?limit=10&after_id=ABC"])
        XCTAssertEqual(script.requests.first?.headers["user-agent"], "feedsite/test")
    }

    func test_perform_deliversStatusTheHeadersWeUseAndTheBody() async throws {
        let headers = ["Content-Type": "application/json", "ETag": "\"v7\"", "Last-Modified": "Mon, 20 May 2024 11:24:59 GMT"]
        let server = try makeServer { _ in HTTPResponse(status: 200, headers: headers, body: Data(#"{"items":[]}"#.utf8)) }
        let url = server.baseURL.appendingPathComponent("feed")

        let (data, answer) = try await perform(url.absoluteString)

        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"items":[]}"#)
        XCTAssertEqual(
            answer,
            HTTPAnswer(
                status: 200, url: url, contentType: "application/json", contentLength: 12, etag: "\"v7\"", lastModified: "Mon, 20 May 2024 11:24:59 GMT",
                bodyBytes: 12, tries: 1
            )
        )
    }

    func test_perform_streamsABinaryBodyByteForByte() async throws {
        let body = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) })
        let server = try makeServer { _ in HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], body: body) }

        let (data, answer) = try await perform(server.baseURL.absoluteString + "/image.png")

        XCTAssertEqual(data, body)
        XCTAssertEqual(answer.bodyBytes, body.count)
    }

    func test_perform_deliversNon2xxAnswersButKeepsTheirBodiesFromTheSink() async throws {
        for status in [304, 404, 500, 503] {
            let server = try makeServer { _ in HTTPResponse(status: status, body: Data("<html>error page</html>".utf8)) }

            let (data, answer) = try await perform(server.baseURL.absoluteString)

            XCTAssertEqual(answer.status, status)
            XCTAssertEqual(data, Data(), "status \(status)")
            XCTAssertEqual(answer.bodyBytes, 0)
        }
    }

    func test_perform_deliversAnEmpty2xxBodyAfterStartingTheSink() async throws {
        let server = try makeServer { _ in HTTPResponse(status: 204) }
        let sink = RecordingSink()

        let answer = try await makeEngine(for: self).perform(testRequest(server.baseURL.absoluteString), into: sink)

        XCTAssertEqual(answer.status, 204)
        XCTAssertEqual(sink.events, ["begin 204"], "a retried request's sink must forget an earlier try even when the body is empty")
    }

    func test_perform_sendsTheRequestsHeaders() async throws {
        let script = HTTPResponseScript([HTTPResponse(status: 304)])
        let server = try makeServer(script.next)

        _ = try await perform(server.baseURL.absoluteString, headers: ["If-None-Match: \"v7\"", "If-Modified-Since: Mon, 20 May 2024 11:24:59 GMT"])

        XCTAssertEqual(script.requests.first?.headers["if-none-match"], "\"v7\"")
        XCTAssertEqual(script.requests.first?.headers["if-modified-since"], "Mon, 20 May 2024 11:24:59 GMT")
    }

    func test_perform_offersCompressionForAPIRequestsAndDecodesIt() async throws {
        let gzipped = Data([
            0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xAB, 0x56, 0xCA, 0x2C, 0x49, 0xCD,
            0x2D, 0x56, 0xB2, 0x8A, 0x8E, 0xAD, 0x05, 0x00, 0x1D, 0x1F, 0x43, 0xEA, 0x0C, 0x00, 0x00, 0x00,
        ])  // gzip of {"items":[]}
        let script = HTTPResponseScript([HTTPResponse(status: 200, headers: ["Content-Encoding": "gzip"], body: gzipped)])
        let server = try makeServer(script.next)
        let body = HTTPBodyBuffer()

        _ = try await makeEngine(for: self).perform(.api(server.baseURL), into: body)

        XCTAssertEqual(String(decoding: body.data, as: UTF8.self), #"{"items":[]}"#)
        let offered = script.requests.first?.headers["accept-encoding"] ?? ""
        XCTAssertTrue(offered.contains("gzip"), offered)
    }

    func test_perform_offersNoCompressionForImages() async throws {
        let script = HTTPResponseScript([HTTPResponse(status: 200, body: Data([1]))])
        let server = try makeServer(script.next)

        _ = try await perform(server.baseURL.absoluteString)

        XCTAssertNil(script.requests.first?.headers["accept-encoding"])
    }

    // MARK: - Redirects

    func test_perform_followsARedirectChainAndSaysWhereTheAnswerCameFrom() async throws {
        let server = try makeServer { request in
            switch request.path {
            case "/a": HTTPResponse(status: 301, headers: ["Location": "/b"])
            case "/b": HTTPResponse(status: 302, headers: ["Location": "/c"])
            case "/c": HTTPResponse(status: 307, headers: ["Location": "/final.png"])
            default: HTTPResponse(status: 200, body: Data("image".utf8))
            }
        }

        let (data, answer) = try await perform(server.baseURL.absoluteString + "/a")

        XCTAssertEqual(String(decoding: data, as: UTF8.self), "image")
        XCTAssertEqual(answer.url.path, "/final.png")
    }

    // MARK: - Limits

    func test_perform_stopsBeforeTheBodyWhenContentLengthIsOverTheLimit() async throws {
        let server = try makeServer { _ in HTTPResponse(status: 200, body: Data(count: 5_000)) }
        let sink = RecordingSink()

        let error = await errorOf { try await makeEngine(for: self).perform(testRequest(server.baseURL.absoluteString, limit: 4_096), into: sink) }

        XCTAssertEqual(error as? HTTPClientError, HTTPClientError(.invalidAnswer, "answer larger than the 4,096 bytes limit for tests"))
        XCTAssertEqual(sink.events, [], "not a byte reached the sink")
    }

    func test_perform_stopsAnEndlessBodyAtTheLimitAndTheServerSendsLittleMore() async throws {
        let limit = 8 * 1024 * 1024
        let server = try makeServer { _ in HTTPResponse(status: 200, body: Data(count: 64 * 1024), delivery: .endless) }
        let sink = RecordingSink()

        let error = await errorOf { try await makeEngine(for: self).perform(testRequest(server.baseURL.absoluteString, limit: limit), into: sink) }
        await server.stop()

        XCTAssertEqual(error as? HTTPClientError, HTTPClientError(.invalidAnswer, "answer larger than the 8 MiB limit for tests"))
        XCTAssertLessThanOrEqual(sink.bytes, limit, "the sink never holds more than the limit")
        XCTAssertGreaterThan(server.bodyBytesSent, limit - 64 * 1024)
        XCTAssertLessThan(server.bodyBytesSent, limit + 8 * 1024 * 1024, "what socket buffers held when the transfer stopped, no more")
    }

    // MARK: - The sink and cancellation

    func test_perform_stopsTheTransferAndRethrowsTheSinksError() async throws {
        struct SinkFull: Error, Equatable {}
        let server = try makeServer { _ in HTTPResponse(status: 200, body: Data(count: 100_000)) }

        let error = await errorOf { try await makeEngine(for: self).perform(testRequest(server.baseURL.absoluteString), into: FailingSink(SinkFull())) }

        XCTAssertEqual(error as? SinkFull, SinkFull())
    }

    func test_perform_deliversCancellationAtOnceAndNothingAfterIt() async throws {
        let entered = DispatchSemaphore(value: 0)
        let server = try makeServer { _ in
            entered.signal()
            return HTTPResponse(status: 200, delivery: .hang)
        }
        let engine = try makeEngine(for: self)
        let sink = RecordingSink()
        let url = server.baseURL.absoluteString

        let task = Task { try await engine.perform(testRequest(url), into: sink) }
        let reached = await signal(of: entered, within: 10)
        XCTAssertEqual(reached, .success, "the request never reached the server")
        task.cancel()
        let error = await errorOf { try await task.value }

        XCTAssertTrue(error is CancellationError, "got \(String(describing: error))")
        XCTAssertEqual(sink.events, [])
    }

    func test_perform_failsWithCancellationWhenCalledFromACancelledTask() async throws {
        let script = HTTPResponseScript([HTTPResponse(status: 200)])
        let server = try makeServer(script.next)
        let engine = try makeEngine(for: self)
        let url = server.baseURL.absoluteString

        let error = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await errorOf { try await engine.perform(testRequest(url), into: HTTPBodyBuffer()) }
        }.value

        XCTAssertTrue(error is CancellationError, "got \(String(describing: error))")
        XCTAssertEqual(script.count, 0)
    }

    func test_perform_runsManyRequestsAtOnceOnOneEngine() async throws {
        let server = try makeServer { request in HTTPResponse(status: 200, body: Data(request.path.utf8)) }
        let engine = try makeEngine(for: self)
        let base = server.baseURL.absoluteString

        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for number in 0..<200 {
                group.addTask {
                    let body = HTTPBodyBuffer()
                    _ = try await engine.perform(testRequest("\(base)/\(number)"), into: body)
                    return String(decoding: body.data, as: UTF8.self)
                }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }

        XCTAssertEqual(bodies, Set((0..<200).map { "/\($0)" }))
    }

    // MARK: - Helpers

    private func makeServer(_ handler: @escaping LoopbackHTTPServer.Handler) throws -> LoopbackHTTPServer {
        let server = try LoopbackHTTPServer(handler: handler)
        addTeardownBlock { server.stop() }
        return server
    }

    private func perform(_ url: String, headers: [String] = []) async throws -> (Data, HTTPAnswer) {
        let body = HTTPBodyBuffer()
        let answer = try await makeEngine(for: self).perform(testRequest(url, headers: headers), into: body)
        return (body.data, answer)
    }
}
