import ImageHeaders
import XCTest

final class ByteReaderTests: XCTestCase {
    func test_read_givesNumbersInEitherByteOrder() throws {
        var reader = ByteReader([0x12, 0x34, 0x12, 0x34, 0x01, 0x02, 0x03, 0x04, 0x01, 0x02, 0x03, 0x04, 0xAB])

        XCTAssertEqual(try reader.readUInt16(.bigEndian), 0x1234)
        XCTAssertEqual(try reader.readUInt16(.littleEndian), 0x3412)
        XCTAssertEqual(try reader.readUInt32(.bigEndian), 0x0102_0304)
        XCTAssertEqual(try reader.readUInt32(.littleEndian), 0x0403_0201)
        XCTAssertEqual(try reader.readUInt8(), 0xAB)
        XCTAssertTrue(reader.isAtEnd)
    }

    func test_read_throwsTruncatedAtTheEndAndLeavesTheReaderWhereItWas() throws {
        var reader = ByteReader([1, 2, 3])
        try reader.skip(1)

        XCTAssertThrowsError(try reader.readUInt32(.bigEndian)) { XCTAssertEqual(($0 as? ByteReader.Truncated).map { [$0.offset, $0.wanted] }, [1, 4]) }
        XCTAssertThrowsError(try reader.readBytes(3))
        XCTAssertThrowsError(try reader.skip(3))
        XCTAssertEqual(reader.offset, 1, "no failed read moved it")
        XCTAssertEqual(try reader.readUInt16(.bigEndian), 0x0203, "the bytes that are there")
        XCTAssertThrowsError(try reader.readUInt8())
    }

    func test_read_ofNothingThrowsTruncated() {
        var reader = ByteReader([])

        XCTAssertThrowsError(try reader.readUInt8())
        XCTAssertThrowsError(try reader.readUInt16(.littleEndian))
        XCTAssertEqual(try reader.readBytes(0), [], "no bytes are always there")
    }

    func test_read_refusesANegativeCountWithoutTrapping() {
        var reader = ByteReader([1, 2, 3])

        XCTAssertThrowsError(try reader.skip(-1))
        XCTAssertThrowsError(try reader.readBytes(-2))
        XCTAssertEqual(reader.offset, 0)
    }

    func test_readBytes_givesASliceAtTheIndexesOfTheArrayItCameFrom() throws {
        let bytes: [UInt8] = [9, 9, 1, 2, 3, 4, 9]
        var reader = ByteReader(bytes[2..<6])

        XCTAssertEqual(reader.index, 2)
        let slice = try reader.readBytes(3)

        XCTAssertEqual(slice.indices, 2..<5)
        XCTAssertEqual(Array(slice), [1, 2, 3])
        XCTAssertEqual(reader.remaining, 1)
        XCTAssertThrowsError(try reader.readUInt16(.bigEndian), "the byte after the slice is not the reader's")
    }

    func test_seek_movesWithinTheBytesAndRefusesPastTheEnd() throws {
        let bytes: [UInt8] = [0xFF, 10, 20, 30]
        var reader = ByteReader(bytes[1...])

        try reader.seek(toOffset: 2)
        XCTAssertEqual(try reader.readUInt8(), 30)
        try reader.seek(toOffset: 3)
        XCTAssertTrue(reader.isAtEnd, "the end is a place to seek to")
        XCTAssertThrowsError(try reader.seek(toOffset: 4)) { XCTAssertEqual(($0 as? ByteReader.Truncated).map { [$0.offset, $0.wanted] }, [4, 0]) }
        XCTAssertThrowsError(try reader.seek(toOffset: -1))
        XCTAssertThrowsError(try reader.seek(toOffset: Int(UInt32.max)))
        XCTAssertEqual(reader.offset, 3)
    }
}
