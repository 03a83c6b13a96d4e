import Foundation
import Images
import TestSupport
import XCTest

final class GIFDecoderTests: XCTestCase {
    private static let limit = 50_000_000

    func test_decode_matchesPillowOnAnImageWithAGlobalTable() throws {
        try assertMatchesPillow("im-rose", layout: .rgb)
    }

    func test_decode_matchesPillowOnAnInterlacedImage() throws {
        try assertMatchesPillow("im-rose-interlaced", layout: .rgb)
    }

    func test_decode_matchesPillowOnGIF87aNoiseThatFillsTheCodeTable() throws {
        try assertMatchesPillow("pil-noise-87a", layout: .rgb)
    }

    func test_decode_usesTheLocalColourTableOverTheGlobalOne() throws {
        try assertMatchesPillow("pil-local-table", layout: .rgb)
    }

    func test_decode_matchesPillowOnOddSizes() throws {
        try assertMatchesPillow("im-odd-17x3", layout: .rgb)
        try assertMatchesPillow("im-1x1", layout: .rgb)
    }

    func test_decode_makesTheTransparentIndexTransparent() throws {
        try assertMatchesPillow("im-transparent", layout: .rgba)
        try assertMatchesPillow("pil-transparent", layout: .rgba)
    }

    func test_decode_readsOnlyTheFirstFrameOfAnAnimation() throws {
        try assertMatchesPillow("pil-animated", layout: .rgb)
    }

    func test_decode_placesASmallerFrameOnTheScreenAndLeavesTheRestTransparent() throws {
        // Pillow paints the uncovered screen with colour 0 unless the file has a transparent
        // index; this decoder leaves it transparent, so only the frame (10 × 8 at 5, 7) is compared.
        let bitmap = try GIFDecoder.decode(fixture("im-frame-smaller.gif"), maxPixels: Self.limit)
        let reference = try fixture("im-frame-smaller.rgba")

        XCTAssertEqual([bitmap.width, bitmap.height], [30, 20])
        XCTAssertEqual(bitmap.layout, .rgba)
        for y in 0..<20 {
            for x in 0..<30 {
                let offset = (y * 30 + x) * 4
                let inFrame = (5..<15).contains(x) && (7..<15).contains(y)
                let expected = inFrame ? Array(reference[offset..<offset + 4]) : [0, 0, 0, 0]
                XCTAssertEqual(Array(bitmap.samples[offset..<offset + 4]), expected, "pixel \(x), \(y)")
            }
        }
        try assertMatchesPillow("im-frame-smaller-transparent", layout: .rgba)
    }

    func test_decode_givesRGBWhenTheTransparentIndexIsNeverUsed() throws {
        let gif = GIFTestBytes.gif(
            screen: (2, 2), globalTable: [10, 20, 30, 40, 50, 60, 0, 0, 0, 0, 0, 0], transparentIndex: 3,
            frame: .init(width: 2, height: 2, indices: [0, 1, 1, 0]))

        let bitmap = try GIFDecoder.decode(gif, maxPixels: Self.limit)

        XCTAssertEqual(bitmap, Bitmap(width: 2, height: 2, layout: .rgb, samples: [10, 20, 30, 40, 50, 60, 40, 50, 60, 10, 20, 30]))
    }

    func test_decode_keepsReadingTwelveBitCodesOnceTheTableIsFullWithoutAClearCode() throws {
        let (width, height) = (80, 64)
        let indices = (0..<width * height).map { UInt8(truncatingIfNeeded: $0 &* 37 >> 3) }
        let table = (0..<768).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let gif = GIFTestBytes.gif(screen: (width, height), globalTable: table, frame: .init(width: width, height: height, indices: indices))

        let bitmap = try GIFDecoder.decode(gif, maxPixels: Self.limit)

        XCTAssertEqual(bitmap.samples, indices.flatMap { Array(table[Int($0) * 3..<Int($0) * 3 + 3]) })
    }

