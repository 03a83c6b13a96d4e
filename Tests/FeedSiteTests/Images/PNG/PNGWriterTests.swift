import Deflate
import Images
import TestSupport
import XCTest

final class PNGWriterTests: XCTestCase {
    func test_encode_writesEveryLayoutSoThatTheDecoderReadsTheSameBitmapBack() throws {
        for layout in [Bitmap.Layout.gray, .grayAlpha, .rgb, .rgba] {
            for (width, height) in [(1, 1), (37, 29), (64, 3)] {
                let bitmap = Self.picture(width: width, height: height, layout: layout)

                let png = PNGWriter.encode(bitmap)

                XCTAssertEqual(try PNGDecoder.decode(png, maxPixels: width * height).bitmap, bitmap, "\(layout) \(width) × \(height)")
            }
        }
    }

    func test_encode_laysOutSignatureIHDRIDATAndIENDEachWithItsCRC() throws {
        let png = PNGWriter.encode(Self.picture(width: 300, height: 200, layout: .grayAlpha))

        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let chunks = try PNGTestBytes.chunks(png)
        XCTAssertEqual(chunks.map(\.type), ["IHDR", "IDAT", "IEND"])
        for chunk in chunks {
            XCTAssertEqual(chunk.crc, PNGFileBuilder.crc32(Array(chunk.type.utf8) + chunk.data), chunk.type)
        }
        // 300 × 200, 8 bits, grey with alpha, deflate, adaptive filters, not interlaced.
        XCTAssertEqual(chunks[0].data, [0, 0, 1, 44, 0, 0, 0, 200, 8, 4, 0, 0, 0])
        XCTAssertEqual(chunks[2].data, [])
    }

    func test_encode_givesEachLayoutItsColourType() throws {
        for (layout, colourType) in [(Bitmap.Layout.gray, UInt8(0)), (.grayAlpha, 4), (.rgb, 2), (.rgba, 6)] {
            let ihdr = try PNGTestBytes.chunks(PNGWriter.encode(Bitmap(width: 2, height: 2, layout: layout)))[0]

            XCTAssertEqual(ihdr.data[8...9], [8, colourType], "\(layout)")
        }
    }

    func test_encode_cutsImageDataOverAMegabyteIntoSeveralIDATChunks() throws {
        let noise = Bitmap(width: 700, height: 500, layout: .rgb, samples: SeededGenerator.bytes(count: 700 * 500 * 3, seed: 7))

        let png = PNGWriter.encode(noise)

        let chunks = try PNGTestBytes.chunks(png)
        XCTAssertEqual(chunks.map(\.type), ["IHDR", "IDAT", "IDAT", "IEND"])
        XCTAssertEqual(chunks[1].data.count, 1 << 20)
        XCTAssertEqual(try PNGDecoder.decode(png, maxPixels: 350_000).bitmap, noise)
    }

    func test_encode_filtersEachRowWithTheFilterWhoseBytesAreSmallest() throws {
        // Every row the same ramp: the first row is best as Sub (all 1s), the others as Up (all 0s).
        let ramp = Bitmap(width: 100, height: 4, layout: .gray, samples: (0..<4).flatMap { _ in (0..<100).map { UInt8($0) } })
        let png = PNGWriter.encode(ramp)

        let stream = try PNGTestBytes.chunks(png).filter { $0.type == "IDAT" }.flatMap(\.data)
        let rows = try Zlib.inflate(stream, maxOutput: 4 * 101)
        XCTAssertEqual(stride(from: 0, to: rows.count, by: 101).map { rows[$0] }, [1, 2, 2, 2])
        XCTAssertEqual(Array(rows[1...100]), [0] + [UInt8](repeating: 1, count: 99))
    }

    func test_encode_writesTheICCProfileDeflatedInAnICCPChunkBeforeTheImageData() throws {
        let profile = Array(try PNGDecoderFixtureTests.fixture("pil-RGB-icc-exif.icc"))

        let png = PNGWriter.encode(Self.picture(width: 5, height: 5, layout: .rgb), iccProfile: profile)

        let chunks = try PNGTestBytes.chunks(png)
        XCTAssertEqual(chunks.map(\.type), ["IHDR", "iCCP", "IDAT", "IEND"])
        XCTAssertEqual(Array(chunks[1].data.prefix(13)), Array("ICC profile".utf8) + [0, 0], "the name, its end and compression method 0")
        XCTAssertEqual(try Zlib.inflate(Array(chunks[1].data.dropFirst(13)), maxOutput: profile.count), profile)
        XCTAssertEqual(try PNGDecoder.decode(png, maxPixels: 25).iccProfile, profile)
    }

    /// Gradients, edges and a little noise: what photographs and drawings hold.
    private static func picture(width: Int, height: Int, layout: Bitmap.Layout) -> Bitmap {
        let noise = SeededGenerator.bytes(count: width * height * layout.channels, seed: UInt64(width * 31 + height))
        var samples: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                for channel in 0..<layout.channels {
                    let smooth = (x * 255 / max(1, width - 1) + y * 3 + channel * 60) & 0xFF
                    samples.append(
                        UInt8(truncatingIfNeeded: smooth + Int(noise[(y * width + x) * layout.channels + channel] & 0x07) + (x > width / 2 ? 100 : 0)))
                }
            }
        }
        return Bitmap(width: width, height: height, layout: layout, samples: samples)
    }
}
