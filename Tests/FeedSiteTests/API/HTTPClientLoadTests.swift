import FeedCore
import Foundation
import TestSupport
import XCTest

/// `HTTPClient.load(_:mapping:)`: the two error kinds, each with its URL.
final class HTTPClientLoadTests: XCTestCase {
    func test_load_deliversMappedValueOnSuccess() async throws {
        let client = HTTPClientStub(answers: [.success(Data("payload".utf8), status: 200)])
        let url = URL(string: "http://api.example/resource")!

        let value = try await client.load(url) { data, response in
            "\(response.status) \(String(decoding: data, as: UTF8.self))"
        }

        XCTAssertEqual(value, "200 payload")
        XCTAssertEqual(client.requestedURLs, [url])
    }

    func test_load_deliversConnectivityErrorWithURLAndReasonOnClientConnectivityError() async {
        let client = HTTPClientStub(answers: [.failure(HTTPClientError.connectivity("connection reset"))])
        let url = URL(string: "http://api.example/resource")!

        let error = await HTTPClientLoadTests.loadError(client, url: url, mapping: FeedItemsMapper.map)

        XCTAssertEqual(error as? RemoteLoadError, RemoteLoadError(kind: .connectivity, url: url, reason: "connection reset"))
    }

    func test_load_deliversInvalidDataWithURLAndMappingReasonOnMappingError() async {
        let client = HTTPClientStub(answers: [.success(Data(), status: 200)])
        let url = URL(string: "http://api.example/v1/feed")!

        let error = await HTTPClientLoadTests.loadError(client, url: url, mapping: FeedItemsMapper.map)

        XCTAssertEqual(
            error as? RemoteLoadError, RemoteLoadError(kind: .invalidData, url: url, reason: "body is not JSON: unexpected end of input at offset 0"))
    }

    func test_load_deliversInvalidDataOnAnAnswerTheClientCouldNotUse() async {
        let client = HTTPClientStub(answers: [.failure(HTTPClientError(.invalidAnswer, "answer larger than the 16 MiB limit for API answers"))])
        let url = URL(string: "http://api.example/v1/feed")!

        let error = await HTTPClientLoadTests.loadError(client, url: url, mapping: FeedItemsMapper.map)

        XCTAssertEqual(error as? RemoteLoadError, RemoteLoadError(kind: .invalidData, url: url, reason: "answer larger than the 16 MiB limit for API answers"))
    }

    func test_load_saysHowManyTriesAnAnswerTookWhenItDoesNotMap() async {
        let url = URL(string: "http://api.example/v1/feed")!
        let client = RoutedHTTPClient { url in (Data(), HTTPAnswer(status: 503, url: url, tries: 4)) }

        let error = await HTTPClientLoadTests.loadError(client, url: url, mapping: FeedItemsMapper.map)

        XCTAssertEqual(error as? RemoteLoadError, RemoteLoadError(kind: .invalidData, url: url, reason: "status 503, expected 200 (after 4 tries)"))
    }

    func test_load_asksForAnAPIAnswerWithTheGivenHeaders() async throws {
        let client = RoutedHTTPClient { url in (Data(#"{"items":[]}"#.utf8), HTTPAnswer(status: 200, url: url)) }
        let url = URL(string: "http://api.example/v1/feed")!

        _ = try await client.load(url, headers: ["If-None-Match: \"v1\""], mapping: FeedItemsMapper.map)

        XCTAssertEqual(client.receivedRequests, [HTTPGet.api(url, headers: ["If-None-Match: \"v1\""])])
        XCTAssertEqual(client.receivedRequests.first?.maxBodyBytes, 16 * 1024 * 1024)
        XCTAssertEqual(client.receivedRequests.first?.acceptsCompression, true)
    }

    func test_load_deliversInvalidDataOnWrongStatus() async {
        let client = HTTPClientStub(answers: [.success(Data("<html>".utf8), status: 404)])
        let url = URL(string: "http://api.example/v1/image/X/comments")!

        let error = await HTTPClientLoadTests.loadError(client, url: url, mapping: ImageCommentsMapper.map)

        let loadError = error as? RemoteLoadError
        XCTAssertEqual(loadError?.kind, .invalidData, "\(String(describing: error))")
        XCTAssertEqual(loadError?.url, url)
        XCTAssertEqual(loadError?.reason.contains("404"), true, "\(String(describing: error))")
    }

    func test_load_passesCancellationErrorThrough() async {
        let client = HTTPClientStub(answers: [.failure(CancellationError())])

        let error = await HTTPClientLoadTests.loadError(client, url: anyURL(), mapping: FeedItemsMapper.map)

        XCTAssertTrue(error is CancellationError, "expected CancellationError, got \(String(describing: error))")
    }

    func test_load_deliversCancellationErrorInsteadOfDataWhenCancelledDuringTheRequest() async {
        let client = HTTPClientStub(answers: [.cancelCallerThenSucceed(anyData(), status: 200)])

        let error = await Task { await HTTPClientLoadTests.loadError(client, url: anyURL(), mapping: FeedItemsMapper.map) }.value

        XCTAssertTrue(error is CancellationError, "expected CancellationError, got \(String(describing: error))")
    }

    func test_description_saysKindURLAndReason() {
        let connectivity = RemoteLoadError(kind: .connectivity, url: URL(string: "http://a.com/feed?limit=10")!, reason: "timed out")
        let invalid = RemoteLoadError(kind: .invalidData, url: URL(string: "http://a.com/1.png")!, reason: "empty body")

        XCTAssertEqual(connectivity.description, "connectivity error from http://a.com/feed?limit=10: timed out")
        XCTAssertEqual(invalid.description, "invalid data from http://a.com/1.png: empty body")
    }

    // MARK: - Helpers

    private static func loadError<T>(_ client: HTTPClient, url: URL, mapping: @escaping @Sendable (Data, HTTPAnswer) throws(MappingError) -> T) async -> Error?
    {
        do {
            let value = try await client.load(url, mapping: mapping)
            XCTFail("expected an error, got \(value)")
            return nil
        } catch {
            // The API's error, or `CancellationError`.
            return error.error
        }
    }
}