    func test_decode_readsRowsOfAnInterlacedFrameIntoTheirPlaces() throws {
        // Data order for 10 rows: 0, 8, 4, 2, 6, 1, 3, 5, 7, 9; row r's pixel is index r.
        let order: [UInt8] = [0, 8, 4, 2, 6, 1, 3, 5, 7, 9]
        let table = (0..<48).map { UInt8($0) }
        let gif = GIFTestBytes.gif(
            screen: (1, 10), globalTable: table, frame: .init(width: 1, height: 10, indices: order, interlaced: true), minimumCodeSize: 4)

        let bitmap = try GIFDecoder.decode(gif, maxPixels: Self.limit)

        XCTAssertEqual(bitmap.samples, Array(table[0..<30]))
    }

    func test_decode_clipsAFrameThatReachesPastTheScreen() throws {
        let gif = GIFTestBytes.gif(
            screen: (2, 2), globalTable: [0, 0, 0, 255, 255, 255], frame: .init(left: 1, top: 1, width: 3, height: 3, indices: [1, 0, 0, 0, 0, 0, 0, 0, 0]),
            minimumCodeSize: 2)

        let bitmap = try GIFDecoder.decode(gif, maxPixels: Self.limit)

        XCTAssertEqual(bitmap, Bitmap(width: 2, height: 2, layout: .rgba, samples: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255]))
    }

    func test_header_readsTheLogicalScreenSize() throws {
        let header = try GIFDecoder.header(fixture("im-frame-smaller.gif"))

        XCTAssertEqual([header.width, header.height], [30, 20])
    }

    func test_header_refusesBytesWithoutTheSignature() {
        XCTAssertThrowsError(try GIFDecoder.header(Array("PNG, not GIF89a".utf8))) { XCTAssertEqual($0 as? ImageDecodingError, .malformed("no GIF signature")) }
    }

    func test_header_saysOtherVersionsAreUnsupported() {
        XCTAssertThrowsError(try GIFDecoder.header(Array("GIF90a".utf8) + [UInt8](repeating: 1, count: 7))) {
            XCTAssertEqual($0 as? ImageDecodingError, .unsupported("GIF version \"90a\""))
        }
    }

    func test_decode_refusesAScreenOverTheLimitBeforeReadingFurther() {
        let gif = Array("GIF89a".utf8) + [0x60, 0xEA, 0x60, 0xEA, 0, 0, 0]  // 60000 × 60000, then nothing

        XCTAssertThrowsError(try GIFDecoder.decode(gif, maxPixels: Self.limit)) {
            XCTAssertEqual($0 as? ImageDecodingError, .tooManyPixels(width: 60_000, height: 60_000, limit: Self.limit))
        }
    }

    func test_decode_refusesAFrameOverTheLimitOnASmallScreen() throws {
        var gif = GIFTestBytes.gif(
            screen: (2, 2), globalTable: [0, 0, 0, 9, 9, 9], frame: .init(width: 2, height: 2, indices: [0, 1, 1, 0]), minimumCodeSize: 2)
        let descriptor = try XCTUnwrap(gif.firstIndex(of: 0x2C))
        gif.replaceSubrange(descriptor + 5..<descriptor + 9, with: [0x60, 0xEA, 0x60, 0xEA])

        XCTAssertThrowsError(try GIFDecoder.decode(gif, maxPixels: 1_000_000)) {
            XCTAssertEqual($0 as? ImageDecodingError, .tooManyPixels(width: 60_000, height: 60_000, limit: 1_000_000))
        }
    }

    func test_decode_saysWhenTheImageDataEndsEarly() throws {
        let gif = try fixture("im-rose.gif")

        XCTAssertThrowsError(try GIFDecoder.decode(Array(gif.prefix(gif.count / 2)), maxPixels: Self.limit)) {
            XCTAssertEqual($0 as? ImageDecodingError, .malformed("the GIF's image data ends after 17 of 46 rows"))
        }
    }

    func test_decode_refusesACodeThatRefersToNoString() {
        var gif = GIFTestBytes.gif(screen: (2, 1), globalTable: [0, 0, 0, 9, 9, 9], frame: .init(width: 2, height: 1, indices: [0, 1]), minimumCodeSize: 2)
        // Clear (4), then 7: the next free code is 6 and nothing came before.
        let data = GIFTestBytes.subBlocks(GIFTestBytes.pack([(4, 3), (7, 3), (5, 3)]))
        let start = gif.count - 1 - GIFTestBytes.subBlocks(GIFTestBytes.pack([(4, 3), (0, 3), (1, 3), (5, 3)])).count
        gif.replaceSubrange(start..<gif.count - 1, with: data)

        XCTAssertThrowsError(try GIFDecoder.decode(gif, maxPixels: Self.limit)) {
            XCTAssertEqual($0 as? ImageDecodingError, .malformed("an LZW code refers to no string"))
        }
    }

    func test_decode_refusesAFileWithNoImage() {
        let gif = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x21, 0xFE, 1, 65, 0, 0x3B]

        XCTAssertThrowsError(try GIFDecoder.decode(gif, maxPixels: Self.limit)) {
            XCTAssertEqual($0 as? ImageDecodingError, .malformed("the GIF holds no image"))
        }
    }

    func test_decode_endsInABitmapOrATypedErrorForTruncatedAndBitFlippedFiles() throws {
        var generator = SeededGenerator(seed: 29)
        var decoded = 0
        var refused = 0
        for name in Self.fixtureNames {
            let original = try fixture(name + ".gif")
            for attempt in 0..<300 {
                var damaged = original
                if attempt % 3 == 0 {
                    damaged.removeLast(Int.random(in: 1..<original.count, using: &generator))
                } else {
                    for _ in 0..<(1 + attempt % 4) {
                        damaged[Int.random(in: 0..<damaged.count, using: &generator)] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
                    }
                }
                do {
                    let bitmap = try GIFDecoder.decode(damaged, maxPixels: 1 << 20)
                    let header = try GIFDecoder.header(damaged)
                    XCTAssertEqual([bitmap.width, bitmap.height], [header.width, header.height])
                    decoded += 1
                } catch {
                    refused += 1
                }
            }
        }
        XCTAssertGreaterThan(decoded, 0)
        XCTAssertGreaterThan(refused, 0)
    }

    private static let fixtureNames = [
        "im-1x1", "im-frame-smaller", "im-frame-smaller-transparent", "im-odd-17x3", "im-rose", "im-rose-interlaced", "im-transparent", "pil-animated",
        "pil-local-table", "pil-noise-87a", "pil-transparent",
    ]

    /// Compares with Pillow's first frame as RGBA. GIF is lossless, so the tolerance is zero:
    /// alpha everywhere, colour wherever a pixel is not transparent (a transparent pixel's colour
    /// means nothing; this decoder writes 0s).
    private func assertMatchesPillow(_ name: String, layout: Bitmap.Layout, file: StaticString = #filePath, line: UInt = #line) throws {
        let bitmap = try GIFDecoder.decode(fixture(name + ".gif"), maxPixels: Self.limit)
        let reference = try fixture(name + ".rgba")

        XCTAssertEqual(bitmap.layout, layout, name, file: file, line: line)
        XCTAssertEqual(bitmap.width * bitmap.height * 4, reference.count, name, file: file, line: line)
        guard bitmap.width * bitmap.height * 4 == reference.count else { return }
        let channels = bitmap.layout.channels
        var mismatches = 0
        for pixel in 0..<bitmap.width * bitmap.height {
            let ours = Array(bitmap.samples[pixel * channels..<pixel * channels + channels]) + (channels == 3 ? [255] : [])
            let theirs = Array(reference[pixel * 4..<pixel * 4 + 4])
            if ours[3] != theirs[3] || (theirs[3] != 0 && ours[0..<3] != theirs[0..<3]) { mismatches += 1 }
        }
        XCTAssertEqual(mismatches, 0, "\(name): pixels unlike Pillow's", file: file, line: line)
    }

    private func fixture(_ name: String) throws -> [UInt8] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/gif")
        return Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }
}
