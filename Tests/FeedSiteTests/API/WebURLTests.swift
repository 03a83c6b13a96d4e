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
}
