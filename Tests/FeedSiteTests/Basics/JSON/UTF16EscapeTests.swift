import Basics
import TestSupport
import XCTest

final class UTF16EscapeTests: XCTestCase {
    func test_decode_deliversAScalarOutsideTheSurrogatesWithoutReadingOn() {
        for (unit, scalar) in [(0x0000, "\u{0}"), (0x0041, "A"), (0x00E9, "é"), (0xD7FF, "\u{D7FF}"), (0xE000, "\u{E000}"), (0xFFFF, "\u{FFFF}")]
            as [(UInt16, Unicode.Scalar)]
        {
            XCTAssertEqual(
                UTF16Escape.decode(unit) {
                    XCTFail("read on after \(unit)")
                    return nil
                }, .scalar(scalar))
        }
    }

    func test_decode_combinesAHighAndALowSurrogate() {
        XCTAssertEqual(UTF16Escape.decode(0xD83D) { 0xDE00 }, .scalar("😀"))
        XCTAssertEqual(UTF16Escape.decode(0xD800) { 0xDC00 }, .scalar("\u{10000}"))
        XCTAssertEqual(UTF16Escape.decode(0xDBFF) { 0xDFFF }, .scalar("\u{10FFFF}"))
    }

    func test_decode_reportsAHighSurrogateWithoutALowOneAfterIt() {
        XCTAssertEqual(UTF16Escape.decode(0xD83D) { nil }, .unpairedHighSurrogate, "no escape follows")
        XCTAssertEqual(UTF16Escape.decode(0xD83D) { 0x0041 }, .unpairedHighSurrogate, "a plain character follows")
        XCTAssertEqual(UTF16Escape.decode(0xDBFF) { 0xDBFF }, .unpairedHighSurrogate, "another high surrogate follows")
        XCTAssertEqual(UTF16Escape.decode(0xD800) { 0xE000 }, .unpairedHighSurrogate, "just past the low surrogates")
    }

    func test_decode_reportsALowSurrogateWithoutAHighOneBefore() {
        XCTAssertEqual(UTF16Escape.decode(0xDC00) { nil }, .unpairedLowSurrogate)
        XCTAssertEqual(UTF16Escape.decode(0xDFFF) { nil }, .unpairedLowSurrogate)
    }

    func test_decode_rethrowsWhatReadingTheNextUnitThrows() {
        struct Unreadable: Error, Equatable {}

        XCTAssertThrowsError(try UTF16Escape.decode(0xD83D) { () throws(Unreadable) -> UInt16? in throw Unreadable() }) { error in
            XCTAssertEqual(error as? Unreadable, Unreadable())
        }
    }
}
