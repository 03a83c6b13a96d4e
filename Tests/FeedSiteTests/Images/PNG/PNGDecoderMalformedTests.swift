import Deflate
import Images
import TestSupport
import XCTest

/// Files no tool writes: broken, hostile or odd, put together chunk by chunk.
final class PNGDecoderMalformedTests: XCTestCase {
    private typealias B = PNGFileBuilder

    /// A 2 × 2 8-bit RGB picture, not filtered.
    private let rgbRows: [UInt8] = [0, 1, 2, 3, 4, 5, 6, 0, 7, 8, 9, 10, 11, 12]

    func test_decode_readsAWellFormedHandMadeFile() throws {
        let bitmap = try PNGDecoder.decode(B.png(width: 2, height: 2, bitDepth: 8, colourType: 2, rows: rgbRows), maxPixels: 4).bitmap

        XCTAssertEqual(bitmap, Bitmap(width: 2, height: 2, layout: .rgb, samples: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]))
    }

    func test_decode_refusesAChunkWhoseCRCIsWrong() {
        var png = B.png(width: 2, height: 2, bitDepth: 8, colourType: 2, rows: rgbRows)
        png[png.count - 20] ^= 0x01  // inside the IDAT's stream

        assertDecodeThrows(png, .malformed("the IDAT chunk fails its CRC"))
    }

    func test_decode_refusesAPictureOverThePixelLimitBeforeReadingItsImageData() {
        let png = B.signature + B.ihdr(width: 60_000, height: 60_000, bitDepth: 8, colourType: 6) + B.chunk("IDAT", [1, 2, 3]) + B.chunk("IEND", [])

        assertDecodeThrows(png, .tooManyPixels(width: 60_000, height: 60_000, limit: 50_000_000), maxPixels: 50_000_000)
        XCTAssertEqual(try PNGDecoder.header(png).width, 60_000, "the header alone is still read")
    }

    func test_decode_refusesImageDataTooSmallToFillThePictureWithoutInflatingIt() {
        let png = B.png(width: 20_000, height: 20_000, bitDepth: 16, colourType: 6, rows: [0, 0, 0])

        assertDecodeThrows(png, .malformed("11 bytes of image data cannot hold 20000 × 20000 pixels"), maxPixels: 400_000_000)
    }

    func test_decode_refusesAFileWithoutTheSignature() {
        assertDecodeThrows(Array("GIF89a".utf8), .malformed("no PNG signature"))
        assertDecodeThrows([], .malformed("no PNG signature"))
    }

    func test_decode_refusesAFileWhoseFirstChunkIsNotIHDR() {
        let png =
            B.signature + B.chunk("tEXt", Array("a\0b".utf8)) + B.ihdr(width: 2, height: 2, bitDepth: 8, colourType: 2)
            + B.chunk("IDAT", Zlib.deflate(rgbRows)) + B.chunk("IEND", [])

        assertDecodeThrows(png, .malformed("the first chunk is not IHDR"))
    }

    func test_decode_refusesAFileThatEndsBeforeIEND() {
        let png = B.png(width: 2, height: 2, bitDepth: 8, colourType: 2, rows: rgbRows)

        assertDecodeThrows(Array(png.dropLast(12)), .malformed("the file ends before its IEND chunk"))
        assertDecodeThrows(Array(png.dropLast(5)), .malformed("the file ends inside a chunk"))
        assertDecodeThrows(Array(png.dropLast(14)), .malformed("the file ends inside the IDAT chunk"))
    }

    func test_header_readsAFileCutShortInItsImageDataThatDecodeRefuses() throws {
        let png = Array(B.png(width: 2, height: 2, bitDepth: 8, colourType: 2, middle: B.chunk("tEXt", Array("a\0b".utf8)), rows: rgbRows).dropLast(16))

        let header = try PNGDecoder.header(png)

        XCTAssertEqual([header.width, header.height], [2, 2])
        XCTAssertFalse(header.hasAlpha)
        assertDecodeThrows(png, .malformed("the file ends inside the IDAT chunk"))
    }

    func test_decode_refusesAFileWithoutImageData() {
        assertDecodeThrows(B.signature + B.ihdr(width: 2, height: 2, bitDepth: 8, colourType: 2) + B.chunk("IEND", []), .malformed("no IDAT chunk"))
    }

    func test_decode_refusesIDATChunksWithAnotherChunkBetweenThem() {
        let stream = Zlib.deflate(rgbRows)
        let png =
            B.signature + B.ihdr(width: 2, height: 2, bitDepth: 8, colourType: 2) + B.chunk("IDAT", Array(stream.prefix(5)))
            + B.chunk("tEXt", Array("a\0b".utf8)) + B.chunk("IDAT", Array(stream.dropFirst(5))) + B.chunk("IEND", [])

        assertDecodeThrows(png, .malformed("IDAT chunks apart from each other"))
    }

    func test_decode_refusesAnUnknownFilterType() {
        var rows = rgbRows
        rows[7] = 5

        assertDecodeThrows(B.png(width: 2, height: 2, bitDepth: 8, colourType: 2, rows: rows), .malformed("filter type 5"))
    }

    func test_decode_refusesHeadersThePNGFormatDoesNotAllow() {
        let cases: [([UInt8], ImageDecodingError)] = [
            (B.ihdr(width: 2, height: 2, bitDepth: 16, colourType: 3), .malformed("bit depth 16 with colour type 3")),
            (B.ihdr(width: 2, height: 2, bitDepth: 4, colourType: 2), .malformed("bit depth 4 with colour type 2")),
            (B.ihdr(width: 2, height: 2, bitDepth: 8, colourType: 5), .malformed("colour type 5")),
            (B.ihdr(width: 0, height: 2, bitDepth: 8, colourType: 2), .malformed("a size of 0 × 2 pixels")),
            (B.ihdr(width: 0x8000_0000, height: 2, bitDepth: 8, colourType: 2), .malformed("a size of 2147483648 × 2 pixels")),
            (B.chunk("IHDR", [0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0]), .malformed("an IHDR chunk of 12 bytes, not 13")),
            (B.chunk("IHDR", [0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 1, 0, 0]), .malformed("compression method 1")),
            (B.chunk("IHDR", [0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 1, 0]), .malformed("filter method 1")),
            (B.chunk("IHDR", [0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 2]), .malformed("interlace method 2")),
        ]

        for (ihdr, error) in cases {
            assertDecodeThrows(B.signature + ihdr + B.chunk("IDAT", Zlib.deflate(rgbRows)) + B.chunk("IEND", []), error)
        }
    }

    func test_decode_saysUnsupportedForAnUnknownCriticalChunkAndSkipsAnUnknownAncillaryOne() throws {
        let critical = B.png(width: 2, height: 2, bitDepth: 8, colourType: 2, middle: B.chunk("ZZZZ", [1]), rows: rgbRows)
        let ancillary = B.png(width: 2, height: 2, bitDepth: 8, colourType: 2, middle: B.chunk("zzZZ", [1]), rows: rgbRows)

        assertDecodeThrows(critical, .unsupported("the PNG chunk ZZZZ"))
        XCTAssertEqual(try PNGDecoder.decode(ancillary, maxPixels: 4).bitmap.samples.count, 12)
    }

    func test_decode_refusesAChunkTypeThatIsNotFourLetters() {
        assertDecodeThrows(
            B.png(width: 2, height: 2, bitDepth: 8, colourType: 2, middle: B.chunk("a1b2", []), rows: rgbRows),
            .malformed("a chunk type that is not four letters"))
    }

    func test_decode_refusesAPalettePictureWithoutItsPaletteOrWithAPaletteTooLong() {
        let palette = B.chunk("PLTE", [UInt8](repeating: 7, count: 771))

        assertDecodeThrows(B.png(width: 1, height: 1, bitDepth: 8, colourType: 3, rows: [0, 0]), .malformed("a palette picture without its PLTE chunk"))
        assertDecodeThrows(B.png(width: 1, height: 1, bitDepth: 8, colourType: 3, middle: palette, rows: [0, 0]), .malformed("a palette of 771 bytes"))
        assertDecodeThrows(
            B.png(width: 1, height: 1, bitDepth: 8, colourType: 0, middle: B.chunk("PLTE", [1, 2, 3]), rows: [0, 0]),
            .malformed("a palette in a grey picture"))
    }

    func test_decode_refusesMoreAlphaValuesThanPaletteEntries() {
        let chunks = B.chunk("PLTE", [1, 2, 3]) + B.chunk("tRNS", [0, 0])

        assertDecodeThrows(
            B.png(width: 1, height: 1, bitDepth: 8, colourType: 3, middle: chunks, rows: [0, 0]), .malformed("more alpha values than palette entries"))
    }

    func test_decode_showsAnIndexPastThePaletteAsOpaqueBlack() throws {
        let chunks = B.chunk("PLTE", [10, 20, 30]) + B.chunk("tRNS", [128])

        let bitmap = try PNGDecoder.decode(B.png(width: 2, height: 1, bitDepth: 8, colourType: 3, middle: chunks, rows: [0, 0, 9]), maxPixels: 2).bitmap

        XCTAssertEqual(bitmap, Bitmap(width: 2, height: 1, layout: .rgba, samples: [10, 20, 30, 128, 0, 0, 0, 255]))
    }

    func test_decode_givesRGBForAPaletteWhoseAlphaValuesAreAllOpaque() throws {
        let chunks = B.chunk("PLTE", [10, 20, 30, 40, 50, 60]) + B.chunk("tRNS", [255, 255])
        let png = B.png(width: 2, height: 1, bitDepth: 8, colourType: 3, middle: chunks, rows: [0, 1, 0])

        XCTAssertEqual(try PNGDecoder.decode(png, maxPixels: 2).bitmap, Bitmap(width: 2, height: 1, layout: .rgb, samples: [40, 50, 60, 10, 20, 30]))
        XCTAssertFalse(try PNGDecoder.header(png).hasAlpha)
    }

    func test_decode_makesAKeyColourOfTwoBitGreyTransparentComparingTheSamplesAsStored() throws {
        // Samples 0, 1, 2, 3 (one byte: 00 01 10 11); the key is 1, which shows as 85.
        let png = B.png(width: 4, height: 1, bitDepth: 2, colourType: 0, middle: B.chunk("tRNS", [0, 1]), rows: [0, 0b0001_1011])

        let bitmap = try PNGDecoder.decode(png, maxPixels: 4).bitmap

        XCTAssertEqual(bitmap, Bitmap(width: 4, height: 1, layout: .grayAlpha, samples: [0, 255, 85, 0, 170, 255, 255, 255]))
    }

    func test_decode_roundsSixteenBitSamplesToTheNearestEightBitValue() throws {
        let samples: [UInt16] = [0, 128, 129, 32_767, 32_768, 65_406, 65_407, 65_535]
        let row: [UInt8] = [0] + samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }

        let bitmap = try PNGDecoder.decode(B.png(width: 8, height: 1, bitDepth: 16, colourType: 0, rows: row), maxPixels: 8).bitmap

        XCTAssertEqual(bitmap.samples, [0, 0, 1, 127, 128, 254, 255, 255])
    }

    func test_decode_undoesEachOfTheFiveFilters() throws {
        // Three rows of 3 RGB pixels; each row filtered in the test, the way the format defines it.
        let pixels: [[UInt8]] = [
            [200, 10, 30, 250, 0, 90, 3, 128, 255],
            [190, 20, 31, 5, 254, 80, 100, 127, 0],
            [0, 255, 1, 77, 66, 55, 44, 33, 22],
        ]
        for first in 0...4 {
            for rest in 0...4 {
                var rows: [UInt8] = []
                for (y, row) in pixels.enumerated() {
                    let filter = UInt8(y == 0 ? first : rest)
                    rows += [filter] + Self.filter(row, above: y == 0 ? [UInt8](repeating: 0, count: 9) : pixels[y - 1], type: filter)
                }

                let bitmap = try PNGDecoder.decode(B.png(width: 3, height: 3, bitDepth: 8, colourType: 2, rows: rows), maxPixels: 9).bitmap

                XCTAssertEqual(bitmap.samples, pixels.flatMap { $0 }, "first row filter \(first), then \(rest)")
            }
        }
    }

    func test_decode_keepsTheFirstICCProfileAndRefusesADamagedOne() throws {
        let profile = Array("a profile".utf8)
        let good = B.chunk("iCCP", Array("ICC profile".utf8) + [0, 0] + Zlib.deflate(profile))
        let second = B.chunk("iCCP", Array("other".utf8) + [0, 0] + Zlib.deflate([1, 2, 3]))
        let damaged = B.chunk("iCCP", Array("ICC profile".utf8) + [0, 0, 1, 2, 3])
        let nameless = B.chunk("iCCP", [0, 0] + Zlib.deflate(profile))

        let picture = try PNGDecoder.decode(B.png(width: 2, height: 2, bitDepth: 8, colourType: 2, middle: good + second, rows: rgbRows), maxPixels: 4)

        XCTAssertEqual(picture.iccProfile, profile)
        XCTAssertThrowsError(try PNGDecoder.decode(B.png(width: 2, height: 2, bitDepth: 8, colourType: 2, middle: damaged, rows: rgbRows), maxPixels: 4)) {
            guard case .malformed? = $0 as? ImageDecodingError else { return XCTFail("\($0)") }
        }
        assertDecodeThrows(
            B.png(width: 2, height: 2, bitDepth: 8, colourType: 2, middle: nameless, rows: rgbRows), .malformed("an iCCP chunk without its profile's name"))
    }

    func test_decode_refusesAnICCProfileOverFourMegabytes() {
        let huge = B.chunk("iCCP", Array("ICC profile".utf8) + [0, 0] + Zlib.deflate([UInt8](repeating: 0, count: 4 << 20 + 1)))

        assertDecodeThrows(
            B.png(width: 2, height: 2, bitDepth: 8, colourType: 2, middle: huge, rows: rgbRows), .unsupported("an ICC profile over 4194304 bytes"))
    }

    func test_decode_dropsTheExifPrefixSomeWritersKeepInEXIf() throws {
        let tiff: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0]
        let png = B.png(width: 2, height: 2, bitDepth: 8, colourType: 2, middle: B.chunk("eXIf", Array("Exif".utf8) + [0, 0] + tiff), rows: rgbRows)

        XCTAssertEqual(try PNGDecoder.decode(png, maxPixels: 4).exif, tiff)
    }

    func test_decodeAndHeader_endInAResultOrATypedErrorForTruncatedAndBitFlippedCopiesOfEveryFixture() throws {
        var generator = SeededGenerator(seed: 29)
        var decoded = 0
        var refused = 0
        for name in try PNGDecoderFixtureTests.allFixtureNames() {
            let original = try PNGDecoderFixtureTests.fixture(name)
            for attempt in 0..<200 {
                var bytes = original
                if attempt % 4 == 0 {
                    bytes.removeLast(Int.random(in: 1..<bytes.count, using: &generator))
                } else {
                    for _ in 0..<Int.random(in: 1...4, using: &generator) {
                        bytes[Int.random(in: 8..<bytes.count, using: &generator)] ^= UInt8(1) << UInt8.random(in: 0...7, using: &generator)
                    }
                    // Most flips would stop at a CRC: fixing the CRCs lets them reach what the chunks hold.
                    if attempt % 4 != 1 { bytes = B.withCRCsFixed(bytes) }
                }
                _ = try? PNGDecoder.header(bytes)
                do {
                    let bitmap = try PNGDecoder.decode(bytes, maxPixels: 10_000).bitmap
                    XCTAssertEqual(bitmap.samples.count, bitmap.width * bitmap.height * bitmap.layout.channels)
                    decoded += 1
                } catch {
                    refused += 1
                }
            }
        }

        XCTAssertGreaterThan(decoded, 30, "damage inside pixel data still decodes")
        XCTAssertGreaterThan(refused, 1_000)
    }

    private static func filter(_ row: [UInt8], above: [UInt8], type: UInt8) -> [UInt8] {
        (0..<row.count).map { x in
            let a = x >= 3 ? Int(row[x - 3]) : 0
            let b = Int(above[x])
            let c = x >= 3 ? Int(above[x - 3]) : 0
            let predicted: Int
            switch type {
            case 1: predicted = a
            case 2: predicted = b
            case 3: predicted = (a + b) / 2
            case 4:
                let p = a + b - c
                let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
            default: predicted = 0
            }
            return UInt8(truncatingIfNeeded: Int(row[x]) - predicted)
        }
    }

}

extension XCTestCase {
    /// That decoding `png` throws `expected`.
    func assertDecodeThrows(_ png: [UInt8], _ expected: ImageDecodingError, maxPixels: Int = 100, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try PNGDecoder.decode(png, maxPixels: maxPixels), file: file, line: line) {
            XCTAssertEqual($0 as? ImageDecodingError, expected, file: file, line: line)
        }
    }
}
