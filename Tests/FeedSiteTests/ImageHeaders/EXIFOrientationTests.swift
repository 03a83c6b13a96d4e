import ImageHeaders
import TestSupport
import XCTest

/// The orientation read from EXIF: in a JPEG's APP1 segment, or PNG's eXIf chunk.
final class EXIFOrientationTests: XCTestCase {
    func test_readFromJPEG_findsEachOrientationInBigEndianEXIF() throws {
        for value in 1...8 {
            XCTAssertEqual(Orientation.read(fromJPEG: try MetadataFixtures.bytes("orientation-\(value)-be.jpg")).rawValue, value)
        }
    }

    func test_readFromJPEG_findsEachOrientationInLittleEndianEXIF() throws {
        for value in 1...8 {
            XCTAssertEqual(Orientation.read(fromJPEG: try MetadataFixtures.bytes("orientation-\(value)-le.jpg")).rawValue, value)
        }
    }

    func test_readFromJPEG_isUpForAJPEGWithoutEXIF() throws {
        XCTAssertEqual(Orientation.read(fromJPEG: try MetadataFixtures.bytes("plain.jpg")), .up)
    }

    func test_readFromJPEG_skipsAnAPP1SegmentThatIsNotEXIF() throws {
        let exiftool = try MetadataFixtures.bytes("orientation-6-le.jpg")
        let xmp = MetadataFixtures.segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>".utf8))

        XCTAssertEqual(Orientation.read(fromJPEG: [0xFF, 0xD8] + xmp + exiftool.dropFirst(2)), .right)
    }

    func test_readFromJPEG_ignoresEXIFAfterTheFirstScan() throws {
        let exif = try MetadataFixtures.bytes("orientation-6-le.jpg")
        let jpeg = MetadataFixtures.jpeg([]).dropLast(2) + exif.dropFirst(2)

        XCTAssertEqual(Orientation.read(fromJPEG: Array(jpeg)), .up)
    }

    func test_readFromTIFF_readsPillowsPNGEXIfChunk() throws {
        for value in 1...8 {
            let png = try MetadataFixtures.bytes("orientation-\(value).png")
            let exif = try XCTUnwrap(PNGTestBytes.chunks(png).first { $0.type == "eXIf" })

            XCTAssertEqual(Orientation.read(fromTIFF: exif.data).rawValue, value)
        }
    }

    func test_readFromTIFF_acceptsALongValue() {
        XCTAssertEqual(Orientation.read(fromTIFF: tiff(entries: [(0x0112, 4, 1, [0, 0, 0, 8])])), .left)
    }

    func test_readFromTIFF_readsALongValueAsWellAsAShortInEitherByteOrder() {
        XCTAssertEqual(Orientation.read(fromTIFF: tiff(.bigEndian, entries: [(0x0112, 3, 1, [0, 6, 0, 0])])), .right)
        XCTAssertEqual(Orientation.read(fromTIFF: tiff(.bigEndian, entries: [(0x0112, 4, 1, [0, 0, 0, 6])])), .right)
        XCTAssertEqual(Orientation.read(fromTIFF: tiff(.littleEndian, entries: [(0x0112, 3, 1, [6, 0, 0, 0])])), .right)
        XCTAssertEqual(Orientation.read(fromTIFF: tiff(.littleEndian, entries: [(0x0112, 4, 1, [6, 0, 0, 0])])), .right)
        XCTAssertEqual(Orientation.read(fromTIFF: tiff(.littleEndian, entries: [(0x0112, 4, 1, [5, 0, 0, 0])])), .leftMirrored)
    }

    func test_readFromTIFF_isUpForACountOfZero() {
        XCTAssertEqual(Orientation.read(fromTIFF: tiff(entries: [(0x0112, 3, 0, [0, 6, 0, 0])])), .up)
        XCTAssertEqual(Orientation.read(fromTIFF: tiff(.littleEndian, entries: [(0x0112, 4, 0, [6, 0, 0, 0])])), .up)
    }

    func test_readFromTIFF_isUpWhenAnOffsetOrCountPointsPastTheEnd() {
        let good = tiff(entries: [(0x0110, 3, 1, [0, 1, 0, 0]), (0x0112, 3, 1, [0, 6, 0, 0])])
        var farDirectory = good
        farDirectory.replaceSubrange(4..<8, with: [0x7F, 0xFF, 0xFF, 0xFF])
        var directoryAtTheEnd = good
        directoryAtTheEnd.replaceSubrange(4..<8, with: [0, 0, 0, UInt8(good.count)])
        var moreEntriesThanThereAre = Array(good.prefix(10 + 12))
        moreEntriesThanThereAre[9] = 2

        XCTAssertEqual(Orientation.read(fromTIFF: good), .right, "the control case")
        XCTAssertEqual(Orientation.read(fromTIFF: farDirectory), .up)
        XCTAssertEqual(Orientation.read(fromTIFF: directoryAtTheEnd), .up)
        XCTAssertEqual(Orientation.read(fromTIFF: moreEntriesThanThereAre), .up)
        for length in 0..<good.count - 4 {
            XCTAssertEqual(Orientation.read(fromTIFF: Array(good.prefix(length))), .up, "cut to \(length) bytes")
        }
    }

