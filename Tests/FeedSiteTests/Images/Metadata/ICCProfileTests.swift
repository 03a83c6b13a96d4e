import Hashing
import Images
import TestSupport
import XCTest

final class ICCProfileTests: XCTestCase {
    /// The SHA-256 of the profile exiftool reads from icc-two-chunks.jpg (`exiftool -b -ICC_Profile`).
    private static let referenceDigest = "d5681314e39d23370924b7b0e5e052f457c54ce3146b33e9a90ea608ba31ab33"

    func test_readFromJPEG_joinsPillowsTwoChunksAsExiftoolReadsThem() throws {
        let profile = try XCTUnwrap(ICCProfile.read(fromJPEG: MetadataFixtures.bytes("icc-two-chunks.jpg")))

        XCTAssertEqual(profile.count, 70_600)
        XCTAssertEqual(hex(profile), Self.referenceDigest)
    }

    func test_readFromJPEG_ordersChunksByTheirNumbers() throws {
        let profile = try XCTUnwrap(ICCProfile.read(fromJPEG: MetadataFixtures.bytes("icc-two-chunks.jpg")))
        let half = profile.count / 2
        let jpeg = MetadataFixtures.jpeg([
            MetadataFixtures.iccChunk(number: 2, of: 2, profile[half...]), MetadataFixtures.segment(0xDB, [0, 1, 2]),
            MetadataFixtures.iccChunk(number: 1, of: 2, profile[..<half]),
        ])

        XCTAssertEqual(ICCProfile.read(fromJPEG: jpeg), profile)
    }

    func test_readFromJPEG_dropsBytesPastTheSizeTheProfileGives() throws {
        let profile = try XCTUnwrap(ICCProfile.read(fromJPEG: MetadataFixtures.bytes("icc-two-chunks.jpg")))
        let jpeg = MetadataFixtures.jpeg([
            MetadataFixtures.iccChunk(number: 1, of: 2, profile[..<60_000]), MetadataFixtures.iccChunk(number: 2, of: 2, profile[60_000...] + [0, 0, 0]),
        ])

        XCTAssertEqual(ICCProfile.read(fromJPEG: jpeg), profile)
    }

    func test_readFromJPEG_isNilForChunksThatDoNotAddUp() throws {
        let profile = try XCTUnwrap(ICCProfile.read(fromJPEG: MetadataFixtures.bytes("icc-two-chunks.jpg")))
        let (first, second) = (profile[..<40_000], profile[40_000...])
        let cases: [(String, [[UInt8]])] = [
            ("a chunk missing", [MetadataFixtures.iccChunk(number: 1, of: 2, first)]),
            ("a chunk twice", [MetadataFixtures.iccChunk(number: 1, of: 2, first), MetadataFixtures.iccChunk(number: 1, of: 2, first)]),
            ("counts that disagree", [MetadataFixtures.iccChunk(number: 1, of: 2, first), MetadataFixtures.iccChunk(number: 2, of: 3, second)]),
            ("a chunk numbered 0", [MetadataFixtures.iccChunk(number: 0, of: 2, first), MetadataFixtures.iccChunk(number: 2, of: 2, second)]),
            ("a chunk numbered past the count", [MetadataFixtures.iccChunk(number: 1, of: 1, first), MetadataFixtures.iccChunk(number: 2, of: 1, second)]),
            ("a count of 0", [MetadataFixtures.iccChunk(number: 1, of: 0, first)]),
            ("no number or count", [MetadataFixtures.segment(0xE2, Array("ICC_PROFILE".utf8) + [0, 1])]),
            ("fewer bytes than the profile says", [MetadataFixtures.iccChunk(number: 1, of: 1, first)]),
            ("no profile signature", [MetadataFixtures.iccChunk(number: 1, of: 1, [UInt8](repeating: 0, count: 200)[...])]),
        ]
        for (name, segments) in cases {
            XCTAssertNil(ICCProfile.read(fromJPEG: MetadataFixtures.jpeg(segments)), name)
        }
    }

    func test_readFromJPEG_isNilWithoutAProfileOrForAProfileOverTheLimit() throws {
        XCTAssertNil(ICCProfile.read(fromJPEG: try MetadataFixtures.bytes("plain.jpg")))
        XCTAssertNil(ICCProfile.read(fromJPEG: Array("not a jpeg".utf8)))

        // A profile of `chunks` chunks of 65,000 bytes each.
        func jpeg(chunks: Int) -> [UInt8] {
            let total = chunks * 65_000
            var data = [UInt8](repeating: 0, count: 65_000)
            data.replaceSubrange(0..<4, with: [UInt8(total >> 24), UInt8(total >> 16 & 0xFF), UInt8(total >> 8 & 0xFF), UInt8(total & 0xFF)])
            data.replaceSubrange(36..<40, with: Array("acsp".utf8))
            return MetadataFixtures.jpeg((1...chunks).map { MetadataFixtures.iccChunk(number: UInt8($0), of: UInt8(chunks), data[...]) })
        }
        let chunksOverTheLimit = 1 + ICCProfile.maximumSize / 65_000

        XCTAssertNil(ICCProfile.read(fromJPEG: jpeg(chunks: chunksOverTheLimit)))
        XCTAssertEqual(ICCProfile.read(fromJPEG: jpeg(chunks: chunksOverTheLimit - 1))?.count, (chunksOverTheLimit - 1) * 65_000, "the control case")
    }

    func test_readFromJPEG_endsWithAProfileOrNilForTruncatedAndBitFlippedFiles() throws {
        var generator = SeededGenerator(seed: 0x2A)
        let original = try MetadataFixtures.bytes("icc-two-chunks.jpg")
        var found = 0
        for attempt in 0..<1500 {
            var damaged = original
            if attempt % 3 == 0 {
                damaged.removeLast(Int.random(in: 1..<original.count, using: &generator))
            } else {
                // Segment headers sit at the start and around the second chunk at 65,557.
                let region = attempt % 2 == 0 ? 0..<200 : 65_500..<65_600
                for _ in 0..<(1 + attempt % 3) { damaged[Int.random(in: region, using: &generator)] ^= 1 << UInt8.random(in: 0..<8, using: &generator) }
            }
            if let profile = ICCProfile.read(fromJPEG: damaged) {
                XCTAssert((128...ICCProfile.maximumSize).contains(profile.count))
                found += 1
            }
        }
        XCTAssertGreaterThan(found, 0)
    }

    private func hex(_ bytes: [UInt8]) -> String {
        var hash = SHA256()
        hash.update(bytes)
        return hash.finalize().map { String(format: "%02x", $0) }.joined()
    }
}
