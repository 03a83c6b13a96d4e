import FeedCore
import Foundation
import SampleAPI
import TestSupport
import XCTest

final class ImageDimensionsTests: XCTestCase {
    // MARK: - PNG

    func test_read_png() {
        expect(ImageHeaderBytes.png(width: 640, height: 427), toRead: (640, 427))
    }

    func test_read_pngOfTheDemosPictures() {
        expect(SampleArt.png(theme: 0, seed: 1, size: 7), toRead: (7, 7))
    }

    func test_read_pngWithAZeroSideHasNone() {
        expect(ImageHeaderBytes.png(width: 0, height: 427), toRead: nil)
        expect(ImageHeaderBytes.png(width: 640, height: 0), toRead: nil)
    }

    func test_read_pngLargerThanTheFormatAllowsHasNone() {
        expect(ImageHeaderBytes.png(width: 0x8000_0000, height: 1), toRead: nil)
    }

    func test_read_pngWhoseFirstChunkIsNotIHDRHasNone() {
        var bytes = ImageHeaderBytes.png(width: 640, height: 427)
        bytes.replaceSubrange(12..<16, with: Array("IDAT".utf8))
        expect(bytes, toRead: nil)
    }

    // MARK: - GIF

    func test_read_gif87aAndGif89a() {
        expect(ImageHeaderBytes.gif(width: 320, height: 240, version: "GIF87a"), toRead: (320, 240))
        expect(ImageHeaderBytes.gif(width: 65_535, height: 1), toRead: (65_535, 1))
    }

    func test_read_gifOfJustItsScreenDescriptor() {
        expect(Array(ImageHeaderBytes.gif(width: 12, height: 34).prefix(10)), toRead: (12, 34))
    }

    func test_read_gifWithAZeroSideHasNone() {
        expect(ImageHeaderBytes.gif(width: 0, height: 240), toRead: nil)
    }

    // MARK: - WebP

    func test_read_webpLossyVP8() {
        expect(ImageHeaderBytes.webpVP8(width: 1024, height: 768), toRead: (1024, 768))
    }

    func test_read_webpVP8IgnoresTheScaleBits() {
        expect(ImageHeaderBytes.webpVP8(width: 0xC000 | 300, height: 0x4000 | 200), toRead: (300, 200))
    }

    func test_read_webpVP8WithoutTheStartCodeHasNone() {
        var bytes = ImageHeaderBytes.webpVP8(width: 1024, height: 768)
        bytes[24] = 0x00
        expect(bytes, toRead: nil)
    }

    func test_read_webpLosslessVP8L() {
        expect(ImageHeaderBytes.webpVP8L(width: 1, height: 1), toRead: (1, 1))
        expect(ImageHeaderBytes.webpVP8L(width: 16_384, height: 9_000), toRead: (16_384, 9_000))
    }

    func test_read_webpExtendedVP8X() {
        expect(ImageHeaderBytes.webpVP8X(width: 4_000, height: 3_000), toRead: (4_000, 3_000))
        expect(ImageHeaderBytes.webpVP8X(width: 1 << 24, height: 1), toRead: (1 << 24, 1))
    }

    func test_read_riffThatIsNotWebPHasNone() {
        var bytes = ImageHeaderBytes.webpVP8X(width: 4, height: 3)
        bytes.replaceSubrange(8..<12, with: Array("WAVE".utf8))
        expect(bytes, toRead: nil)
    }

    // MARK: - JPEG

    func test_read_jpegBaseline() {
        expect(ImageHeaderBytes.jpeg(width: 1200, height: 800), toRead: (1200, 800))
    }

    func test_read_jpegProgressiveSOF2() {
        expect(ImageHeaderBytes.jpeg(width: 1200, height: 800, frameMarker: 0xC2), toRead: (1200, 800))
    }

    func test_read_jpegFrameAfterEXIFAndMoreThan64KiBOfOtherSegments() {
        let bytes = ImageHeaderBytes.jpeg(width: 4032, height: 3024, orientation: 1, exifPadding: 200_000)

        XCTAssertGreaterThan(bytes.count, 200_000)
        expect(bytes, toRead: (4032, 3024))
    }

    func test_read_jpegTurnedByItsEXIFOrientation() {
        for orientation in 1...8 {
            let expected = orientation >= 5 ? (3024, 4032) : (4032, 3024)
            expect(ImageHeaderBytes.jpeg(width: 4032, height: 3024, orientation: orientation), toRead: expected, "orientation \(orientation)")
        }
    }

    func test_read_jpegTurnedByAnOrientationStoredAsALong() {
        expect(ImageHeaderBytes.jpeg(width: 4032, height: 3024, orientation: 6, longOrientation: true), toRead: (3024, 4032))
        expect(ImageHeaderBytes.jpeg(width: 4032, height: 3024, orientation: 3, longOrientation: true), toRead: (4032, 3024))
    }

    func test_read_jpegIgnoresTablesThatShareTheFrameMarkersRange() {
        // DHT (0xC4) before the frame is a table, not a frame header.
        var bytes: [UInt8] = [0xFF, 0xD8] + ImageHeaderBytes.segment(0xC4, Array(repeating: 0, count: 17))
        bytes += Array(ImageHeaderBytes.jpeg(width: 10, height: 20).dropFirst(2))
        expect(bytes, toRead: (10, 20))
    }

    func test_read_jpegWithAZeroHeightHasNone() {
        // A height of 0 is set later by a DNL segment, after the image data.
        expect(ImageHeaderBytes.jpeg(width: 1200, height: 0), toRead: nil)
    }

