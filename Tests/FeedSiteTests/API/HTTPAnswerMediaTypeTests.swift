import FeedCore
import Foundation
import XCTest

/// `HTTPAnswer.mediaType`: the `Content-Type` field's type and subtype, lower-cased, without
/// parameters or the spaces and tabs around them.
final class HTTPAnswerMediaTypeTests: XCTestCase {
    func test_mediaType_isTheFieldWithoutItsParametersLowerCased() {
        XCTAssertEqual(answer("text/html; charset=utf-8").mediaType, "text/html")
        XCTAssertEqual(answer("Image/SVG+XML").mediaType, "image/svg+xml")
        XCTAssertEqual(answer("image/png").mediaType, "image/png")
    }

    func test_mediaType_takesOffTheSpacesAndTabsAroundTheType() {
        XCTAssertEqual(answer(" \t image/svg+xml \t; q=1").mediaType, "image/svg+xml")
        XCTAssertEqual(answer("image/jpeg  ").mediaType, "image/jpeg")
    }

    func test_mediaType_isNilWithoutAFieldOrWithAnEmptyType() {
        XCTAssertNil(answer(nil).mediaType)
        XCTAssertNil(answer("").mediaType)
        XCTAssertNil(answer(" \t ").mediaType)
        XCTAssertNil(answer("; charset=utf-8").mediaType)
        XCTAssertNil(answer("  ;image/png").mediaType)
    }

    private func answer(_ contentType: String?) -> HTTPAnswer {
        HTTPAnswer(status: 200, url: URL(string: "https://example.org/a.png")!, contentType: contentType)
    }
}
