import Foundation
import SiteGenerator
import XCTest

final class BaseURLTests: XCTestCase {
    func test_address_ofTheIndexIsTheBaseItself() throws {
        let base = try XCTUnwrap(BaseURL("https://example.org/feed"))

        XCTAssertEqual(base.address(of: "index.html"), "https://example.org/feed/")
    }

    func test_address_ofAFurtherLocalesIndexIsItsFolder() throws {
        let base = try XCTUnwrap(BaseURL("https://example.org/feed/"))

        XCTAssertEqual(base.address(of: "pt-BR/index.html"), "https://example.org/feed/pt-BR/")
    }

    func test_address_ofAnyOtherFileIsItsPathAfterTheBase() throws {
        let base = try XCTUnwrap(BaseURL("http://127.0.0.1:8080"))

        XCTAssertEqual(base.address(of: "page/2.html"), "http://127.0.0.1:8080/page/2.html")
        XCTAssertEqual(base.address(of: "el/comments/ABC.html"), "http://127.0.0.1:8080/el/comments/ABC.html")
        XCTAssertEqual(base.address(of: "images/abc.png"), "http://127.0.0.1:8080/images/abc.png")
        XCTAssertEqual(base.address(of: "feed.json"), "http://127.0.0.1:8080/feed.json")
    }

    func test_init_refusesWhatIsNotAnAbsoluteHTTPURLWithoutQueryOrFragment() {
        for text in ["/feed", "example.org", "mailto:a@b.c", "ftp://example.org/", "https://example.org/?a=1", "https://example.org/#x", "https:///x"] {
            XCTAssertNil(BaseURL(text), text)
        }
    }
}
