import ImageHeaders
import Images
import TestSupport
import XCTest

/// Dropping a published JPEG's metadata: its segments rewritten, its pictures' bytes untouched.
final class StripJPEGMetadataTests: XCTestCase {
    private typealias Fixtures = StrippingFixtures

    func test_strip_dropsEverySegmentOfMetadata_givingBackTheFileAsEncodedByteForByte() throws {
        let encoded = Fixtures.jpeg()
        let metadata = [
            Fixtures.exifSegment(orientation: 1), Fixtures.xmpSegment(), Fixtures.extendedXMPSegment(), Fixtures.photoshopSegment(),
            Fixtures.commentSegment(), Fixtures.duckySegment(), Fixtures.flashPixSegment(), Fixtures.multiPictureSegment(),
            Fixtures.jfxxThumbnailSegment(),
        ]
        let published = Fixtures.inserting(metadata, into: encoded)

        let stripped = try strippedFile(published)

        XCTAssertEqual(stripped.bytes, encoded)
        XCTAssertEqual(stripped.dropped, [.exif, .xmp, .photoshop, .text, .otherApplicationData, .thumbnails])
        XCTAssertEqual(stripped.droppedByteCount, metadata.joined().count)
    }

    func test_strip_keepsJFIFTheICCProfileAdobesSegmentAndTheTables() throws {
        let profile = try XCTUnwrap(ICCProfile.read(fromJPEG: MetadataFixtures.bytes("icc-two-chunks.jpg")))
        let encoded = Fixtures.inserting([Fixtures.adobeSegment()], into: Fixtures.jpeg(iccProfile: profile))
        let published = Fixtures.inserting([Fixtures.exifSegment(orientation: nil), Fixtures.commentSegment()], into: encoded)

        let stripped = try strippedFile(published)

        XCTAssertEqual(stripped.bytes, encoded)
        XCTAssertEqual(Fixtures.headerMarkers(stripped.bytes), [0xE0, 0xEE, 0xE2, 0xE2, 0xDB, 0xC2, 0xC4])
        XCTAssertEqual(ICCProfile.read(fromJPEG: stripped.bytes), profile)
    }

    func test_strip_leavesTheScansDataByteForByte_andThePixelsAsTheyDecode() throws {
        let published = Fixtures.inserting([Fixtures.exifSegment(orientation: 6), Fixtures.xmpSegment()], into: Fixtures.jpeg())

        let stripped = try strippedFile(published)

        XCTAssertEqual(fromFirstScan(stripped.bytes), fromFirstScan(published))
        XCTAssertEqual(try JPEGDecoder.decode(stripped.bytes, maxPixels: 10_000), try JPEGDecoder.decode(published, maxPixels: 10_000))
    }

    func test_strip_keepsOnlyTheOrientationOfAPictureNotStoredUpright() throws {
        for orientation in Orientation.allCases where orientation != .up {
            let published = Fixtures.inserting([Fixtures.exifSegment(orientation: orientation.rawValue)], into: Fixtures.jpeg())

            let stripped = try strippedFile(published)

            XCTAssertEqual(Orientation.read(fromJPEG: stripped.bytes), orientation)
            let app1 = JPEGMarkerWalk.segments(in: stripped.bytes).filter { $0.marker == 0xE1 }.map { Array($0.payload) }
            XCTAssertEqual(app1, [Array("Exif\0\0".utf8) + orientation.exifTIFF], "\(orientation)")
            XCTAssertNil(firstRange(of: Fixtures.serial, in: stripped.bytes), "\(orientation)")
            XCTAssertEqual(stripped.dropped, [.exif])
        }
    }

    func test_strip_keepsTheOrientationExiftoolWroteInEitherByteOrder() throws {
        for order in ["be", "le"] {
            let stripped = try strippedFile(Fixtures.inserting([Fixtures.commentSegment()], into: MetadataFixtures.bytes("orientation-6-\(order).jpg")))

            XCTAssertEqual(Orientation.read(fromJPEG: stripped.bytes), .right, order)
        }
    }

    func test_strip_dropsTheEXIFOfAnUprightPictureWhole() throws {
        let encoded = Fixtures.jpeg()

        let stripped = try strippedFile(Fixtures.inserting([Fixtures.exifSegment(orientation: 1)], into: encoded))

        XCTAssertEqual(stripped.bytes, encoded)
        XCTAssertFalse(Fixtures.headerMarkers(stripped.bytes).contains(0xE1))
    }

    func test_strip_dropsTheThumbnailInsideJFIF() throws {
        let encoded = Fixtures.jpeg()
        let jfifEnd = 4 + Int(encoded[5])
        var jfif = Array(encoded[6..<jfifEnd])
        jfif[jfif.count - 2] = 2
        jfif[jfif.count - 1] = 1
        jfif += [UInt8](repeating: 0x80, count: 6)  // 2 × 1 pixels of RGB
        let published = [0xFF, 0xD8] + MetadataFixtures.segment(0xE0, jfif) + encoded[jfifEnd...]

        let stripped = try strippedFile(published)

        XCTAssertEqual(stripped.bytes, encoded)
        XCTAssertEqual(stripped.dropped, [.thumbnails])
    }

