import FeedCore
import Foundation
import TestSupport
import XCTest

final class FeedImageDataMapperTests: XCTestCase {
    func test_map_deliversTheFormatOf200AnswerWithAnImageBody() throws {
        XCTAssertEqual(try FeedImageDataMapper.map(answer(200, bytes: 6), head: pngHead), .png)
    }

    func test_map_throwsInvalidDataOn200AnswerWithEmptyBody() {
        XCTAssertThrowsError(try FeedImageDataMapper.map(answer(200, bytes: 0), head: [])) { error in
            XCTAssertEqual((error as? MappingError)?.reason, "empty body")
        }
    }

    func test_map_throwsInvalidDataOnNon200Answer() {
        for status in [199, 201, 204, 206, 300, 304, 400, 404, 500] {
            XCTAssertThrowsError(try FeedImageDataMapper.map(answer(status, bytes: 6), head: pngHead), "status \(status)") { error in
                XCTAssertTrue(((error as? MappingError)?.reason ?? "").contains("\(status)"), "the reason names the status: \(error)")
            }
        }
    }

    func test_map_throwsNotAnImageWithTypeAndSizeOnAnHTMLPageAnsweredWith200() {
        let page = Array("<!DOCTYPE html><html>login</html>".utf8)

        XCTAssertThrowsError(try FeedImageDataMapper.map(answer(200, bytes: page.count, type: "text/html; charset=utf-8"), head: page)) { error in
            XCTAssertEqual((error as? MappingError)?.reason, "not an image (text/html, 33 bytes)")
        }
    }

    func test_map_throwsNotAnImageWithoutContentType() {
        XCTAssertThrowsError(try FeedImageDataMapper.map(answer(200, bytes: 1_024), head: Array("plain text".utf8))) { error in
            XCTAssertEqual((error as? MappingError)?.reason, "not an image (no content type, 1,024 bytes)")
        }
    }

    func test_map_acceptsSVGOnlyWhenServedAsSVG() throws {
        let svg = Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)

        XCTAssertEqual(try FeedImageDataMapper.map(answer(200, bytes: svg.count, type: "image/svg+xml"), head: svg), .svg)
        XCTAssertThrowsError(try FeedImageDataMapper.map(answer(200, bytes: svg.count, type: "text/xml"), head: svg))
        XCTAssertThrowsError(try FeedImageDataMapper.map(answer(200, bytes: svg.count, type: "text/html"), head: Array("<?xml version=\"1.0\"?><html>".utf8)))
    }

    func test_map_ignoresTheContentTypeOfARealImage() throws {
        XCTAssertEqual(try FeedImageDataMapper.map(answer(200, bytes: 6, type: "application/octet-stream"), head: pngHead), .png)
    }

    // MARK: - Helpers

    private let pngHead: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]

    private func answer(_ status: Int, bytes: Int, type: String? = nil) -> HTTPAnswer {
        HTTPAnswer(status: status, url: anyURL(), contentType: type, bodyBytes: bytes)
    }
}
