import Foundation
import Images
import TestSupport
import XCTest

final class JPEGDecoderTests: XCTestCase {
    // MARK: - Pixels against libjpeg-turbo's

    func test_decode_baseline444MatchesDjpeg() throws { try assertDecodesLikeReference("q90-444") }
    func test_decode_baseline422MatchesDjpeg() throws { try assertDecodesLikeReference("q75-422") }
    func test_decode_baseline420MatchesDjpeg() throws { try assertDecodesLikeReference("q75-420") }
    func test_decode_baseline440MatchesDjpeg() throws { try assertDecodesLikeReference("q75-440") }
    func test_decode_baseline411MatchesDjpeg() throws { try assertDecodesLikeReference("q75-411") }
    func test_decode_extendedSequentialWithSixteenBitQuantizationMatchesDjpeg() throws { try assertDecodesLikeReference("q20-420") }
    func test_decode_progressive420MatchesDjpeg() throws { try assertDecodesLikeReference("progressive-420") }
    func test_decode_progressive444MatchesDjpeg() throws { try assertDecodesLikeReference("progressive-444") }
    func test_decode_restartIntervalsMatchDjpeg() throws { try assertDecodesLikeReference("restart-420") }
    func test_decode_progressiveWithRestartIntervalsMatchesDjpeg() throws { try assertDecodesLikeReference("restart-progressive-422") }
    func test_decode_grayscaleMatchesDjpeg() throws { try assertDecodesLikeReference("gray", reference: "gray.pgm") }
    func test_decode_progressiveGrayscaleMatchesDjpeg() throws { try assertDecodesLikeReference("gray-progressive", reference: "gray-progressive.pgm") }
    func test_decode_adobeCMYKMatchesPillow() throws { try assertDecodesLikeReference("cmyk") }
    func test_decode_adobeYCCKMatchesPillow() throws { try assertDecodesLikeReference("ycck") }

    func test_decode_atHalfSizeMatchesDjpegScale() throws {
        for name in ["progressive-420", "q75-422", "q90-444", "q75-440"] {
            try assertDecodesLikeReference(name, reference: "\(name)-scale2.ppm", scale: 2)
        }
    }

    func test_decode_atQuarterSizeMatchesDjpegScale() throws {
        try assertDecodesLikeReference("progressive-420", reference: "progressive-420-scale4.ppm", scale: 4)
        try assertDecodesLikeReference("q75-422", reference: "q75-422-scale4.ppm", scale: 4)
        try assertDecodesLikeReference("gray", reference: "gray-scale4.pgm", scale: 4)
    }

    func test_decode_atEighthSizeMatchesDjpegScale() throws {
        try assertDecodesLikeReference("progressive-420", reference: "progressive-420-scale8.ppm", scale: 8)
        try assertDecodesLikeReference("q75-422", reference: "q75-422-scale8.ppm", scale: 8)
    }

    func test_decode_roundsAScaledSizeUp() throws {
        let bitmap = try JPEGDecoder.decode(fixture("q75-420.jpg"), scale: 8, maxPixels: 10_000)

        XCTAssertEqual([bitmap.width, bitmap.height], [9, 6], "67 × 43 at 1/8")
    }

    // MARK: - Header

    func test_header_describesTheFrame() throws {
        XCTAssertEqual(try JPEGDecoder.header(fixture("q75-420.jpg")), JPEGHeader(width: 67, height: 43, componentCount: 3, isProgressive: false))
        XCTAssertEqual(try JPEGDecoder.header(fixture("progressive-420.jpg")), JPEGHeader(width: 67, height: 43, componentCount: 3, isProgressive: true))
        XCTAssertEqual(try JPEGDecoder.header(fixture("gray.jpg")), JPEGHeader(width: 67, height: 43, componentCount: 1, isProgressive: false))
        XCTAssertEqual(try JPEGDecoder.header(fixture("cmyk.jpg")), JPEGHeader(width: 67, height: 43, componentCount: 4, isProgressive: false))
    }

