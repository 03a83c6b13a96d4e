import Foundation
import Hashing
import TestSupport
import XCTest

/// The SHA extensions path (`CSHA256`) and the Swift block function must agree exactly.
final class SHA256HardwareTests: XCTestCase {
    func test_bothImplementations_giveTheStandardVectors() {
        let vectors: [(String, String)] = [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
            (
                "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
            ),
        ]
        for usingHardware in [false, true] {
            for (message, digest) in vectors {
                var hasher = SHA256(usingHardware: usingHardware)
                hasher.update(Array(message.utf8))
                XCTAssertEqual(SHA256.hex(hasher.finalize()), digest, "hardware: \(usingHardware), \(message.prefix(10))")
            }
        }
    }

    func test_hardware_agreesWithSwiftOnEveryLengthAndSplit() throws {
        try XCTSkipUnless(SHA256.hardwareAvailable, "this CPU has no SHA extensions; only the Swift path runs here")
        assertHardwareAgreesWithSwift(
            software: { input in
                var hasher = SHA256(usingHardware: false)
                hasher.update(input)
                return hasher.finalize()
            },
            hardware: { first, second in
                var hasher = SHA256(usingHardware: true)
                hasher.update(first)
                hasher.update(second)
                return hasher.finalize()
            })
    }
}
