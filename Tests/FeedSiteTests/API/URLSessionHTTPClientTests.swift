import FeedCore
import Foundation
import LoopbackHTTP
import Synchronization
import XCTest

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Integration: `URLSessionHTTPClient` against a real server on 127.0.0.1.
final class URLSessionHTTPClientTests: XCTestCase {
    func test_get_requestsTheGivenURLWithGET() async throws {
        let received = Mutex<[HTTPRequest]>([])
        let server = try makeServer { request in
            received.withLock { $0.append(request) }
            return HTTPResponse(status: 200, body: anyData())
        }
        let url = try XCTUnwrap(URL(string: "\(server.baseURL.absoluteString)/v1/feed?limit=10&after_id=ABC"))

        _ = try await makeSUT().get(from: url)

        let requests = received.withLock { $0 }
        XCTAssertEqual(requests.map(\.method), ["GET"])
        XCTAssertEqual(requests.map(\.target), ["/v1/feed?limit=10&after_id=ABC"])
    }

    func test_get_deliversDataAndStatusOf200Response() async throws {
        let body = Data(#"{"items":[]}"#.utf8)
        let server = try makeServer { _ in .json(body) }
        let url = server.baseURL.appendingPathComponent("feed")

        let (data, response) = try await makeSUT().get(from: url)

        XCTAssertEqual(data, body)
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(response.url, url)
    }

    func test_get_deliversNon200ResponsesWithoutThrowing() async throws {
        for status in [201, 204, 400, 404, 500, 503] {
            let server = try makeServer { _ in HTTPResponse(status: status, body: status == 204 ? Data() : Data("status \(status)".utf8)) }

            let (data, response) = try await makeSUT().get(from: server.baseURL)

            XCTAssertEqual(response.statusCode, status)
            XCTAssertEqual(data, status == 204 ? Data() : Data("status \(status)".utf8), "status \(status)")
        }
    }

    func test_get_deliversEmptyDataOn200ResponseWithEmptyBody() async throws {
        let server = try makeServer { _ in HTTPResponse(status: 200) }

        let (data, response) = try await makeSUT().get(from: server.baseURL)

        XCTAssertEqual(data, Data())
        XCTAssertEqual(response.statusCode, 200)
    }

    func test_get_deliversBinaryBodyByteForByte() async throws {
        let body = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) })
        let server = try makeServer { _ in HTTPResponse(status: 200, headers: ["Content-Type": "image/png"], body: body) }

        let (data, _) = try await makeSUT().get(from: server.baseURL.appendingPathComponent("image.png"))

        XCTAssertEqual(data, body)
    }

    func test_get_doesNotCacheResponses() async throws {
        let counter = Mutex(0)
        let server = try makeServer { _ in
            let count = counter.withLock { $0 += 1; return $0 }
            return HTTPResponse(status: 200, headers: ["Cache-Control": "max-age=3600"], body: Data("answer \(count)".utf8))
        }
        let sut = makeSUT()
        let url = server.baseURL.appendingPathComponent("cacheable")

        let (first, _) = try await sut.get(from: url)
        let (second, _) = try await sut.get(from: url)

        XCTAssertEqual(String(decoding: first, as: UTF8.self), "answer 1")
        XCTAssertEqual(String(decoding: second, as: UTF8.self), "answer 2")
    }

    // MARK: - Connectivity

    func test_get_deliversConnectivityErrorWhenTheServerIsStopped() async throws {
        let server = try makeServer { _ in HTTPResponse(status: 200) }
        let url = server.baseURL.appendingPathComponent("feed")
        server.stop()

        let error = await URLSessionHTTPClientTests.getError(makeSUT(), url: url)

        XCTAssertEqual(error as? HTTPClientError, .connectivity(reason: "connection refused"), "\(String(describing: error))")
    }

    func test_get_deliversConnectivityErrorWhenTheServerHangsUp() async throws {
        let server = try makeServer { _ in .hangUp }

        let error = await URLSessionHTTPClientTests.getError(makeSUT(), url: server.baseURL)

        guard case .connectivity = error as? HTTPClientError else {
            return XCTFail("expected a connectivity error, got \(String(describing: error))")
        }
    }

    func test_get_deliversConnectivityErrorWhenTheServerStopsAfterAnEarlierRequest() async throws {
        let server = try makeServer { _ in HTTPResponse(status: 200, body: anyData()) }
        let sut = makeSUT()
        _ = try await sut.get(from: server.baseURL)

        server.stop()
        let error = await URLSessionHTTPClientTests.getError(sut, url: server.baseURL)

        guard case .connectivity = error as? HTTPClientError else {
            return XCTFail("expected a connectivity error, got \(String(describing: error))")
        }
    }

    func test_get_deliversConnectivityErrorWhenNoCompleteAnswerArrivesBeforeTheDeadline() async throws {
        let release = DispatchSemaphore(value: 0)
        let server = try makeServer { _ in
            release.wait()
            return HTTPResponse(status: 200, body: anyData())
        }
        addTeardownBlock { release.signal() }
        let sut = makeSUT(timeout: .milliseconds(100))

        let error = try await awaitWithSafetyNet { await URLSessionHTTPClientTests.getError(sut, url: server.baseURL) }

        guard case .connectivity = error as? HTTPClientError else {
            return XCTFail("expected a connectivity error, got \(String(describing: error))")
        }
    }

    // MARK: - Cancellation

    func test_get_deliversCancellationErrorWhenTheTaskIsCancelled() async throws {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let server = try makeServer { _ in
            entered.signal()
            release.wait()
            return HTTPResponse(status: 200, body: anyData())
        }
        addTeardownBlock { release.signal() }
        let sut = makeSUT()
        let url = server.baseURL

        let task = Task { await URLSessionHTTPClientTests.getError(sut, url: url) }
        let handlerEntered = await Task.detached { entered.wait(timeout: .now() + 10) }.value
        XCTAssertEqual(handlerEntered, .success, "the request never reached the server")
        task.cancel()
        let error = try await awaitWithSafetyNet { await task.value }

        XCTAssertTrue(error is CancellationError, "expected CancellationError, got \(String(describing: error))")
    }

    func test_get_deliversCancellationErrorWhenCalledFromACancelledTask() async throws {
        let server = try makeServer { _ in HTTPResponse(status: 200, body: anyData()) }
        let sut = makeSUT()
        let url = server.baseURL

        let error = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await URLSessionHTTPClientTests.getError(sut, url: url)
        }.value

        XCTAssertTrue(error is CancellationError, "expected CancellationError, got \(String(describing: error))")
    }

    // MARK: - Helpers

    private func makeSUT(timeout: Duration = .seconds(10)) -> URLSessionHTTPClient {
        URLSessionHTTPClient(timeout: timeout, maximumConnectionsPerHost: 4)
    }

    private func makeServer(handler: @escaping LoopbackHTTPServer.Handler) throws -> LoopbackHTTPServer {
        let server = try LoopbackHTTPServer(handler: handler)
        addTeardownBlock { server.stop() }
        return server
    }

    private static func getError(_ sut: URLSessionHTTPClient, url: URL) async -> Error? {
        do {
            let (data, response) = try await sut.get(from: url)
            XCTFail("expected an error, got status \(response.statusCode) with \(data.count) bytes")
            return nil
        } catch {
            return error
        }
    }

    private struct SafetyNetExpired: Error {}

    /// Runs `operation`, failing the test (instead of hanging the suite) if it never
    /// finishes. A guard against a broken client only: no test depends on this timer.
    private func awaitWithSafetyNet<T: Sendable>(_ operation: @escaping @Sendable () async -> T) async throws -> T {
        let result = Mutex<T?>(nil)
        let done = expectation(description: "operation finished")
        Task {
            let value = await operation()
            result.withLock { $0 = value }
            done.fulfill()
        }
        await fulfillment(of: [done], timeout: 20)
        guard let value = result.withLock({ $0 }) else { throw SafetyNetExpired() }
        return value
    }
}