    func test_header_readsNothingPastTheFrameHeader() throws {
        let bytes = try fixture("q75-420.jpg")
        let frameEnd = try XCTUnwrap(segmentEnd(of: 0xC0, in: bytes))

        XCTAssertEqual(try JPEGDecoder.header(Array(bytes.prefix(frameEnd))).width, 67)
    }

    // MARK: - What is refused

    func test_decode_refusesArithmeticCoding() throws {
        XCTAssertThrowsError(try JPEGDecoder.decode(fixture("arithmetic.jpg"), maxPixels: 10_000)) {
            XCTAssertEqual($0 as? ImageDecodingError, .unsupported("arithmetic-coded JPEG"))
        }
    }

    func test_decode_refusesTwelveBitSamples() throws {
        var bytes = try fixture("q75-420.jpg")
        let frame = try XCTUnwrap(segmentEnd(of: 0xC0, in: bytes, start: true))
        bytes[frame] = 12

        XCTAssertThrowsError(try JPEGDecoder.decode(bytes, maxPixels: 10_000)) { XCTAssertEqual($0 as? ImageDecodingError, .unsupported("12-bit JPEG")) }
    }

    func test_decode_refusesLosslessFrames() throws {
        var bytes = try fixture("q75-420.jpg")
        let frame = try XCTUnwrap(segmentEnd(of: 0xC0, in: bytes, start: true))
        bytes[frame - 3] = 0xC3

        XCTAssertThrowsError(try JPEGDecoder.decode(bytes, maxPixels: 10_000)) { XCTAssertEqual($0 as? ImageDecodingError, .unsupported("lossless JPEG")) }
    }

    func test_decode_refusesMorePixelsThanAllowedBeforeDecoding() throws {
        XCTAssertThrowsError(try JPEGDecoder.decode(fixture("q75-420.jpg"), maxPixels: 67 * 43 - 1)) {
            XCTAssertEqual($0 as? ImageDecodingError, .tooManyPixels(width: 67, height: 43, limit: 67 * 43 - 1))
        }
    }

    func test_decode_refusesAHugeFrameClaimedByATinyFile() throws {
        var bytes = try fixture("q75-420.jpg")
        let frame = try XCTUnwrap(segmentEnd(of: 0xC0, in: bytes, start: true))
        bytes.replaceSubrange((frame + 1)...(frame + 4), with: [0xFD, 0xE8, 0xFD, 0xE8])

        XCTAssertThrowsError(try JPEGDecoder.decode(bytes, maxPixels: 50_000_000)) {
            XCTAssertEqual($0 as? ImageDecodingError, .tooManyPixels(width: 65_000, height: 65_000, limit: 50_000_000))
        }
    }

    func test_decode_refusesAFrameTooLargeForTheBytesThatFollowIt() throws {
        var bytes = try fixture("q75-420.jpg")
        let frame = try XCTUnwrap(segmentEnd(of: 0xC0, in: bytes, start: true))
        bytes.replaceSubrange((frame + 1)...(frame + 4), with: [0x1B, 0x58, 0x1B, 0x58])

        XCTAssertThrowsError(try JPEGDecoder.decode(bytes, maxPixels: 50_000_000)) {
            XCTAssertEqual($0 as? ImageDecodingError, .malformed("the file is too short for a frame of 7000 × 7000"))
        }
    }

    func test_decode_refusesAnUnsupportedScale() throws {
        XCTAssertThrowsError(try JPEGDecoder.decode(fixture("q75-420.jpg"), scale: 3, maxPixels: 10_000)) {
            XCTAssertEqual($0 as? ImageDecodingError, .unsupported("JPEG scaled to 1/3"))
        }
    }

    func test_decode_callsDataThatEndsEarlyMalformed() throws {
        let bytes = try fixture("q75-420.jpg")

        XCTAssertThrowsError(try JPEGDecoder.decode(Array(bytes.prefix(bytes.count - 300)), maxPixels: 10_000)) {
            XCTAssertEqual($0 as? ImageDecodingError, .malformed("the image data ends early"))
        }
    }

