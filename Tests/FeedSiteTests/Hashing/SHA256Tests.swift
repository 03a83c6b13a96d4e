import Foundation
import Hashing
import TestSupport
import XCTest

final class SHA256Tests: XCTestCase {
    // MARK: - FIPS 180-4 / NIST example vectors

    func test_hexDigest_ofEmptyInput() {
        XCTAssertEqual(SHA256.hexDigest([UInt8]()), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    func test_hexDigest_ofABC() {
        XCTAssertEqual(SHA256.hexDigest(bytes("abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    func test_hexDigest_of448BitMessage() {
        XCTAssertEqual(
            SHA256.hexDigest(bytes("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        )
    }

    func test_hexDigest_of896BitTwoBlockMessage() {
        let message = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
        XCTAssertEqual(SHA256.hexDigest(bytes(message)), "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    func test_hexDigest_ofOneMillionA() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        XCTAssertEqual(SHA256.hexDigest(message), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    func test_hash_deliversThe32ByteDigestThatHexSpellsOut() {
        let digest = SHA256.hash(bytes("abc"))

        XCTAssertEqual(digest.count, 32)
        XCTAssertEqual(Array(digest.prefix(4)), [0xba, 0x78, 0x16, 0xbf])
        XCTAssertEqual(SHA256.hex(digest), SHA256.hexDigest(bytes("abc")))
    }

    func test_hex_isLowerCaseTwoDigitsPerByte() {
        XCTAssertEqual(SHA256.hex([0x00, 0x0f, 0xa0, 0xff]), "000fa0ff")
        XCTAssertEqual(SHA256.hex([]), "")
    }

    // MARK: - Digest

    func test_digestHex_readsBackAsTheSameDigestInEitherCase() {
        let digest = SHA256.digest(bytes("abc"))

        XCTAssertEqual(digest.hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.Digest(hex: digest.hex), digest)
        XCTAssertEqual(SHA256.Digest(hex: digest.hex.uppercased()), digest)
    }

    func test_digestInitHex_isNilForAnythingButSixtyFourHexDigits() {
        let hex = SHA256.hexDigest(bytes("abc"))

        XCTAssertNil(SHA256.Digest(hex: ""))
        XCTAssertNil(SHA256.Digest(hex: String(hex.dropLast())))
        XCTAssertNil(SHA256.Digest(hex: hex + "0"))
        XCTAssertNil(SHA256.Digest(hex: "g" + hex.dropFirst()))
        XCTAssertNil(SHA256.Digest(hex: hex.dropLast() + " "))
    }

    // MARK: - Padding at block boundaries

    func test_hexDigest_atBlockBoundaryLengths() {
        let expected: [Int: String] = [
            55: "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
            56: "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
            63: "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34",
            64: "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
            65: "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0",
            119: "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb",
            120: "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c",
            127: "c57e9278af78fa3cab38667bef4ce29d783787a2f731d4e12200270f0c32320a",
            128: "6836cf13bac400e9105071cd6af47084dfacad4e5e302c94bfed24e013afb73e",
        ]
        for (length, digest) in expected.sorted(by: { $0.key < $1.key }) {
            let message = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            XCTAssertEqual(SHA256.hexDigest(message), digest, "\(length) bytes")
        }
    }

    // MARK: - Incremental hashing

    func test_update_inOddSizedPiecesEqualsOneShot() {
        let message = SeededGenerator.bytes(count: 10_000, seed: 42)
        let pieceSizes = [1, 3, 7, 13, 55, 56, 63, 64, 65, 127, 128, 129, 1000, 4097]

        var hasher = SHA256()
        var offset = 0
        var turn = 0
        while offset < message.count {
            let size = min(pieceSizes[turn % pieceSizes.count], message.count - offset)
            hasher.update(message[offset..<offset + size])
            offset += size
            turn += 1
        }

        XCTAssertEqual(hasher.finalize(), SHA256.hash(message))
    }

    func test_update_splitAtEveryPositionEqualsOneShot() {
        let message = SeededGenerator.bytes(count: 200, seed: 7)
        let expected = SHA256.hash(message)

        for split in 0...message.count {
            var hasher = SHA256()
            hasher.update(message[0..<split])
            hasher.update(message[split...])
            XCTAssertEqual(hasher.finalize(), expected, "split at \(split)")
        }
    }

    func test_update_byteByByteEqualsOneShot() {
        let message = SeededGenerator.bytes(count: 300, seed: 3)

        var hasher = SHA256()
        for byte in message {
            hasher.update(CollectionOfOne(byte))
        }

        XCTAssertEqual(hasher.finalize(), SHA256.hash(message))
    }

    func test_update_withEmptyPiecesChangesNothing() {
        var hasher = SHA256()
        hasher.update([UInt8]())
        hasher.update(bytes("ab"))
        hasher.update([UInt8]())
        hasher.update(bytes("c"))
        hasher.update([UInt8]())

        XCTAssertEqual(SHA256.hex(hasher.finalize()), SHA256.hexDigest(bytes("abc")))
    }

    func test_update_withNonContiguousSequenceEqualsContiguous() {
        let message = SeededGenerator.bytes(count: 1_000, seed: 11)

        var hasher = SHA256()
        hasher.update(message.lazy.map { $0 })

        XCTAssertEqual(hasher.finalize(), SHA256.hash(message))
    }

    func test_update_withRawBufferEqualsOneShot() {
        let message = SeededGenerator.bytes(count: 777, seed: 5)

        var hasher = SHA256()
        message.withUnsafeBytes { hasher.update($0) }

        XCTAssertEqual(hasher.finalize(), SHA256.hash(message))
    }

    func test_hash_ofDataEqualsHashOfBytes() {
        let message = SeededGenerator.bytes(count: 513, seed: 9)

        XCTAssertEqual(SHA256.hash(Data(message)), SHA256.hash(message))
    }

    func test_finalize_onACopyLetsTheOriginalKeepHashing() {
        var hasher = SHA256()
        hasher.update(bytes("ab"))

        var copy = hasher
        let prefixDigest = copy.finalize()
        hasher.update(bytes("c"))

        XCTAssertEqual(prefixDigest, SHA256.hash(bytes("ab")))
        XCTAssertEqual(hasher.finalize(), SHA256.hash(bytes("abc")))
    }

    // MARK: - Helpers

    private func bytes(_ text: String) -> [UInt8] {
        Array(text.utf8)
    }
}
