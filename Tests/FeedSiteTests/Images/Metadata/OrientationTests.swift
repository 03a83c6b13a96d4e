import Images
import TestSupport
import XCTest

final class OrientationTests: XCTestCase {
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

    func test_apply_matchesPillowsEXIFTransposeForEachOrientation() throws {
        let source = Bitmap(width: 5, height: 3, layout: .rgb, samples: try MetadataFixtures.bytes("orientation-source-5x3.rgb"))
        for orientation in Orientation.allCases {
            let shown = orientation.apply(to: source)
            let size = orientation.orientedSize(width: 5, height: 3)

            XCTAssertEqual([shown.width, shown.height], [size.width, size.height], "\(orientation)")
            XCTAssertEqual(shown.samples, try MetadataFixtures.bytes("orientation-\(orientation.rawValue)-shown.rgb"), "\(orientation)")
        }
    }

    func test_apply_movesWholePixelsOfEveryLayout() throws {
        // The source's RGB pixels are all different, so Pillow's result says where each came from.
        let rgb = try MetadataFixtures.bytes("orientation-source-5x3.rgb")
        let pixels = (0..<15).map { Array(rgb[$0 * 3..<$0 * 3 + 3]) }
        for layout in [Bitmap.Layout.gray, .grayAlpha, .rgba] {
            let channels = layout.channels
            let source = Bitmap(width: 5, height: 3, layout: layout, samples: (0..<15 * channels).map { UInt8($0) })
            for orientation in Orientation.allCases {
                let reference = try MetadataFixtures.bytes("orientation-\(orientation.rawValue)-shown.rgb")
                var expected: [UInt8] = []
                for shownPixel in 0..<15 {
                    let from = try XCTUnwrap(pixels.firstIndex(of: Array(reference[shownPixel * 3..<shownPixel * 3 + 3])))
                    expected += source.samples[from * channels..<from * channels + channels]
                }

                XCTAssertEqual(orientation.apply(to: source).samples, expected, "\(layout) \(orientation)")
            }
        }
    }

    func test_apply_composesIntoTheIdentityAcrossTiles() {
        let source = Bitmap(width: 131, height: 70, layout: .rgb, samples: SeededGenerator.bytes(count: 131 * 70 * 3, seed: 6))
        let right = Orientation.right.apply(to: source)

        XCTAssertEqual(Orientation.left.apply(to: right), source)
        XCTAssertEqual(Orientation.right.apply(to: right), Orientation.down.apply(to: source))
        XCTAssertEqual(Orientation.leftMirrored.apply(to: Orientation.leftMirrored.apply(to: source)), source)
        XCTAssertEqual(Orientation.rightMirrored.apply(to: Orientation.rightMirrored.apply(to: source)), source)
        XCTAssertEqual(Orientation.upMirrored.apply(to: Orientation.right.apply(to: source)), Orientation.leftMirrored.apply(to: source))
        XCTAssertEqual(Orientation.up.apply(to: source), source)
    }

    func test_apply_keepsAnEmptyBitmap() {
        let empty = Bitmap(width: 0, height: 4, layout: .rgb)

        XCTAssertEqual(Orientation.right.apply(to: empty), empty)
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

    /// A big-endian TIFF header and one directory of `entries` (tag, type, count, value field).
    private func tiff(entries: [(tag: Int, type: Int, count: Int, value: [UInt8])]) -> [UInt8] {
        var out: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, UInt8(entries.count)]
        for entry in entries {
            out += [UInt8(entry.tag >> 8), UInt8(entry.tag & 0xFF), 0, UInt8(entry.type), 0, 0, 0, UInt8(entry.count)] + entry.value
        }
        return out + [0, 0, 0, 0]
    }
}