    func test_read_jpegWithScanDataBeforeAnyFrameHasNone() {
        expect([0xFF, 0xD8] + ImageHeaderBytes.segment(0xDA, [1, 2, 3]) + ImageHeaderBytes.jpeg(width: 10, height: 20), toRead: nil)
    }

    func test_read_jpegWithGarbageWhereAMarkerShouldBeHasNone() {
        expect([0xFF, 0xD8, 0x12, 0x34] + ImageHeaderBytes.jpeg(width: 10, height: 20), toRead: nil)
        expect([0xFF, 0xD8, 0xFF, 0x00, 0x00, 0x00], toRead: nil)
    }

    func test_read_jpegWithASegmentLengthBelowTwoHasNone() {
        expect([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01] + Array(ImageHeaderBytes.jpeg(width: 10, height: 20).dropFirst(2)), toRead: nil)
    }

    func test_read_jpegWithAFrameHeaderTooShortHasNone() {
        expect([0xFF, 0xD8] + ImageHeaderBytes.segment(0xC0, [8, 0, 20]), toRead: nil)
    }

    // MARK: - Cut short, damaged, other formats

    func test_read_everyTruncationOfEveryFormatEndsWithoutCrashingAndNeverGuessesWrong() {
        let images: [([UInt8], (Int, Int))] = [
            (ImageHeaderBytes.png(width: 640, height: 427), (640, 427)),
            (ImageHeaderBytes.gif(width: 320, height: 240), (320, 240)),
            (ImageHeaderBytes.webpVP8(width: 1024, height: 768), (1024, 768)),
            (ImageHeaderBytes.webpVP8L(width: 99, height: 77), (99, 77)),
            (ImageHeaderBytes.webpVP8X(width: 4_000, height: 3_000), (4_000, 3_000)),
            (ImageHeaderBytes.jpeg(width: 1200, height: 800, orientation: 6), (800, 1200)),
        ]
        for (bytes, size) in images {
            for length in 0...bytes.count {
                let read = ImageDimensions.read(from: bytes.prefix(length))
                if let read { XCTAssertEqual([read.width, read.height], [size.0, size.1], "\(length) of \(bytes.count) bytes") }
            }
        }
    }

    func test_read_jpegCutBeforeItsFrameHeaderHasNone() {
        let bytes = ImageHeaderBytes.jpeg(width: 1200, height: 800, orientation: 6)
        let frame = bytes.indices.first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }!
        expect(Array(bytes.prefix(frame + 8)), toRead: nil)
        expect(Array(bytes.prefix(frame + 9)), toRead: (800, 1200))
    }

    func test_read_randomBytesNeverCrash() {
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<2_000 {
            var bytes = (0..<Int.random(in: 0...64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if Bool.random(using: &generator) { bytes = [0xFF, 0xD8] + bytes }
            _ = ImageDimensions.read(from: bytes)
        }
    }

    func test_read_otherFormatsAndTextHaveNone() {
        expect([], toRead: nil)
        expect(Array("BM".utf8) + Array(repeating: 1, count: 60), toRead: nil)
        expect(Array("<svg width='10' height='10'/>".utf8), toRead: nil)
        expect(Array("<!DOCTYPE html><html><body>sign in</body></html>".utf8), toRead: nil)
    }

    // MARK: - Streaming

    func test_consume_givesTheSameSizeWhateverTheChunks() {
        let images = [
            ImageHeaderBytes.png(width: 640, height: 427), ImageHeaderBytes.gif(width: 3, height: 4), ImageHeaderBytes.webpVP8X(width: 5, height: 6),
            ImageHeaderBytes.jpeg(width: 1200, height: 800, orientation: 8, exifPadding: 70_000),
        ]
        for bytes in images {
            let whole = ImageDimensions.read(from: bytes)
            XCTAssertNotNil(whole)
            for chunkSize in [1, 2, 3, 7, 64, 4_096, 65_536] {
                var reader = ImageDimensionsReader()
                for start in stride(from: 0, to: bytes.count, by: chunkSize) {
                    reader.consume(bytes[start..<min(bytes.count, start + chunkSize)])
                }
                XCTAssertEqual(reader.dimensions, whole, "chunks of \(chunkSize)")
            }
        }
    }

    func test_consume_finishesAtTheImageDataAndIgnoresTheRest() {
        var reader = ImageDimensionsReader()
        let bytes = ImageHeaderBytes.jpeg(width: 1200, height: 800)

        reader.consume(bytes)
        reader.consume(Data(repeating: 0xFF, count: 1_000_000))

        XCTAssertTrue(reader.isFinished)
        XCTAssertEqual(reader.dimensions, ImageDimensions(width: 1200, height: 800))
    }

    func test_init_refusesZeroNegativeAndOversizedSides() {
        XCTAssertNil(ImageDimensions(width: 0, height: 1))
        XCTAssertNil(ImageDimensions(width: 1, height: -1))
        XCTAssertNil(ImageDimensions(width: Int(Int32.max) + 1, height: 1))
        XCTAssertEqual(ImageDimensions(width: Int(Int32.max), height: 1)?.width, Int(Int32.max))
    }

    // MARK: - Helpers

    private func expect(_ bytes: [UInt8], toRead expected: (Int, Int)?, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        let read = ImageDimensions.read(from: bytes)
        XCTAssertEqual(read.map { [$0.width, $0.height] }, expected.map { [$0.0, $0.1] }, message, file: file, line: line)
    }
}
