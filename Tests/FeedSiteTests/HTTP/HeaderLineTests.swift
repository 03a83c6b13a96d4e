import Foundation
import TestSupport
import XCTest

@testable import HTTP

final class HeaderLineTests: XCTestCase {
    func test_parse_readsTheStatusOfHTTP1AndHTTP2StatusLines() {
        XCTAssertEqual(parse("HTTP/1.1 200 OK\r\n"), .status(200))
        XCTAssertEqual(parse("HTTP/2 304\r\n"), .status(304))
        XCTAssertEqual(parse("HTTP/1.0 503 Service Unavailable\r\n"), .status(503))
    }

    func test_parse_readsAFieldWithItsNameLowerCasedAndValueTrimmed() {
        XCTAssertEqual(parse("Content-Type:  text/html; charset=utf-8 \r\n"), .field(name: "content-type", value: "text/html; charset=utf-8"))
        XCTAssertEqual(parse("etag: \"abc:def\"\r\n"), .field(name: "etag", value: "\"abc:def\""))
        XCTAssertEqual(parse("Retry-After:\t120\n"), .field(name: "retry-after", value: "120"))
    }

    func test_parse_readsTheEmptyLineAsTheEndOfTheHead() {
        XCTAssertEqual(parse("\r\n"), .end)
        XCTAssertEqual(parse("\n"), .end)
    }

    func test_parse_ignoresFoldedLinesAndGarbage() {
        XCTAssertNil(parse(" continued value\r\n"))
        XCTAssertNil(parse("no colon here\r\n"))
        XCTAssertNil(parse("HTTP/1.1 2x0 OK\r\n"))
        XCTAssertNil(parse("HTTP/1.1\r\n"))
    }

    private func parse(_ text: String) -> HeaderLine? {
        Array(text.utf8).withUnsafeBytes { HeaderLine($0) }
    }
}