    func test_decode_callsDataThatIsNoValidCodeMalformed() throws {
        var bytes = try fixture("q75-420.jpg")
        let data = try XCTUnwrap(segmentEnd(of: 0xDA, in: bytes))
        // Runs of 1 bits: no Huffman code is all ones.
        bytes.replaceSubrange(data..<(data + 64), with: [UInt8](repeating: 0xFE, count: 64))

        XCTAssertThrowsError(try JPEGDecoder.decode(bytes, maxPixels: 10_000)) {
            XCTAssertEqual($0 as? ImageDecodingError, .malformed("the image data is corrupt"))
        }
    }

    func test_decode_callsAMissingRestartMarkerMalformed() throws {
        var bytes = try fixture("restart-420.jpg")
        let data = try XCTUnwrap(segmentEnd(of: 0xDA, in: bytes))
        let restart = try XCTUnwrap((data..<(bytes.count - 1)).first { bytes[$0] == 0xFF && (0xD0...0xD7).contains(bytes[$0 + 1]) })
        bytes[restart + 1] = 0x00

        XCTAssertThrowsError(try JPEGDecoder.decode(bytes, maxPixels: 10_000)) {
            XCTAssertEqual($0 as? ImageDecodingError, .malformed("a restart marker is missing"))
        }
    }

    func test_decode_acceptsAFileThatEndsAfterItsLastScanWithoutEndMarker() throws {
        let bytes = try fixture("progressive-420.jpg")

        XCTAssertEqual(try JPEGDecoder.decode(Array(bytes.dropLast(2)), maxPixels: 10_000), try JPEGDecoder.decode(bytes, maxPixels: 10_000))
    }

    func test_decode_refusesMoreScansThanAHundred() throws {
        let bytes = try fixture("gray.jpg")
        let scan = try XCTUnwrap(segmentEnd(of: 0xDA, in: bytes, start: true)) - 4
        let repeated = Array(bytes[scan..<(bytes.count - 2)])
        let file = Array(bytes[..<scan]) + Array([[UInt8]](repeating: repeated, count: 101).joined()) + [0xFF, 0xD9]

        XCTAssertNoThrow(try JPEGDecoder.decode(Array(bytes[..<scan]) + Array([[UInt8]](repeating: repeated, count: 100).joined()), maxPixels: 10_000))
        XCTAssertThrowsError(try JPEGDecoder.decode(file, maxPixels: 10_000)) {
            XCTAssertEqual($0 as? ImageDecodingError, .unsupported("JPEG of more than 100 scans"))
        }
    }

    func test_decode_refusesAScanBeforeTheFrameHeader() throws {
        let bytes = try fixture("gray.jpg")
        let frameStart = try XCTUnwrap(segmentEnd(of: 0xC0, in: bytes, start: true)) - 4
        let frameEnd = try XCTUnwrap(segmentEnd(of: 0xC0, in: bytes))
        let withoutFrame = Array(bytes[..<frameStart]) + Array(bytes[frameEnd...])

        XCTAssertThrowsError(try JPEGDecoder.decode(withoutFrame, maxPixels: 10_000)) {
            XCTAssertEqual($0 as? ImageDecodingError, .malformed("a scan before the frame header"))
        }
        XCTAssertThrowsError(try JPEGDecoder.header(withoutFrame)) { XCTAssertEqual($0 as? ImageDecodingError, .malformed("no frame header")) }
    }

    func test_decode_refusesBytesThatAreNoJPEG() {
        XCTAssertThrowsError(try JPEGDecoder.decode(Array("GIF89a".utf8), maxPixels: 10_000)) {
            XCTAssertEqual($0 as? ImageDecodingError, .malformed("not a JPEG file"))
        }
        XCTAssertThrowsError(try JPEGDecoder.header([])) { XCTAssertEqual($0 as? ImageDecodingError, .malformed("not a JPEG file")) }
    }

    // MARK: - Hostile input

