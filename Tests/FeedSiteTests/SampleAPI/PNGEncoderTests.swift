import FeedCore
import Foundation
import TestSupport
import XCTest

@testable import SampleAPI

/// The demo's PNG encoder, chunk by chunk; the integration tests inflate what it writes
/// with python3's zlib too.
final class PNGEncoderTests: XCTestCase {
    // MARK: - Checksums

    func test_crc32_matchesTheStandardCheckValue() {
        XCTAssertEqual(CRC32.checksum(Array("123456789".utf8)), 0xCBF4_3926)
    }

    func test_crc32_ofKnownInputs() {
        XCTAssertEqual(CRC32.checksum([]), 0)
        XCTAssertEqual(CRC32.checksum(Array("IEND".utf8)), 0xAE42_6082, "the CRC every PNG ends with")
    }

    func test_adler32_matchesTheReferenceValue() {
        XCTAssertEqual(PNGEncoder.adler32(Array("Wikipedia".utf8)), 0x11E6_0398)
    }

    func test_adler32_ofEmptyInputIsOne() {
        XCTAssertEqual(PNGEncoder.adler32([]), 1)
    }

    func test_adler32_wrapsModulo65521OnLongInput() {
        let data = [UInt8](repeating: 0xFF, count: 100_000)
        var a: UInt64 = 1
        var b: UInt64 = 0
        for byte in data {
            a = (a + UInt64(byte)) % 65521
            b = (b + a) % 65521
        }

        XCTAssertEqual(PNGEncoder.adler32(data), UInt32(b << 16 | a))
    }

    // MARK: - PNG structure

    func test_encode_startsWithThePNGSignature() {
        let png = PNGEncoder.encode(width: 2, height: 2, pixels: PNGTestBytes.pixels(width: 2, height: 2))

        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(ImageFormat.detect(png), .png)
    }

    func test_encode_writesIHDRThenIDATThenIEND() throws {
        let chunks = try PNGTestBytes.chunks(PNGEncoder.encode(width: 3, height: 2, pixels: PNGTestBytes.pixels(width: 3, height: 2)))

        XCTAssertEqual(chunks.map(\.type), ["IHDR", "IDAT", "IEND"])
        XCTAssertEqual(chunks.last?.data, [], "IEND is empty")
    }

    func test_encode_IHDRHoldsSizeBitDepth8AndColourTypeRGB() throws {
        let chunks = try PNGTestBytes.chunks(PNGEncoder.encode(width: 300, height: 70, pixels: PNGTestBytes.pixels(width: 300, height: 70)))
        let header = try XCTUnwrap(chunks.first { $0.type == "IHDR" }).data

        XCTAssertEqual(header.count, 13)
        XCTAssertEqual(PNGTestBytes.bigEndian(header[0..<4]), 300, "width")
        XCTAssertEqual(PNGTestBytes.bigEndian(header[4..<8]), 70, "height")
        XCTAssertEqual(header[8], 8, "bit depth")
        XCTAssertEqual(header[9], 2, "colour type RGB")
        XCTAssertEqual(Array(header[10..<13]), [0, 0, 0], "deflate, adaptive filtering, no interlace")
    }

    func test_encode_writesChunkCRCsThatVerify() throws {
        let png = PNGEncoder.encode(width: 17, height: 9, pixels: PNGTestBytes.pixels(width: 17, height: 9))

        for chunk in try PNGTestBytes.chunks(png) {
            XCTAssertEqual(chunk.crc, CRC32.checksum(Array(chunk.type.utf8) + chunk.data), "CRC of \(chunk.type)")
        }
    }

    func test_encode_endsWithTheStandardIENDChunk() {
        let png = PNGEncoder.encode(width: 1, height: 1, pixels: [1, 2, 3])

        XCTAssertEqual(Array(png.suffix(12)), [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }

    func test_encode_IDATIsAZlibStreamWithValidHeaderAndAdler32OfTheFilteredRows() throws {
        let (width, height) = (5, 4)
        let input = PNGTestBytes.pixels(width: width, height: height)
        let idat = try XCTUnwrap(PNGTestBytes.chunks(PNGEncoder.encode(width: width, height: height, pixels: input)).first { $0.type == "IDAT" }).data

        XCTAssertEqual(idat[0] & 0x0F, 8, "compression method deflate")
        XCTAssertLessThanOrEqual(idat[0] >> 4, 7, "window of at most 32 KiB")
        XCTAssertEqual((Int(idat[0]) << 8 | Int(idat[1])) % 31, 0, "FCHECK")
        XCTAssertEqual(idat[1] & 0x20, 0, "no preset dictionary")
        XCTAssertEqual(PNGTestBytes.bigEndian(idat.suffix(4)), PNGEncoder.adler32(PNGTestBytes.upFiltered(input, width: width, height: height)))
    }

    func test_encode_isDeterministic() {
        let input = PNGTestBytes.pixels(width: 40, height: 30)

        XCTAssertEqual(PNGEncoder.encode(width: 40, height: 30, pixels: input), PNGEncoder.encode(width: 40, height: 30, pixels: input))
    }

    func test_encode_differentPixelsGiveDifferentBytes() {
        var other = PNGTestBytes.pixels(width: 8, height: 8)
        other[100] &+= 1

        XCTAssertNotEqual(
            PNGEncoder.encode(width: 8, height: 8, pixels: PNGTestBytes.pixels(width: 8, height: 8)), PNGEncoder.encode(width: 8, height: 8, pixels: other))
    }

    func test_encode_compressesUniformImagesWell() {
        let png = PNGEncoder.encode(width: 200, height: 200, pixels: [UInt8](repeating: 0x80, count: 200 * 200 * 3))

        XCTAssertLessThan(png.count, 200 * 200 * 3 / 20)
    }
}