    func test_readFromTIFF_readsAnEntryOnlyWhenItIsWhole() {
        let entry = tiff(entries: [(0x0112, 3, 1, [0, 6, 0, 0])])

        XCTAssertEqual(Orientation.read(fromTIFF: Array(entry.prefix(10 + 12))), .right)
        XCTAssertEqual(Orientation.read(fromTIFF: Array(entry.prefix(10 + 11))), .up, "the value is there, the entry is not whole")
    }

    func test_readFromAPP1_isNilForASegmentThatHoldsNoEXIF() {
        XCTAssertNil(Orientation.read(fromAPP1: Array("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>".utf8)[...]))
        XCTAssertNil(Orientation.read(fromAPP1: []))
        XCTAssertEqual(Orientation.read(fromAPP1: (Orientation.exifSignature + tiff(entries: [(0x0112, 3, 1, [0, 8, 0, 0])]))[...]), .left)
        XCTAssertEqual(Orientation.read(fromAPP1: Orientation.exifSignature[...]), .up, "EXIF, but nothing to read")
    }

    func test_readFromJPEG_isDecidedByTheFirstEXIFBlock() {
        let first = MetadataFixtures.segment(0xE1, Orientation.exifSignature + tiff(entries: [(0x0112, 3, 1, [0, 1, 0, 0])]))
        let second = MetadataFixtures.segment(0xE1, Orientation.exifSignature + tiff(entries: [(0x0112, 3, 1, [0, 6, 0, 0])]))

        XCTAssertEqual(Orientation.read(fromJPEG: MetadataFixtures.jpeg([first, second])), .up)
        XCTAssertEqual(Orientation.read(fromJPEG: MetadataFixtures.jpeg([second, first])), .right)
    }

    func test_readFromTIFF_isUpForWhatItCannotRead() {
        let cases: [(String, [UInt8])] = [
            ("empty", []),
            ("unknown byte order", Array("XX\0*\0\0\0\u{8}".utf8) + [0, 0]),
            ("not 42", [0x4D, 0x4D, 0, 43, 0, 0, 0, 8, 0, 0]),
            ("directory past the end", [0x4D, 0x4D, 0, 42, 0xFF, 0xFF, 0xFF, 0xFF]),
            ("directory at the last byte", [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0]),
            ("more entries than bytes", [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0xFF, 0xFF, 1, 0x12, 0, 3]),
            ("value 0", tiff(entries: [(0x0112, 3, 1, [0, 0, 0, 0])])),
            ("value 9", tiff(entries: [(0x0112, 3, 1, [0, 9, 0, 0])])),
            ("a text value", tiff(entries: [(0x0112, 2, 1, [0, 6, 0, 0])])),
            ("two values", tiff(entries: [(0x0112, 3, 2, [0, 6, 0, 6])])),
            ("no orientation tag", tiff(entries: [(0x0110, 3, 1, [0, 6, 0, 0])])),
        ]
        for (name, bytes) in cases {
            XCTAssertEqual(Orientation.read(fromTIFF: bytes), .up, name)
        }
        XCTAssertEqual(Orientation.read(fromTIFF: tiff(entries: [(0x0110, 3, 1, [0, 6, 0, 0]), (0x0112, 3, 1, [0, 3, 0, 0])])), .down, "the control case")
    }

    func test_orientedSize_swapsWidthAndHeightForQuarterTurns() {
        XCTAssertEqual(Orientation.allCases.map { $0.orientedSize(width: 4, height: 3).width }, [4, 4, 4, 4, 3, 3, 3, 3])
        XCTAssertEqual(Orientation.allCases.map { $0.orientedSize(width: 4, height: 3).height }, [3, 3, 3, 3, 4, 4, 4, 4])
    }

    func test_read_endsWithAnOrientationForTruncatedAndBitFlippedFiles() throws {
        var generator = SeededGenerator(seed: 112)
        var notUp = 0
        for name in ["orientation-6-be.jpg", "orientation-8-le.jpg", "orientation-3-le.jpg"] {
            let original = try MetadataFixtures.bytes(name)
            for attempt in 0..<1000 {
                var damaged = original
                if attempt % 4 == 0 {
                    damaged.removeLast(Int.random(in: 1..<original.count, using: &generator))
                } else {
                    // The first 130 bytes hold the APP1 segment: flip there most of the time.
                    for _ in 0..<(1 + attempt % 3) {
                        damaged[Int.random(in: 0..<min(130, damaged.count), using: &generator)] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
                    }
                }
                if Orientation.read(fromJPEG: damaged) != .up { notUp += 1 }
            }
        }
        XCTAssertGreaterThan(notUp, 0)
    }

    /// A TIFF header in `order` and one directory of `entries` (tag, type, count, and the value
    /// field's four bytes as stored).
    private func tiff(_ order: ByteOrder = .bigEndian, entries: [(tag: Int, type: Int, count: Int, value: [UInt8])]) -> [UInt8] {
        func number(_ value: Int, _ size: Int) -> [UInt8] {
            (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (order == .bigEndian ? size - 1 - $0 : $0))) }
        }
        var out: [UInt8] = (order == .bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]) + number(42, 2) + number(8, 4) + number(entries.count, 2)
        for entry in entries {
            out += number(entry.tag, 2) + number(entry.type, 2) + number(entry.count, 4) + entry.value
        }
        return out + number(0, 4)
    }
}