    func test_decode_endsInABitmapOrATypedErrorForTruncatedAndBitFlippedFiles() throws {
        var generator = SeededGenerator(seed: 29)
        let names = ["q75-420", "progressive-420", "restart-progressive-422", "gray", "ycck", "q75-411"]
        let files = try names.map { try fixture("\($0).jpg") }
        var outcomes = [0, 0]
        for round in 0..<3_000 {
            var bytes = files[round % files.count]
            if round % 3 == 0 {
                bytes.removeLast(Int.random(in: 1..<bytes.count, using: &generator))
            } else {
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &generator)
                }
            }
            let scale = [1, 2, 4, 8][round % 4]
            do {
                let bitmap = try JPEGDecoder.decode(bytes, scale: scale, maxPixels: 1_000_000)
                XCTAssertEqual(bitmap.samples.count, bitmap.width * bitmap.height * bitmap.layout.channels)
                outcomes[0] += 1
            } catch {
                outcomes[1] += 1
            }
        }
        XCTAssertGreaterThan(outcomes[0], 100, "some damaged files still decode")
        XCTAssertGreaterThan(outcomes[1], 100, "some are refused")
    }

    // MARK: - Helpers

    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/jpeg")

    private func fixture(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
    }

    /// Where the content of the first segment with `marker` starts (`start`) or where it ends.
    private func segmentEnd(of marker: UInt8, in bytes: [UInt8], start: Bool = false) -> Int? {
        var at = 2
        while at + 4 <= bytes.count && bytes[at] == 0xFF {
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            if bytes[at + 1] == marker { return start ? at + 4 : at + 2 + length }
            at += 2 + length
        }
        return nil
    }

    /// A binary PPM or PGM: its size, channels and samples.
    private func pnm(_ bytes: [UInt8]) throws -> (width: Int, height: Int, channels: Int, samples: [UInt8]) {
        var fields: [String] = []
        var at = 0
        while fields.count < 4 && at < bytes.count {
            while at < bytes.count && [0x20, 0x0A, 0x0D, 0x09].contains(bytes[at]) { at += 1 }
            var field = ""
            while at < bytes.count && ![0x20, 0x0A, 0x0D, 0x09].contains(bytes[at]) {
                field.append(Character(UnicodeScalar(bytes[at])))
                at += 1
            }
            fields.append(field)
        }
        at += 1
        let width = try XCTUnwrap(Int(fields[1]))
        let height = try XCTUnwrap(Int(fields[2]))
        let channels = fields[0] == "P6" ? 3 : 1
        return (width, height, channels, Array(bytes[at...]))
    }

    /// Decodes `name`.jpg and compares it with the third party's pixels: every sample within
    /// `tolerance`, and the mean difference under `meanTolerance`.
    ///
    /// Why 3: our inverse DCT works in floating point, libjpeg-turbo's default one in fixed point
    /// that rounds between its passes, so a Y, Cb or Cr sample may differ by 1; turning YCbCr
    /// into RGB multiplies a chroma difference by up to 1.772 and adds the luma's, up to 3 in
    /// all. The chroma is stretched with the same triangular weights libjpeg-turbo uses, which
    /// adds nothing; the mean stays far under 0.1 because most samples agree exactly.
    private func assertDecodesLikeReference(
        _ name: String, reference: String? = nil, scale: Int = 1, tolerance: Int = 3, meanTolerance: Double = 0.1,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let bitmap = try JPEGDecoder.decode(fixture("\(name).jpg"), scale: scale, maxPixels: 10_000)
        let expected = try pnm(fixture(reference ?? "\(name).ppm"))
        XCTAssertEqual(
            [bitmap.width, bitmap.height, bitmap.layout.channels], [expected.width, expected.height, expected.channels], name, file: file, line: line)
        guard bitmap.samples.count == expected.samples.count else { return XCTFail("\(name): sample counts differ", file: file, line: line) }
        var worst = 0
        var total = 0
        for (ours, theirs) in zip(bitmap.samples, expected.samples) {
            let difference = abs(Int(ours) - Int(theirs))
            worst = max(worst, difference)
            total += difference
        }
        let mean = Double(total) / Double(max(1, bitmap.samples.count))
        XCTAssertLessThanOrEqual(worst, tolerance, "\(name) at 1/\(scale): worst sample difference", file: file, line: line)
        XCTAssertLessThan(mean, meanTolerance, "\(name) at 1/\(scale): mean sample difference", file: file, line: line)
    }
}
