import ImageHeaders
import Images
import TestSupport
import XCTest

/// Dropping a published PNG's metadata: its chunks of text, time and EXIF, every other chunk
/// copied as it is.
final class StripPNGMetadataTests: XCTestCase {
    private typealias Fixtures = StrippingFixtures

    func test_strip_dropsTextTimeAndEXIFChunks_givingBackTheFileAsEncodedByteForByte() throws {
        let encoded = PNGWriter.encode(Fixtures.bitmap())
        let metadata = [
            PNGFileBuilder.chunk("tEXt", Array("Author\0me".utf8)), PNGFileBuilder.chunk("zTXt", Array("Comment\0\0".utf8) + [0x78, 0x9C, 3, 0, 0, 0, 0, 1]),
            PNGFileBuilder.chunk("iTXt", Array("XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta/>".utf8)), PNGFileBuilder.chunk("tIME", [7, 233, 5, 1, 12, 0, 0]),
            PNGFileBuilder.chunk("eXIf", Fixtures.exifTIFF(orientation: 1)),
        ]

        let stripped = try strippedFile(inserting(metadata, into: encoded))

        XCTAssertEqual(stripped.bytes, encoded)
        XCTAssertEqual(stripped.dropped, [.text, .modificationTime, .exif])
        XCTAssertEqual(stripped.droppedByteCount, metadata.joined().count)
    }

    func test_strip_keepsColourSpaceSizeAndUnknownChunks_withTheirCRCs() throws {
        let profile = try XCTUnwrap(ICCProfile.read(fromJPEG: MetadataFixtures.bytes("icc-two-chunks.jpg")))
        let kept = [
            PNGFileBuilder.chunk("gAMA", [0, 0, 0xB1, 0x8F]), PNGFileBuilder.chunk("pHYs", [0, 0, 0x0B, 0x13, 0, 0, 0x0B, 0x13, 1]),
            PNGFileBuilder.chunk("vpAg", [0, 0, 1, 0]),
        ]
        let encoded = inserting(kept, into: PNGWriter.encode(Fixtures.bitmap(), iccProfile: profile))

        let stripped = try strippedFile(inserting([PNGFileBuilder.chunk("tEXt", Array("Software\0editor".utf8))], into: encoded))

        XCTAssertEqual(stripped.bytes, encoded)
        XCTAssertEqual(try PNGTestBytes.chunks(stripped.bytes).map(\.type), ["IHDR", "gAMA", "pHYs", "vpAg", "iCCP", "IDAT", "IEND"])
        XCTAssertEqual(try PNGDecoder.decode(stripped.bytes, maxPixels: 10_000).iccProfile, profile)
    }

    func test_strip_keepsOnlyTheOrientationOfAPictureNotStoredUpright_andThePixels() throws {
        let published = inserting([PNGFileBuilder.chunk("eXIf", Fixtures.exifTIFF(orientation: 6))], into: PNGWriter.encode(Fixtures.bitmap()))

        let stripped = try strippedFile(published)

        let picture = try PNGDecoder.decode(stripped.bytes, maxPixels: 10_000)
        XCTAssertEqual(picture.exif, Orientation.right.exifTIFF)
        XCTAssertEqual(Orientation.read(fromTIFF: try XCTUnwrap(picture.exif)), .right)
        XCTAssertEqual(picture.bitmap, try PNGDecoder.decode(published, maxPixels: 10_000).bitmap)
        XCTAssertEqual(stripped.dropped, [.exif])
        XCTAssertEqual(MetadataStripper.strip(stripped.bytes), .nothingToDrop)
    }

    func test_strip_dropsWhatFollowsIEND() throws {
        let encoded = PNGWriter.encode(Fixtures.bitmap())

        let stripped = try strippedFile(encoded + Array("PK\u{3}\u{4} an archive".utf8))

        XCTAssertEqual(stripped.bytes, encoded)
        XCTAssertEqual(stripped.dropped, [.trailingData])
    }

    func test_strip_findsNothingToDropInAPNGOurWriterMade() {
        XCTAssertEqual(MetadataStripper.strip(PNGWriter.encode(Fixtures.bitmap())), .nothingToDrop)
    }

    func test_strip_readsNoPNGCutShortOrFailingItsCRC() {
        let published = inserting([PNGFileBuilder.chunk("tEXt", Array("Author\0me".utf8))], into: PNGWriter.encode(Fixtures.bitmap()))
        for length in 0..<published.count {
            guard case .notRead = MetadataStripper.strip(Array(published.prefix(length))) else { return XCTFail("cut to \(length) bytes") }
        }
        var flipped = published
        flipped[40] ^= 0x01

        guard case .notRead = MetadataStripper.strip(flipped) else { return XCTFail("a chunk failing its CRC") }
        let noHeader = PNGFileBuilder.signature + PNGFileBuilder.chunk("tEXt", [65, 0, 66]) + PNGFileBuilder.chunk("IEND", [])
        guard case .notRead = MetadataStripper.strip(noHeader) else { return XCTFail("no IHDR first") }
    }

    // MARK: - Helpers

    /// `png` with `chunks` put right after its IHDR chunk.
    private func inserting(_ chunks: [[UInt8]], into png: [UInt8]) -> [UInt8] {
        let afterHeader = 8 + 12 + 13
        return Array(png[..<afterHeader]) + chunks.joined() + png[afterHeader...]
    }

    private func strippedFile(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws -> MetadataStripper.Stripped {
        guard case let .stripped(stripped) = MetadataStripper.strip(bytes) else {
            XCTFail("\(MetadataStripper.strip(bytes)), not stripped", file: file, line: line)
            throw XCTSkip("not stripped")
        }
        return stripped
    }
}
