import Foundation
import Images
import TestSupport
import XCTest

/// Pictures ImageMagick and Pillow wrote, decoded and compared with the pixels Pillow (or, for
/// 16-bit grey, ImageMagick) decoded from them; Fixtures/png/SOURCES.md says how each was made.
final class PNGDecoderFixtureTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/png")

    static func fixture(_ name: String) throws -> [UInt8] { try Array(Data(contentsOf: folder.appendingPathComponent(name))) }

    static func allFixtureNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".png") }.sorted()
    }

    func test_decode_matchesTheReferenceForEveryColourTypeAndBitDepth() throws {
        let names = try Self.allFixtureNames().filter { $0.hasSuffix("-plain.png") }

        XCTAssertEqual(names.count, 15, "every colour type × bit depth PNG allows")
        for name in names { try assertDecodesLikeItsReference(name) }
    }

    func test_decode_matchesTheReferenceForAdam7Interlacing() throws {
        let names = try Self.allFixtureNames().filter { $0.contains("adam7") }

        XCTAssertGreaterThanOrEqual(names.count, 17, "every colour type × bit depth, a tiny picture and a palette with alpha")
        for name in names { try assertDecodesLikeItsReference(name) }
    }

    func test_decode_matchesTheReferenceForPillowsOwnFiles() throws {
        let names = try Self.allFixtureNames().filter { $0.hasPrefix("pil-") }

        XCTAssertGreaterThanOrEqual(names.count, 12)
        for name in names { try assertDecodesLikeItsReference(name) }
    }

    func test_decode_joinsImageDataCutIntoSeveralIDATChunks() throws {
        for (split, whole) in [("im-c2-d16-adam7-split.png", "im-c2-d16-adam7.png"), ("pil-P4-alpha-split.png", "pil-P4-alpha.png")] {
            let chunks = try PNGTestBytes.chunks(Self.fixture(split))
            XCTAssertGreaterThan(chunks.filter { $0.type == "IDAT" }.count, 2, split)

            XCTAssertEqual(try PNGDecoder.decode(Self.fixture(split), maxPixels: 10_000), try PNGDecoder.decode(Self.fixture(whole), maxPixels: 10_000))
            try assertDecodesLikeItsReference(split)
        }
    }

    func test_decode_givesGreyForGreyAndRGBForAPaletteAddingAlphaWhereTRNSMakesAnyPixelTransparent() throws {
        let expected: [String: Bitmap.Layout] = [
            "im-c0-d1-plain.png": .gray, "im-c0-d16-adam7.png": .gray, "im-c0-d16-key.png": .grayAlpha, "pil-L-key.png": .grayAlpha,
            "pil-1.png": .gray, "im-c4-d8-plain.png": .grayAlpha, "im-c4-d16-adam7.png": .grayAlpha,
            "im-c2-d8-plain.png": .rgb, "im-c2-d16-key.png": .rgba, "pil-RGB-key.png": .rgba, "im-c6-d16-plain.png": .rgba,
            "im-c3-d4-plain.png": .rgb, "im-c3-d8-alpha-adam7.png": .rgba, "pil-P1-alpha.png": .rgba,
        ]

        for (name, layout) in expected {
            XCTAssertEqual(try PNGDecoder.decode(Self.fixture(name), maxPixels: 10_000).bitmap.layout, layout, name)
        }
    }

    func test_decode_makesTheKeyColourTransparentAndKeepsTheRestOpaque() throws {
        for name in ["im-c0-d16-key.png", "im-c2-d16-key.png", "pil-L-key.png", "pil-RGB-key.png"] {
            let bitmap = try PNGDecoder.decode(Self.fixture(name), maxPixels: 10_000).bitmap
            let alphas = Set(stride(from: bitmap.layout.channels - 1, to: bitmap.samples.count, by: bitmap.layout.channels).map { bitmap.samples[$0] })

            XCTAssertEqual(alphas, [0, 255], name)
        }
    }

    func test_decode_readsTheICCProfileAndTheEXIFBlock() throws {
        let picture = try PNGDecoder.decode(Self.fixture("pil-RGB-icc-exif.png"), maxPixels: 10_000)

        XCTAssertEqual(picture.iccProfile, try Self.fixture("pil-RGB-icc-exif.icc"))
        XCTAssertEqual(picture.exif, try Self.fixture("pil-RGB-icc-exif.exif"))
        XCTAssertEqual(picture.exif?.prefix(4), [0x4D, 0x4D, 0, 42], "TIFF bytes, starting with their byte order")
    }

    func test_decode_givesNoProfileOrEXIFWhereTheFileHasNone() throws {
        let picture = try PNGDecoder.decode(Self.fixture("im-c6-d8-plain.png"), maxPixels: 10_000)

        XCTAssertNil(picture.iccProfile)
        XCTAssertNil(picture.exif)
    }

    func test_header_readsTheSizeAndWhetherAnyPixelCanBeTransparent() throws {
        let expected: [String: (Int, Int, Bool)] = [
            "im-c6-d8-3x2-adam7.png": (3, 2, true), "im-c2-d16-plain.png": (37, 29, false), "im-c2-d16-key.png": (37, 29, true),
            "im-c4-d8-plain.png": (37, 29, true), "im-c3-d4-plain.png": (37, 29, false), "pil-P8-alpha.png": (37, 29, true),
            "pil-L-key.png": (37, 29, true), "im-c0-d1-adam7.png": (37, 29, false),
        ]

        for (name, (width, height, hasAlpha)) in expected {
            let header = try PNGDecoder.header(Self.fixture(name))
            XCTAssertEqual(header.width, width, name)
            XCTAssertEqual(header.height, height, name)
            XCTAssertEqual(header.hasAlpha, hasAlpha, name)
            XCTAssertEqual(try PNGDecoder.decode(Self.fixture(name), maxPixels: 10_000).bitmap.layout.hasAlpha, hasAlpha, "\(name): the decoder agrees")
        }
    }

    /// Pillow keeps a 16-bit sample's high byte where we round to the nearest 8-bit value, so
    /// 16-bit files may differ by 1; every other file must match exactly.
    private func assertDecodesLikeItsReference(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let reference = try Self.fixture(name.replacingOccurrences(of: ".png", with: ".rgba"))
        let tolerance = name.contains("d16") || name.contains("I16") ? 1 : 0

        let bitmap = try PNGDecoder.decode(Self.fixture(name), maxPixels: 10_000).bitmap
        let decoded = PNGFileBuilder.rgba(bitmap)

        XCTAssertEqual(decoded.count, reference.count, name, file: file, line: line)
        let worst = zip(decoded, reference).map { abs(Int($0) - Int($1)) }.max() ?? 0
        XCTAssertLessThanOrEqual(worst, tolerance, "\(name) differs from its reference by \(worst)", file: file, line: line)
    }
}
