import Basics
import Foundation
import TestSupport
import XCTest

/// `JSONReader.read(_:streaming:_:)`, as the cache files (`"value"`) and the manifest
/// (`"files"`) use it: the named array's elements are handed over one at a time.
final class JSONReaderStreamingTests: XCTestCase {
    // MARK: - Handing over

    func test_read_streamsEachElementOfTheNamedArrayInOrder() throws {
        let (result, elements) = stream(#"{"value": [1, "two", {"three": 3}, [4], true, false, null]}"#)

        XCTAssertEqual(elements, [.number(1), .string("two"), .object(["three": .number(3)]), .array([.number(4)]), .bool(true), .bool(false), .null])
        XCTAssertNoThrow(try result.get())
    }

    func test_read_keepsNoStreamedElementInTheReturnedObject() throws {
        let (result, elements) = stream(#"{"timestamp": 5, "value": [1, 2], "others": [3, 4], "name": "n"}"#)

        XCTAssertEqual(elements, [.number(1), .number(2)])
        XCTAssertEqual(
            try result.get(),
            .object([
                "timestamp": .number(5), "value": .array([]), "others": .array([.number(3), .number(4)]), "name": .string("n"),
            ]))
    }

    func test_read_streamsTheNamedArrayWhereverItStandsAmongTheMembers() throws {
        for json in [#"{"value": [1], "a": 0}"#, #"{"a": 0, "value": [1]}"#, #"{"a": 0, "value": [1], "b": 0}"#] {
            let (result, elements) = stream(json)

            XCTAssertEqual(elements, [.number(1)], json)
            XCTAssertEqual(try result.get()["value"], .array([]), json)
        }
    }

    func test_read_streamsEveryTopLevelMemberOfThatNameWhenTheKeyRepeats() throws {
        let (result, elements) = stream(#"{"value": [1], "value": [2, 3]}"#)

        XCTAssertEqual(elements, [.number(1), .number(2), .number(3)])
        XCTAssertEqual(try result.get(), .object(["value": .array([])]))
    }

    func test_read_streamsNothingForAnEmptyArray() throws {
        for json in [#"{"value":[]}"#, #"{"value": [ ] }"#] {
            let (result, elements) = stream(json)

            XCTAssertEqual(elements, [], json)
            XCTAssertEqual(try result.get(), .object(["value": .array([])]), json)
        }
    }

    // MARK: - Only the top-level member

    func test_read_keepsAnArrayOfTheSameNameNestedInAnotherMember() throws {
        let (result, elements) = stream(#"{"outer": {"value": [1, 2]}, "value": [3]}"#)

        XCTAssertEqual(elements, [.number(3)])
        XCTAssertEqual(try result.get()["outer"], .object(["value": .array([.number(1), .number(2)])]))
    }

    func test_read_handsOverAnElementWithItsOwnMemberOfThatNameWhole() {
        let (_, elements) = stream(#"{"value": [{"value": [1, 2]}]}"#)

        XCTAssertEqual(elements, [.object(["value": .array([.number(1), .number(2)])])])
    }

    func test_read_streamsNothingWhenTheTopLevelValueIsNotAnObject() throws {
        let (result, elements) = stream(#"[{"value": [1]}]"#)

        XCTAssertEqual(elements, [])
        XCTAssertEqual(try result.get(), .array([.object(["value": .array([.number(1)])])]))
    }

    func test_read_withoutTheNamedMemberStreamsNothingAndReturnsTheObjectWithoutIt() throws {
        let (result, elements) = stream(#"{"timestamp": 1, "values": [1]}"#)

        XCTAssertEqual(elements, [])
        XCTAssertEqual(try result.get(), .object(["timestamp": .number(1), "values": .array([.number(1)])]))
        XCTAssertNil(try result.get()["value"])
    }

    func test_read_streamsTheMemberNamedByTheKey() {
        let (_, elements) = stream(#"{"value": [1], "files": [2]}"#, key: "files")

        XCTAssertEqual(elements, [.number(2)])
    }

    // MARK: - Refusing an element

    func test_read_stopsWithUnexpectedElementAtTheElementTheCallbackRefuses() {
        let json = #"{"value": [1, 2, 3]}"#
        let (result, elements) = stream(json) { $0 != .number(2) }

        XCTAssertEqual(elements, [.number(1), .number(2)], "nothing after the refused element")
        XCTAssertEqual(result.failure?.message, "unexpected element")
        XCTAssertEqual(result.failure?.offset, offset(of: ", 2", in: json) + 1, "just after the comma, before the space")
    }

    func test_read_refusingTheFirstElementFailsAtThatElement() {
        let json = #"{"value":[7]}"#
        let (result, elements) = stream(json) { _ in false }

        XCTAssertEqual(elements, [.number(7)])
        XCTAssertEqual(result.failure?.message, "unexpected element")
        XCTAssertEqual(result.failure?.offset, offset(of: "7", in: json))
    }

    // MARK: - Malformed input

    func test_read_throwsWhenTheNamedMemberIsNotAnArray() {
        for json in [#"{"value": {"a": 1}}"#, #"{"value": "x"}"#, #"{"value": null}"#, #"{"value": 1}"#] {
            let (result, elements) = stream(json)

            XCTAssertEqual(elements, [], json)
            XCTAssertEqual(result.failure?.message, "expected an array", json)
            XCTAssertEqual(result.failure?.offset, #"{"value": "#.utf8.count, "at the value, after the space: \(json)")
        }
    }

    func test_read_throwsOnInputTruncatedMidArrayAfterHandingOverTheElementsBeforeIt() {
        let cases: [(json: String, message: String, elements: [JSONValue])] = [
            (#"{"value": [1, 2, "#, "unexpected end of input", [.number(1), .number(2)]),
            (#"{"value": [1, 2"#, "unexpected end of input in an array", [.number(1), .number(2)]),
            (#"{"value": ["#, "unexpected end of input", []),
            (#"{"value": [{"a": 1}, {"a": "#, "unexpected end of input", [.object(["a": .number(1)])]),
            (#"{"value": [1, "tw"#, "unterminated string", [.number(1)]),
            (#"{"value": [1, 2]"#, "unexpected end of input in an object", [.number(1), .number(2)]),
        ]
        for (json, message, expected) in cases {
            let (result, elements) = stream(json)

            XCTAssertEqual(elements, expected, json)
            XCTAssertEqual(result.failure?.message, message, json)
            XCTAssertEqual(result.failure?.offset, json.utf8.count, json)
        }
    }

    func test_read_throwsOnAMissingCommaBetweenElements() {
        let (result, elements) = stream(#"{"value": [1 2]}"#)

        XCTAssertEqual(elements, [.number(1)])
        XCTAssertEqual(result.failure?.message, "expected ',' or ']'")
    }

    func test_read_throwsOnTextAfterTheObjectAfterHandingOverEveryElement() {
        let (result, elements) = stream(#"{"value": [1, 2]} x"#)

        XCTAssertEqual(elements, [.number(1), .number(2)])
        XCTAssertEqual(result.failure?.message, "unexpected text after the JSON value")
    }

    func test_read_countsTheStreamedArrayTowardTheNestingLimit() {
        func json(elementDepth: Int) -> String {
            #"{"value": ["# + String(repeating: "[", count: elementDepth) + String(repeating: "]", count: elementDepth) + "]}"
        }

        let deepest = stream(json(elementDepth: 62))
        XCTAssertEqual(deepest.elements.count, 1, "object, array and 62 levels: 64")
        XCTAssertNoThrow(try deepest.result.get())
        XCTAssertEqual(stream(json(elementDepth: 63)).result.failure?.message, "nested deeper than 64 levels")
    }

    // MARK: - What elements hold

    func test_read_decodesEscapesAndSurrogatePairsInStreamedElements() {
        let (result, elements) = stream(#"{"value": ["caf\u00e9 \ud83d\ude00 \"q\" \\ \/ \n\t", {"text": "\u03A3 Ελληνικά"}]}"#)

        XCTAssertEqual(elements, [.string("café 😀 \"q\" \\ / \n\t"), .object(["text": .string("Σ Ελληνικά")])])
        XCTAssertNoThrow(try result.get())
    }

    func test_read_decodesALoneSurrogateInAStreamedElementAsTheReplacementCharacter() {
        let (result, elements) = stream(#"{"value": ["ok", "\ud83d!"]}"#)

        XCTAssertEqual(elements, [.string("ok"), .string("\u{FFFD}!")])
        XCTAssertNoThrow(try result.get())
    }

    func test_read_streamsNumbersAndNestedObjectsWhole() {
        let json = #"{"value": [-0.5, 3e2, 0, {"path": "a/b", "size": 12, "nested": {"deep": [1, {"x": null}]}}]}"#
        let (_, elements) = stream(json)

        XCTAssertEqual(
            elements,
            [
                .number(-0.5), .number(300), .number(0),
                .object([
                    "path": .string("a/b"), "size": .number(12),
                    "nested": .object(["deep": .array([.number(1), .object(["x": .null])])]),
                ]),
            ])
    }

    // MARK: - Helpers

    /// Reads `json` streaming `key`, recording every element handed over, accepted or not.
    private func stream(
        _ json: String,
        key: String = "value",
        accepting accept: @escaping (JSONValue) -> Bool = { _ in true }
    ) -> (result: Result<JSONValue, JSONReader.SyntaxError>, elements: [JSONValue]) {
        var elements: [JSONValue] = []
        let result = Result { () throws(JSONReader.SyntaxError) -> JSONValue in
            try JSONReader.read(Data(json.utf8), streaming: key) { element in
                elements.append(element)
                return accept(element)
            }
        }
        return (result, elements)
    }

    /// The UTF-8 offset of the first `text` in `json`.
    private func offset(of text: String, in json: String) -> Int {
        json.utf8.distance(from: json.startIndex, to: json.range(of: text)!.lowerBound)
    }
}

extension Result {
    fileprivate var failure: Failure? {
        guard case let .failure(error) = self else { return nil }
        return error
    }
}
