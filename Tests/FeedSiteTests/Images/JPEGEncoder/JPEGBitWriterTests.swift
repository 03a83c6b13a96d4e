import XCTest

@testable import Images

final class JPEGBitWriterTests: XCTestCase {
    func test_write_followsEachFFByteWithAZeroByte() {
        var writer = JPEGBitWriter(bytes: [])

        writer.write(0xFF, count: 8)
        writer.write(0x12, count: 8)
        writer.write(0xFFFF, count: 16)

        XCTAssertEqual(writer.bytes, [0xFF, 0x00, 0x12, 0xFF, 0x00, 0xFF, 0x00])
    }

    func test_write_packsBitsMostSignificantFirstAcrossBytes() {
        var writer = JPEGBitWriter(bytes: [0xAA])

        writer.write(0b101, count: 3)
        writer.write(0b0_1100_0011_1, count: 10)
        writer.flush()

        // 101, 01100 00111, then three 1-bits of padding: 1010 1100, 0011 1111.
        XCTAssertEqual(writer.bytes, [0xAA, 0xAC, 0x3F])
    }

    func test_flush_padsWithOneBitsAndStuffsAnFFItMakes() {
        var writer = JPEGBitWriter(bytes: [])

        writer.write(0b1111, count: 4)
        writer.flush()

        XCTAssertEqual(writer.bytes, [0xFF, 0x00])
    }
}
