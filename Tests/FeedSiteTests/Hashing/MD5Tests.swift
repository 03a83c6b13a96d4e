import Hashing
import XCTest

final class MD5Tests: XCTestCase {
    func test_hash_isTheStandardsDigestOfItsTestSuite() {
        XCTAssertEqual(hex(""), "d41d8cd98f00b204e9800998ecf8427e")
        XCTAssertEqual(hex("a"), "0cc175b9c0f1b6a831c399e269772661")
        XCTAssertEqual(hex("abc"), "900150983cd24fb0d6963f7d28e17f72")
        XCTAssertEqual(hex("message digest"), "f96b697d7cb7938d525a2f31aaf161d0")
        XCTAssertEqual(hex("abcdefghijklmnopqrstuvwxyz"), "c3fcd3d76192e4007dfb496cca67e13b")
        XCTAssertEqual(hex("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"), "d174ab98d277d9f5a5611c2c9f419d9f")
        XCTAssertEqual(
            hex("12345678901234567890123456789012345678901234567890123456789012345678901234567890"), "57edf4a22be3c955ac49da2e2107b67a")
    }

    func test_update_inPiecesOfAnySize_givesTheDigestOfTheWhole() {
        let bytes = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let whole = MD5.hash(bytes)
        for piece in [1, 3, 55, 63, 64, 65, 200] {
            var hasher = MD5()
            for start in stride(from: 0, to: bytes.count, by: piece) { hasher.update(bytes[start..<min(bytes.count, start + piece)]) }
            XCTAssertEqual(hasher.finalize(), whole, "pieces of \(piece)")
        }
    }

    func test_hash_ofMessagesAroundABlocksPadding_isTheDigestOtherToolsGive() {
        // 55 bytes pad within their block, 56 need a second block for the length.
        XCTAssertEqual(SHA256.hex(MD5.hash([UInt8](repeating: 0x61, count: 55))), "ef1772b6dff9a122358552954ad0df65")
        XCTAssertEqual(SHA256.hex(MD5.hash([UInt8](repeating: 0x61, count: 56))), "3b0c8ac703f828b04c6c197006d17218")
        XCTAssertEqual(SHA256.hex(MD5.hash([UInt8](repeating: 0x61, count: 1_000_000))), "7707d6ae4e027c70eea2a935c2296f21")
    }

    private func hex(_ text: String) -> String {
        SHA256.hex(MD5.hash(Array(text.utf8)))
    }
}
