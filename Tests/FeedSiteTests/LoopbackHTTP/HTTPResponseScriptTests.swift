import Foundation
import LoopbackHTTP
import TestSupport
import XCTest

final class HTTPResponseScriptTests: XCTestCase {
    func test_next_answersInOrderThenRepeatsTheLastAnswer() {
        let script = HTTPResponseScript([HTTPResponse(status: 503), HTTPResponse(status: 429), .json("{}")])

        let statuses = (0..<5).map { script.next(anyRequest("/\($0)")).status }

        XCTAssertEqual(statuses, [503, 429, 200, 200, 200])
    }

    func test_next_recordsEveryRequestInOrder() {
        let script = HTTPResponseScript([.json("{}")])

        _ = script.next(anyRequest("/a"))
        _ = script.next(anyRequest("/b"))

        XCTAssertEqual(script.requests.map(\.target), ["/a", "/b"])
        XCTAssertEqual(script.count, 2)
    }

    func test_init_recordsNoRequests() {
        let script = HTTPResponseScript([.json("{}")])

        XCTAssertEqual(script.count, 0)
        XCTAssertTrue(script.requests.isEmpty)
    }

    // MARK: - Helpers

    private func anyRequest(_ target: String) -> HTTPRequest {
        HTTPRequest(method: "GET", target: target)
    }
}
