import Deflate
import Images
import TestSupport
import XCTest

/// The image data: how far it may inflate, and where its stream may end.
final class PNGDecoderImageDataTests: XCTestCase {
    private typealias B = PNGFileBuilder

    /// A 2 × 2 8-bit RGB picture, not filtered.
    private let rgbRows: [UInt8] = [0, 1, 2, 3, 4, 5, 6, 0, 7, 8, 9, 10, 11, 12]

    func test_decode_refusesImageDataThatEndsBeforeThePicture() {
        assertDecodeThrows(B.png(width: 2, height: 2, bitDepth: 8, colourType: 2, rows: Array(rgbRows.dropLast())), .malformed("the image data ends early"))
    }

    func test_decode_refusesImageDataLongerThanThePicture() {
        assertDecodeThrows(B.png(width: 2, height: 2, bitDepth: 8, colourType: 2, rows: rgbRows + [0]), .malformed("more image data than 2 × 2 pixels"))
    }

    func test_decode_refusesImageDataWhoseStreamIsCutShort() {
        let stream = Zlib.deflate(rgbRows)
        let png =
            B.signature + B.ihdr(width: 2, height: 2, bitDepth: 8, colourType: 2) + B.chunk("IDAT", Array(stream.dropLast(4)))
            + B.chunk("IEND", [])

        assertDecodeThrows(png, .malformed("the image data: the zlib stream ends early"))
    }

    func test_decode_ignoresBytesAfterTheImageDataStreamsEnd() throws {
        let png =
            B.signature + B.ihdr(width: 2, height: 2, bitDepth: 8, colourType: 2) + B.chunk("IDAT", Zlib.deflate(rgbRows) + [1, 2, 3])
            + B.chunk("IEND", [])

        XCTAssertEqual(try PNGDecoder.decode(png, maxPixels: 4).bitmap.samples, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    }

    /// A deflate bomb's shape: a sixteen-bit picture whose rows after the first repeat it
    /// (filter Up, all zeros), so 8 MB of scanlines deflate to a few kilobytes, cut into
    /// IDAT chunks of 100 bytes; plain and interlaced.
    func test_decode_readsAPictureWhoseImageDataInflatesByAThousandTimes() throws {
        let (width, height) = (1_000, 1_000)
        // Each sixteen-bit sample is an eight-bit one times 257, which rounds back to it exactly.
        let firstSamples: [UInt8] = (0..<width * 4).map { UInt8(truncatingIfNeeded: $0 &* 37 >> 2) }
        let first = firstSamples.flatMap { [$0, $0] }
        var expected: [UInt8] = []
        for _ in 0..<height { expected += firstSamples }
        for interlaced in [false, true] {
            var rows: [UInt8] = []
            let adam7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            let passes = interlaced ? adam7 : [(0, 0, 1, 1)]
            for (xStart, yStart, xStep, yStep) in passes {
                let passHeight = (height - yStart + yStep - 1) / yStep
                var passRow: [UInt8] = []
                for x in Swift.stride(from: xStart, to: width, by: xStep) { passRow += first[x * 8..<x * 8 + 8] }
                rows += [0] + passRow
                for _ in 1..<passHeight { rows += [2] + [UInt8](repeating: 0, count: passRow.count) }
            }
            let stream = Zlib.deflate(rows, level: 9)
            XCTAssertGreaterThan(rows.count, stream.count * 500, "the stream inflates by hundreds of times")
            var idat: [UInt8] = []
            for start in Swift.stride(from: 0, to: stream.count, by: 100) { idat += B.chunk("IDAT", Array(stream[start..<min(start + 100, stream.count)])) }
            let png = B.signature + B.ihdr(width: width, height: height, bitDepth: 16, colourType: 6, interlaced: interlaced) + idat + B.chunk("IEND", [])

            let bitmap = try PNGDecoder.decode(png, maxPixels: width * height).bitmap

            XCTAssertEqual(bitmap.layout, .rgba)
            XCTAssertTrue(bitmap.samples == expected, "interlaced: \(interlaced)")
        }
    }
}
