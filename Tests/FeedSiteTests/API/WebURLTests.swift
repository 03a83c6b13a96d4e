import FeedCore
import Foundation
import TestSupport
import XCTest

final class WebURLTests: XCTestCase {
    func test_parse_acceptsAbsoluteHTTPAndHTTPSURLs() {
        for text in [
            "http://a.com", "https://a.com/image.png", "https://a.com:8443/x/y.jpg?size=1#frag", "http://127.0.0.1:9/images/1.png", "HTTPS://A.COM/B.PNG",
            "Http://a.com",
        ] {
            XCTAssertEqual(WebURL.parse(text)?.absoluteString, text, text)
        }
    }

    func test_parse_rejectsOtherSchemes() {
        for text in [
            "ftp://a.com/image.png", "javascript:alert(1)", "file:///etc/passwd", "data:image/png;base64,AAAA", "mailto:a@b.com", "gopher://a.com",
            "httpx://a.com",
        ] {
            XCTAssertNil(WebURL.parse(text), text)
        }
    }

    func test_parse_rejectsRelativeURLs() {
        for text in ["/images/1.png", "images/1.png", "//a.com/1.png", "?x=1", ""] {
            XCTAssertNil(WebURL.parse(text), text)
        }
    }

    func test_parse_rejectsHTTPURLsWithoutHost() {
        for text in ["http://", "https:///path", "http:relative"] {
            XCTAssertNil(WebURL.parse(text), text)
        }
    }

    func test_parse_rejectsText() {
        for text in ["not a url", "http ://a.com", " "] {
            XCTAssertNil(WebURL.parse(text), text)
        }
    }

    func test_withoutCredentials_removesTheUserAndPasswordAndKeepsTheRestAsItWas() {
        let cases = [
            ("http://user:pass@a.com/x.png?q=1#f", "http://a.com/x.png?q=1#f"),
            ("https://user@a.com:8443/x", "https://a.com:8443/x"),
            ("http://:pw@a.com/x", "http://a.com/x"),
            ("http://@a.com/x", "http://a.com/x"),
            ("http://u%40x:p%3Aw@a.com/p%20q?x=%41&y=a@b", "http://a.com/p%20q?x=%41&y=a@b"),
            ("http://u:p@[::1]:8080/x", "http://[::1]:8080/x"),
            ("HTTP://U:P@A.COM/B.PNG", "HTTP://A.COM/B.PNG"),
        ]
        for (given, expected) in cases {
            XCTAssertEqual(WebURL.parse(given).flatMap(WebURL.withoutCredentials)?.absoluteString, expected, given)
        }
    }

    func test_withoutCredentials_isNilForAURLThatHoldsNone() {
        for text in ["http://a.com/x", "https://a.com/@x", "http://a.com/x?u=a@b", "http://a.com/x#a@b", "http://127.0.0.1:9/images/1.png"] {
            XCTAssertNil(WebURL.parse(text).flatMap(WebURL.withoutCredentials), text)
        }
    }
}
