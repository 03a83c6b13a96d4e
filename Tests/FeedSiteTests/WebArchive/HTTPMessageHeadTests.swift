import WebArchive
import XCTest

final class HTTPMessageHeadTests: XCTestCase {
    func test_response_keepsTheFieldsAsReceived_butSaysTheDecodedBodysLength() {
        let text = head(
            ["HTTP/1.1 200 OK", "Content-Type: application/json", "Content-Encoding: gzip", "Content-Length: 30", "X-Odd:  spaced "], bodyLength: 120)

        XCTAssertEqual(text, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 120\r\nX-Odd:  spaced \r\n\r\n")
    }

    func test_response_ofHTTP2_isWrittenAsHTTP11WithTheReasonPhrase_andAChunkedOneGetsItsLength() {
        XCTAssertEqual(
            head(["HTTP/2 404", "content-type: text/html"], bodyLength: 9),
            "HTTP/1.1 404 Not Found\r\ncontent-type: text/html\r\nContent-Length: 9\r\n\r\n")
        XCTAssertEqual(
            head(["HTTP/1.1 200 OK", "Transfer-Encoding: chunked"], bodyLength: 0), "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
        XCTAssertEqual(head(["HTTP/2 299"], bodyLength: 0), "HTTP/1.1 299\r\nContent-Length: 0\r\n\r\n")
    }

    func test_response_withoutAStatusLine_isNil() {
        XCTAssertNil(head(["Content-Type: text/plain"], bodyLength: 0))
        XCTAssertNil(head([], bodyLength: 0))
        XCTAssertNil(HTTPMessageHead.status(of: "HTTP/1.1 2000 Odd"))
        XCTAssertNil(HTTPMessageHead.status(of: "HTTP/1.1 2x0 Odd"))
        XCTAssertNil(HTTPMessageHead.status(of: "Server: HTTP/1.1 200"))
        XCTAssertEqual(HTTPMessageHead.status(of: "HTTP/1.0 304 Not Modified"), 304)
    }

    func test_field_isTheFirstOfThatNameInAnyCase_withoutTheSpacesAroundIt() {
        let lines = ["HTTP/1.1 200 OK", "Content-Type:  image/png ", "ETag: \"a\"", "content-type: text/html", "Location:"]

        XCTAssertEqual(HTTPMessageHead.field("content-type", in: lines), "image/png")
        XCTAssertEqual(HTTPMessageHead.field("etag", in: lines), "\"a\"")
        XCTAssertEqual(HTTPMessageHead.field("location", in: lines), "")
        XCTAssertNil(HTTPMessageHead.field("last-modified", in: lines))
        XCTAssertNil(HTTPMessageHead.field("http/1.1 200 ok", in: ["HTTP/1.1 200 OK: x"]), "the status line is no field")
    }

    /// The head as text, for comparing.
    private func head(_ lines: [String], bodyLength: Int) -> String? {
        HTTPMessageHead.response(lines, bodyLength: bodyLength).map { String(decoding: $0, as: UTF8.self) }
    }
}
