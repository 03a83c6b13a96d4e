import XCTest

@testable import WebArchive

final class RequestHeadTests: XCTestCase {
    func test_asHTTP11_rewritesAnotherVersionInTheRequestLineOnly() {
        let fields = "\r\nHost: example.org\r\nUser-Agent: HTTP/2 client\r\n\r\n"

        XCTAssertEqual(text(ExchangeArchiver.asHTTP11(Array(("GET /feed?page=2 HTTP/2" + fields).utf8))), "GET /feed?page=2 HTTP/1.1" + fields)
        XCTAssertEqual(text(ExchangeArchiver.asHTTP11(Array(("GET / HTTP/1.1" + fields).utf8))), "GET / HTTP/1.1" + fields)
        XCTAssertEqual(text(ExchangeArchiver.asHTTP11(Array(("GET / odd" + fields).utf8))), "GET / odd" + fields, "no version: left as sent")
        XCTAssertEqual(text(ExchangeArchiver.asHTTP11(Array("GET / HTTP/2".utf8))), "GET / HTTP/2", "no line end: left as sent")
    }

    private func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
