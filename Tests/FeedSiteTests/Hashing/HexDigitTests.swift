import Hashing
import TestSupport
import XCTest

final class HexDigitTests: XCTestCase {
    func test_value_readsDigitsInEitherCase() {
        XCTAssertEqual(Array("0123456789".utf8).map(HexDigit.value), (0...9).map { $0 })
        XCTAssertEqual(Array("abcdef".utf8).map(HexDigit.value), (10...15).map { $0 })
        XCTAssertEqual(Array("ABCDEF".utf8).map(HexDigit.value), (10...15).map { $0 })
    }

    func test_value_isNilForEveryOtherByte() {
        let digits = Set("0123456789abcdefABCDEF".utf8)
        for byte in UInt8.min...UInt8.max where !digits.contains(byte) {
            XCTAssertNil(HexDigit.value(byte), "byte \(byte)")
        }
    }

    func test_isLowercase_holdsForTheDigitsLowerCaseHexWritesAndNoOtherByte() {
        let digits = Set("0123456789abcdef".utf8)
        for byte in UInt8.min...UInt8.max {
            XCTAssertEqual(HexDigit.isLowercase(byte), digits.contains(byte), "byte \(byte)")
        }
    }

    func test_byte_combinesTwoDigitsHighFirst() {
        XCTAssertEqual(HexDigit.byte(UInt8(ascii: "0"), UInt8(ascii: "0")), 0x00)
        XCTAssertEqual(HexDigit.byte(UInt8(ascii: "1"), UInt8(ascii: "f")), 0x1F)
        XCTAssertEqual(HexDigit.byte(UInt8(ascii: "F"), UInt8(ascii: "1")), 0xF1)
        XCTAssertEqual(HexDigit.byte(UInt8(ascii: "f"), UInt8(ascii: "F")), 0xFF)
    }

    func test_byte_isNilUnlessBothAreDigits() {
        XCTAssertNil(HexDigit.byte(UInt8(ascii: "g"), UInt8(ascii: "0")))
        XCTAssertNil(HexDigit.byte(UInt8(ascii: "0"), UInt8(ascii: "-")))
    }

    func test_lowercaseAndUppercase_writeEachValuesDigit() {
        XCTAssertEqual(String(decoding: (0..<16).map(HexDigit.lowercase), as: UTF8.self), "0123456789abcdef")
        XCTAssertEqual(String(decoding: (0..<16).map(HexDigit.uppercase), as: UTF8.self), "0123456789ABCDEF")
    }

    func test_value_readsBackWhatEitherCaseWrites() {
        for value in UInt8(0)..<16 {
            XCTAssertEqual(HexDigit.value(HexDigit.lowercase(value)), value)
            XCTAssertEqual(HexDigit.value(HexDigit.uppercase(value)), value)
        }
    }
}
