import FeedCore
import Foundation
import XCTest

final class FeedImageTests: XCTestCase {
    func test_url_isTheURLItWasMadeWith_forEveryKindOfWebURL() throws {
        let texts = [
            "http://images.example/a.png", "https://images.example:8443/a/b.jpg?size=large&v=2#top", "http://[::1]:8080/x.png",
            "http://127.0.0.1:18011/images/synthetic-1.png", "https://images.example/caf%C3%A9.png", "https://images.example/a%20b.png?q=a%2Fb",
            "https://xn--caf-dma.example/a.png", "HTTPS://Images.Example/A.PNG", "http://images.example/a b.png", "https://images.example/ümlaut.png",
        ]
        for text in texts {
            let url = try XCTUnwrap(WebURL.parse(text), text)

            let image = FeedImage(id: UUID(), description: nil, location: nil, url: url)

            XCTAssertEqual(image.url, url, text)
            XCTAssertEqual(image.address, url.absoluteString, text)
        }
    }

    func test_equality_followsTheURLsText() {
        let id = UUID()
        let image = { (text: String) in FeedImage(id: id, description: "d", location: "l", url: URL(string: text)!) }

        XCTAssertEqual(image("https://a.example/x.png"), image("https://a.example/x.png"))
        XCTAssertNotEqual(image("https://a.example/x.png"), image("https://a.example/y.png"))
    }
}