    func test_strip_dropsWhatFollowsTheEndOfImage_aMultiPictureFilesFurtherPictures() throws {
        let encoded = Fixtures.jpeg()

        let stripped = try strippedFile(encoded + Fixtures.jpeg())

        XCTAssertEqual(stripped.bytes, encoded)
        XCTAssertEqual(stripped.dropped, [.trailingData])
    }

    func test_strip_dropsMetadataBetweenScans_keepingEveryScan() throws {
        let encoded = Fixtures.jpeg()
        // Before the second scan's Huffman tables: after the first scan's data.
        let secondTables = try XCTUnwrap(markerOffsets(0xC4, in: encoded).dropFirst().first)
        let published = Array(encoded[..<secondTables]) + Fixtures.commentSegment() + Fixtures.xmpSegment() + encoded[secondTables...]

        let stripped = try strippedFile(published)

        XCTAssertEqual(stripped.bytes, encoded)
        XCTAssertEqual(stripped.dropped, [.text, .xmp])
    }

    func test_strip_findsNothingToDropInACleanFile_orInOneItStripped() throws {
        XCTAssertEqual(MetadataStripper.strip(Fixtures.jpeg()), .nothingToDrop)
        let turned = try strippedFile(Fixtures.inserting([Fixtures.exifSegment(orientation: 8), Fixtures.xmpSegment()], into: Fixtures.jpeg()))

        XCTAssertEqual(MetadataStripper.strip(turned.bytes), .nothingToDrop)
    }

    func test_strip_readsNoFileCutShort_atAnyLength() {
        let published = Fixtures.inserting([Fixtures.exifSegment(orientation: 6), Fixtures.commentSegment()], into: Fixtures.jpeg())

        for length in 0..<published.count {
            guard case .notRead = MetadataStripper.strip(Array(published.prefix(length))) else { return XCTFail("cut to \(length) bytes") }
        }
    }

    func test_strip_readsNoFileWhoseSegmentsBreakTheRules() {
        let encoded = Fixtures.jpeg()
        let cases: [(String, [UInt8])] = [
            ("a byte where a marker belongs", [0xFF, 0xD8, 0x00] + encoded.dropFirst(2)),
            ("a length below 2", [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x01] + encoded.dropFirst(2)),
            ("a segment longer than the file", [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF, 0x45, 0x78]),
            ("no scan before the end", [0xFF, 0xD8] + MetadataFixtures.segment(0xFE, [1, 2]) + [0xFF, 0xD9]),
            ("no end of image", Array(encoded.dropLast(2))),
        ]
        for (name, bytes) in cases {
            guard case .notRead = MetadataStripper.strip(bytes) else { return XCTFail(name) }
        }
    }

    func test_strip_neverTrapsOnFlippedBytes_andFindsNothingMoreToDropInWhatItStripped() {
        let published = Fixtures.inserting([Fixtures.exifSegment(orientation: 3), Fixtures.xmpSegment()], into: Fixtures.jpeg())
        var generator = SeededGenerator(seed: 49)
        var strippedCount = 0
        for _ in 0..<300 {
            var damaged = published
            for _ in 0..<3 { damaged[Int(generator.next() % UInt64(damaged.count))] ^= UInt8(truncatingIfNeeded: generator.next() | 1) }

            if case let .stripped(stripped) = MetadataStripper.strip(damaged) {
                strippedCount += 1
                XCTAssertEqual(MetadataStripper.strip(stripped.bytes), .nothingToDrop)
            }
        }
        XCTAssertGreaterThan(strippedCount, 0, "most flips land in the scans' data, which the stripper does not read")
    }

    func test_strip_leavesFilesOfOtherFormatsUnread() {
        XCTAssertEqual(MetadataStripper.strip(Array("GIF89a".utf8) + [1, 0, 1, 0]), .notRead(reason: "not a JPEG or PNG"))
        XCTAssertEqual(MetadataStripper.strip([]), .notRead(reason: "not a JPEG or PNG"))
    }

    // MARK: - Helpers

    private func strippedFile(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws -> MetadataStripper.Stripped {
        guard case let .stripped(stripped) = MetadataStripper.strip(bytes) else {
            XCTFail("\(MetadataStripper.strip(bytes)), not stripped", file: file, line: line)
            throw XCTSkip("not stripped")
        }
        return stripped
    }

    /// The file from its first start-of-scan marker on.
    private func fromFirstScan(_ jpeg: [UInt8]) -> [UInt8]? {
        markerOffsets(0xDA, in: jpeg).first.map { Array(jpeg[$0...]) }
    }

    /// Where each `marker` of the file starts, found as a marker and not inside a segment or scan.
    private func markerOffsets(_ marker: UInt8, in jpeg: [UInt8]) -> [Int] {
        (0..<jpeg.count - 1).filter { jpeg[$0] == 0xFF && jpeg[$0 + 1] == marker }
    }

    private func firstRange(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        bytes.indices.first { bytes[$0...].starts(with: needle) }
    }
}
