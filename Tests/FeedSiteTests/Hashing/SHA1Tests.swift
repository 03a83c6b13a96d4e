import Hashing
import XCTest

final class SHA1Tests: XCTestCase {
    func test_hash_isTheStandardsDigestOfItsExamples() {
        XCTAssertEqual(hex(""), "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        XCTAssertEqual(hex("abc"), "a9993e364706816aba3e25717850c26c9cd0d89d")
        XCTAssertEqual(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"), "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        XCTAssertEqual(SHA256.hex(SHA1.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))), "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    func test_update_inPiecesOfAnySize_givesTheDigestOfTheWhole() {
        let bytes = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let whole = SHA1.hash(bytes)
        for piece in [1, 3, 55, 63, 64, 65, 200] {
            var hasher = SHA1()
            for start in stride(from: 0, to: bytes.count, by: piece) { hasher.update(bytes[start..<min(bytes.count, start + piece)]) }
            XCTAssertEqual(hasher.finalize(), whole, "pieces of \(piece)")
        }
    }

    func test_hash_ofMessagesAroundABlocksPadding_isTwentyBytesAndDiffers() {
        let digests = (54...66).map { SHA1.hash([UInt8](repeating: 0x61, count: $0)) }

        XCTAssertTrue(digests.allSatisfy { $0.count == 20 })
        XCTAssertEqual(Set(digests.map { SHA256.hex($0) }).count, digests.count)
        XCTAssertEqual(SHA256.hex(digests[2]), "c2db330f6083854c99d4b5bfb6e8f29f201be699", "56 bytes: the length takes a block of its own")
    }

    private func hex(_ text: String) -> String {
        SHA256.hex(SHA1.hash(Array(text.utf8)))
    }
}
