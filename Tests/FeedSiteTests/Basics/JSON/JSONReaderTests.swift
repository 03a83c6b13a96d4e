import Basics
import Foundation
import TestSupport
import XCTest

final class JSONReaderTests: XCTestCase {
    func test_read_deliversEveryKindOfValue() throws {
        let json = #" { "a": [1, -2.5, 3e2, 0.125E-1, true, false, null], "b": {"c": "d"}, "e": [] , "f": {} } "#

        XCTAssertEqual(
            try read(json),
            .object([
                "a": .array([.number(1), .number(-2.5), .number(300), .number(0.0125), .bool(true), .bool(false), .null]),
                "b": .object(["c": .string("d")]),
                "e": .array([]),
                "f": .object([:]),
            ]))
    }

    func test_read_decodesEscapesAndNonASCIIText() throws {
        let json = #"["quote \" backslash \\ slash \/ \b\f\n\r\t", "\u00e9\u03A3", "\ud83d\ude00", "Ελληνικά 😀 ação"]"#

        XCTAssertEqual(
            try read(json),
            .array([
                .string("quote \" backslash \\ slash / \u{08}\u{0C}\n\r\t"), .string("éΣ"), .string("😀"), .string("Ελληνικά 😀 ação"),
            ]))
    }

    func test_read_readsBackWhatJSONTextWrites() throws {
        let texts = ["", "plain", "<script>alert('x') & \"y\"</script>", "line\nbreak\ttab\r", "\u{01}\u{1F}", "Ελληνικά 😀", "back\\slash"]
        for text in texts {
            XCTAssertEqual(try read(JSONText.quoted(text)), .string(text), text)
        }
        var seed: UInt64 = 7
        for _ in 0..<500 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1
            let date = Date(timeIntervalSinceReferenceDate: Double(Int64(bitPattern: seed) % 4_000_000_000_000) / 1_000)
            XCTAssertEqual(try read(JSONText.date(date)), .number(date.timeIntervalSinceReferenceDate), "dates come back exactly")
        }
    }

    func test_read_rejectsMalformedJSONWithAnOffset() {
        let cases: [(String, String)] = [
            ("", "unexpected end of input"),
            ("{\"a\": 1", "unexpected end of input in an object"),
            ("[1, 2", "unexpected end of input in an array"),
            ("[1 2]", "expected ',' or ']'"),
            ("{\"a\" 1}", "expected ':'"),
            ("{a: 1}", "expected a key"),
            ("\"open", "unterminated string"),
            ("\"tab\there\"", "control character in a string"),
            (#""\x""#, "unknown escape"),
            (#""\u12""#, "\\u needs four hex digits"),
            (#""\ud83d\u""#, "\\u needs four hex digits"),
            (#""\ud83d\ude0""#, "\\u needs four hex digits"),
            (#""\ud83d\uzzzz""#, "\\u needs four hex digits"),
            (#""\u00g0""#, "\\u needs four hex digits"),
            ("01", "unexpected text after the JSON value"),
            ("1.", "digits must follow '.'"),
            (".5", "unexpected character"),
            ("1e", "digits must follow the exponent"),
            ("+1", "unexpected character"),
            ("tru", "expected true"),
            ("{} {}", "unexpected text after the JSON value"),
            (String(repeating: "[", count: 65) + String(repeating: "]", count: 65), "nested deeper than 64 levels"),
        ]
        for (json, message) in cases {
            XCTAssertThrowsError(try read(json), json) { error in
                XCTAssertEqual((error as? JSONReader.SyntaxError)?.message, message, json)
            }
        }
    }

    func test_read_decodesALoneSurrogateEscapeAsTheReplacementCharacterAndReadsOn() throws {
        let cases: [(String, String)] = [
            (#""\ud800""#, "\u{FFFD}"),
            (#""\udc00""#, "\u{FFFD}"),
            (#""\udfff""#, "\u{FFFD}"),
            (#""a\ud83d!""#, "a\u{FFFD}!"),
            (#""\ud83dxxxxxx""#, "\u{FFFD}xxxxxx"),
            (#""\ud83d\u0041""#, "\u{FFFD}A"),
            (#""\ud83d\n""#, "\u{FFFD}\n"),
            (#""\ud83d\ud83d""#, "\u{FFFD}\u{FFFD}"),
            (#""\ud83d\ud83d\ude00""#, "\u{FFFD}😀"),
            (#""\udc00\ud83d\ude00""#, "\u{FFFD}😀"),
            (#""\ude00\ud83d""#, "\u{FFFD}\u{FFFD}"),
            (#""caf\u00e9 \ud800 Ελληνικά""#, "café \u{FFFD} Ελληνικά"),
        ]
        for (json, text) in cases {
            XCTAssertEqual(try read(json), .string(text), json)
        }
    }

    func test_read_stillDecodesASurrogatePairToItsScalar() throws {
        XCTAssertEqual(try read(#""\ud83d\ude00 \ud800\udc00 \udbff\udfff""#), .string("😀 \u{10000} \u{10FFFF}"))
    }

    func test_read_rejectsInvalidUTF8() {
        XCTAssertThrowsError(try JSONReader.read(Data([0x22, 0xFF, 0x22])))
    }

    func test_read_rejectsInvalidUTF8AfterASCIIAndAroundEscapes() {
        let invalid: [[UInt8]] = [
            Array("\"abc".utf8) + [0xC3] + Array("\"".utf8),  // a truncated two-byte sequence at the end
            Array("\"abc".utf8) + [0xED, 0xA0, 0x80] + Array("\"".utf8),  // an encoded surrogate
            Array("\"a\\n".utf8) + [0x80] + Array("\"".utf8),  // a lone continuation byte after an escape
        ]
        for bytes in invalid {
            XCTAssertThrowsError(try JSONReader.read(Data(bytes)), "\(bytes)") { error in
                XCTAssertEqual((error as? JSONReader.SyntaxError)?.message, "invalid UTF-8")
            }
        }
    }

    private func read(_ text: String) throws -> JSONValue {
        try JSONReader.read(Data(text.utf8))
    }

    func test_string_readsTheLiteralAtAnOffset_asAWholeReadWould_andMovesPastIt() throws {
        let line = Data(#"{"a": "x \"y\" \u00e9 \ud83d\ude00\n", "b": 1}"#.utf8)
        var at = 6

        let text = try line.withUnsafeBytes { bytes in try JSONReader.string(in: bytes, at: &at) }

        XCTAssertEqual(text, try JSONReader.read(line)["a"]?.string)
        XCTAssertEqual(line[at...].prefix(2), Data(", ".utf8))
        var wrong = 0
        XCTAssertThrowsError(try line.withUnsafeBytes { bytes in try JSONReader.string(in: bytes, at: &wrong) })
        XCTAssertEqual(wrong, 0, "left where it was")
    }
}
