import WebArchive
import XCTest

final class HTTPMessageHeadTests: XCTestCase {
    func test_response_keepsTheFieldsAsReceived_butSaysTheDecodedBodysLength() {
        let head = HTTPMessageHead.response(
            ["HTTP/1.1 200 OK", "Content-Type: application/json", "Content-Encoding: gzip", "Content-Length: 30", "X-Odd:  spaced "], bodyLength: 120)

        XCTAssertEqual(head, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 120\r\nX-Odd:  spaced \r\n\r\n")
    }

    func test_response_ofHTTP2_isWrittenAsHTTP11WithTheReasonPhrase_andAChunkedOneGetsItsLength() {
        XCTAssertEqual(
            HTTPMessageHead.response(["HTTP/2 404", "content-type: text/html"], bodyLength: 9),
            "HTTP/1.1 404 Not Found\r\ncontent-type: text/html\r\nContent-Length: 9\r\n\r\n")
        XCTAssertEqual(
            HTTPMessageHead.response(["HTTP/1.1 200 OK", "Transfer-Encoding: chunked"], bodyLength: 0), "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
        XCTAssertEqual(HTTPMessageHead.response(["HTTP/2 299"], bodyLength: 0), "HTTP/1.1 299\r\nContent-Length: 0\r\n\r\n")
    }

    func test_response_withoutAStatusLine_isNil() {
        XCTAssertNil(HTTPMessageHead.response(["Content-Type: text/plain"], bodyLength: 0))
        XCTAssertNil(HTTPMessageHead.response([], bodyLength: 0))
        XCTAssertNil(HTTPMessageHead.status(of: "HTTP/1.1 2000 Odd"))
        XCTAssertEqual(HTTPMessageHead.status(of: "HTTP/1.0 304 Not Modified"), 304)
    }
}
