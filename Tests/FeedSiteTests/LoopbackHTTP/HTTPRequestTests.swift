import Foundation
import LoopbackHTTP
import TestSupport
import XCTest

final class HTTPRequestTests: XCTestCase {
    func test_path_isTheTargetWithoutTheQuery() {
        XCTAssertEqual(makeRequest("/v1/feed?limit=10&after_id=X").path, "/v1/feed")
        XCTAssertEqual(makeRequest("/v1/feed").path, "/v1/feed")
        XCTAssertEqual(makeRequest("/v1/feed?").path, "/v1/feed")
    }

    func test_path_isPercentDecoded() {
        XCTAssertEqual(makeRequest("/images/a%20b.png?x=1").path, "/images/a b.png")
    }

    func test_query_deliversParameters() {
        XCTAssertEqual(makeRequest("/v1/feed?limit=10&after_id=ABC").query, ["limit": "10", "after_id": "ABC"])
    }

    func test_query_isEmptyWithoutQuery() {
        XCTAssertEqual(makeRequest("/v1/feed").query, [:])
    }

    func test_query_letsTheLastRepeatedNameWin() {
        XCTAssertEqual(makeRequest("/feed?limit=1&limit=2").query, ["limit": "2"])
    }

    func test_query_deliversEmptyValueForNameWithoutValue() {
        XCTAssertEqual(makeRequest("/feed?flag&limit=3").query, ["flag": "", "limit": "3"])
    }

    func test_query_decodesPercentEncodedValues() {
        XCTAssertEqual(makeRequest("/feed?q=a%20b").query["q"], "a b")
    }

    // MARK: - Helpers

    private func makeRequest(_ target: String) -> HTTPRequest {
        HTTPRequest(method: "GET", target: target)
    }
}
