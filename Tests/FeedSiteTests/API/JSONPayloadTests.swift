import Foundation
import TestSupport
import XCTest

@testable import FeedCore

/// API bodies read field by field, with errors that say where, items counted from 1.
final class JSONPayloadTests: XCTestCase {
    func test_items_saysWhereABodyIsWrong() {
        let cases: [(String, String)] = [
            ("not json", "body is not JSON: expected null at offset 0"),
            (#"{"items":[]"#, "body is not JSON: unexpected end of input in an object at offset 11"),
            (#"{"items":"# + String(repeating: "[", count: 10_000), "body is not JSON: nested deeper than 64 levels at offset 72"),
            (#"[1, 2]"#, "body is not a JSON object with items"),
            (#"{"things":[]}"#, "items: missing"),
            (#"{"items":null}"#, "items: wrong type"),
            (#"{"items":{}}"#, "items: wrong type"),
            (#"{"items":[{}, 7]}"#, "items[2]: wrong type"),
        ]
        for (body, reason) in cases {
            XCTAssertThrowsError(try JSONPayload.items(Data(body.utf8)), body) { error in
                XCTAssertEqual((error as? MappingError)?.reason, reason, body)
            }
        }
    }

    func test_object_saysWhichFieldIsMissingOrOfTheWrongType() throws {
        let items = try JSONPayload.items(Data(#"{"items":[{"a":"x"},{"a":1,"b":null,"author":{}}]}"#.utf8))

        XCTAssertEqual(try items[0].string("a"), "x")
        XCTAssertNil(try items[1].optionalString("b"), "null is as good as missing")
        XCTAssertNil(try items[0].optionalString("b"))
        XCTAssertThrowsError(try items[1].string("a")) { XCTAssertEqual(($0 as? MappingError)?.reason, "items[2].a: wrong type") }
        XCTAssertThrowsError(try items[1].optionalString("a")) { XCTAssertEqual(($0 as? MappingError)?.reason, "items[2].a: wrong type") }
        XCTAssertThrowsError(try items[0].string("c")) { XCTAssertEqual(($0 as? MappingError)?.reason, "items[1].c: missing") }
        XCTAssertThrowsError(try items[1].object("author").string("username")) {
            XCTAssertEqual(($0 as? MappingError)?.reason, "items[2].author.username: missing")
        }
        XCTAssertThrowsError(try items[0].object("author")) { XCTAssertEqual(($0 as? MappingError)?.reason, "items[1].author: missing") }
    }

    func test_items_ignoresUnknownKeys() throws {
        let items = try JSONPayload.items(Data(#"{"items":[{"id":"1","extra":[1,{"x":true}]}],"next":null}"#.utf8))

        XCTAssertEqual(try items.map { try $0.string("id") }, ["1"])
    }
}
