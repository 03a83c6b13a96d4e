import Foundation
import TestSupport
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
        XCTAssertEqual(response.delivery, .whole)
    }

    func test_json_defaultsTo200() {
        XCTAssertEqual(HTTPResponse.json(Data("{}".utf8)).status, 200)
    }

    func test_notFound_is404() {
        XCTAssertEqual(HTTPResponse.notFound.status, 404)
        XCTAssertEqual(HTTPResponse.notFound.delivery, .whole)
    }

    func test_hangUp_isDeliveredByHangingUp() {
        XCTAssertEqual(HTTPResponse.hangUp.delivery, .hangUp)
        XCTAssertEqual(HTTPResponse(status: 200).delivery, .whole)
    }

    // MARK: - Statuses without a body

    func test_serialized_sendsNoBodyAndNoContentLengthFor304() {
        let response = HTTPResponse(status: 304, headers: ["ETag": "\"v1\""], body: Data("stale".utf8))

        XCTAssertEqual(
            text(response.serialized(keepAlive: true)),
            "HTTP/1.1 304 Not Modified\r\nETag: \"v1\"\r\nConnection: keep-alive\r\n\r\n"
        )
    }

    func test_serialized_sendsNoBodyAndAZeroContentLengthFor204() {
        let response = HTTPResponse(status: 204, body: Data("ignored".utf8))

        XCTAssertEqual(text(response.serialized(keepAlive: false)), "HTTP/1.1 204 No Content\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    }

    func test_head_leavesOutContentLengthAndClosesForAnEndlessBody() {
        let response = HTTPResponse(status: 200, headers: ["Content-Length": "5"], body: Data("xxxxx".utf8), delivery: .endless)

        XCTAssertEqual(text(response.head(keepAlive: true)), "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n")
    }

    func test_head_givesTheFullBodysLengthForATruncatedOrTrickledBody() {
        let body = Data("0123456789".utf8)

        for delivery in [HTTPResponse.Delivery.truncated(afterBytes: 3), .trickle(bytes: 2, every: .milliseconds(1))] {
            let head = text(HTTPResponse(status: 200, body: body, delivery: delivery).head(keepAlive: true))

            XCTAssertEqual(head, "HTTP/1.1 200 OK\r\nContent-Length: 10\r\nConnection: keep-alive\r\n\r\n", "\(delivery)")
        }
    }

    func test_effectiveDelivery_sendsTheHeadWholeForStatusesWithoutABody() {
        for status in [204, 304] {
            for delivery in [HTTPResponse.Delivery.endless, .truncated(afterBytes: 1), .trickle(bytes: 1, every: .seconds(1))] {
                XCTAssertEqual(HTTPResponse(status: status, delivery: delivery).effectiveDelivery(), .whole, "\(status) \(delivery)")
            }
            XCTAssertEqual(HTTPResponse(status: status, delivery: .reset).effectiveDelivery(), .reset)
        }
        XCTAssertEqual(HTTPResponse(status: 200, delivery: .endless).effectiveDelivery(), .endless)
    }

    func test_effectiveDelivery_sendsTheHeadWholeForHEADAndAFileBodyWhole() throws {
        let path = try makeTemporaryFolder(for: self).appendingPathComponent("body").path
        try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path))
        var fromFile = HTTPResponse(status: 200, file: try XCTUnwrap(HTTPBodyFile(regularFileAt: path)))

        for delivery in [HTTPResponse.Delivery.endless, .truncated(afterBytes: 1), .trickle(bytes: 1, every: .seconds(1))] {
            XCTAssertEqual(HTTPResponse(status: 200, delivery: delivery).effectiveDelivery(headOnly: true), .whole, "HEAD, \(delivery)")
            fromFile.delivery = delivery
            XCTAssertEqual(fromFile.effectiveDelivery(), .whole, "a file body, \(delivery)")
        }
        XCTAssertEqual(HTTPResponse(status: 200, delivery: .hang).effectiveDelivery(headOnly: true), .hang)
    }

    func test_head_givesAFileBodysLength() throws {
        let path = try makeTemporaryFolder(for: self).appendingPathComponent("body").path
        try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path))
        let response = HTTPResponse(status: 200, file: try XCTUnwrap(HTTPBodyFile(regularFileAt: path)))

        XCTAssertEqual(text(response.head(keepAlive: true, headOnly: true)), "HTTP/1.1 200 OK\r\nContent-Length: 10\r\nConnection: keep-alive\r\n\r\n")
        XCTAssertEqual(response.sentBody, Data(), "the file's bytes are read as they are sent")
    }

    // MARK: - Reasons

    func test_reason_namesTheStatusesARetryingClientMeets() {
        let expected = [
            304: "Not Modified", 307: "Temporary Redirect", 308: "Permanent Redirect", 408: "Request Timeout",
            425: "Too Early", 429: "Too Many Requests", 502: "Bad Gateway", 504: "Gateway Timeout",
        ]

        for (status, reason) in expected {
            XCTAssertEqual(HTTPResponse.reason(for: status), reason, "\(status)")
        }
    }

    // MARK: - Helpers

    private func text(_ data: Data) -> String {
        String(decoding: data, as: UTF8.self)
    }
}
