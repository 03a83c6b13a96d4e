import Foundation
import XCTest

@testable import LoopbackHTTP

final class HTTPResponseTests: XCTestCase {
    func test_serialized_writesStatusLineHeadersLengthAndBody() {
        let response = HTTPResponse(status: 200, headers: ["X-B": "2", "Content-Type": "text/plain"], body: Data("hello".utf8))

        XCTAssertEqual(
            text(response.serialized(keepAlive: true)),
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nX-B: 2\r\nContent-Length: 5\r\nConnection: keep-alive\r\n\r\nhello"
        )
    }

    func test_serialized_saysConnectionCloseWhenNotKeptAlive() {
        let response = HTTPResponse(status: 404)

        XCTAssertEqual(text(response.serialized(keepAlive: false)), "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    }

    func test_serialized_replacesAGivenContentLengthWithTheBodySize() {
        let response = HTTPResponse(status: 200, headers: ["content-length": "999", "Content-Length": "1"], body: Data("abc".utf8))

        let serialized = text(response.serialized(keepAlive: true))

        XCTAssertFalse(serialized.contains("999"), serialized)
        XCTAssertEqual(serialized.components(separatedBy: "Content-Length").count - 1, 1, serialized)
        XCTAssertTrue(serialized.contains("Content-Length: 3\r\n"), serialized)
    }

    func test_serialized_namesUnknownStatusesGenerically() {
        XCTAssertTrue(text(HTTPResponse(status: 299).serialized(keepAlive: true)).hasPrefix("HTTP/1.1 299 Status\r\n"))
    }

    func test_serialized_keepsBinaryBodyVerbatim() {
        let body = Data([0, 255, 13, 10, 13, 10, 1])
        let serialized = HTTPResponse(status: 200, body: body).serialized(keepAlive: true)

        XCTAssertEqual(serialized.suffix(body.count), body)
    }

    func test_json_setsContentTypeStatusAndBody() {
        let response = HTTPResponse.json(#"{"items":[]}"#, status: 201)

        XCTAssertEqual(response.status, 201)
        XCTAssertEqual(response.headers["Content-Type"], "application/json")
        XCTAssertEqual(response.body, Data(#"{"items":[]}"#.utf8))
        XCTAssertFalse(response.hangsUp)
    }

    func test_json_defaultsTo200() {
        XCTAssertEqual(HTTPResponse.json(Data("{}".utf8)).status, 200)
    }

    func test_notFound_is404() {
        XCTAssertEqual(HTTPResponse.notFound.status, 404)
        XCTAssertFalse(HTTPResponse.notFound.hangsUp)
    }

    func test_hangUp_hangsUp() {
        XCTAssertTrue(HTTPResponse.hangUp.hangsUp)
        XCTAssertFalse(HTTPResponse(status: 200).hangsUp)
    }

    // MARK: - Helpers

    private func text(_ data: Data) -> String {
        String(decoding: data, as: UTF8.self)
    }
}
