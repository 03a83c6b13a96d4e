import Foundation
import Hashing
import XCTest

/// SHA-1's SHA extensions path (`CSHA256`) and its Swift block function must agree exactly.
final class SHA1HardwareTests: XCTestCase {
    func test_bothImplementations_giveTheStandardVectors() {
        let vectors: [(String, String)] = [
            ("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
            ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
            ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1"),
            (String(repeating: "a", count: 1_000_000), "34aa973cd4c4daa4f61eeb2bdbad27316534016f"),
        ]
        for usingHardware in [false, true] {
            for (message, digest) in vectors {
                var hasher = SHA1(usingHardware: usingHardware)
                hasher.update(Array(message.utf8))
                XCTAssertEqual(SHA256.hex(hasher.finalize()), digest, "hardware: \(usingHardware), \(message.prefix(10))")
            }
        }
    }

    func test_hardware_agreesWithSwiftOnEveryLengthAndSplit() throws {
        try XCTSkipUnless(SHA256.hardwareAvailable, "this CPU has no SHA extensions; only the Swift path runs here")
        assertHardwareAgreesWithSwift(
            software: { input in
                var hasher = SHA1(usingHardware: false)
                hasher.update(input)
                return hasher.finalize()
            },
            hardware: { first, second in
                var hasher = SHA1(usingHardware: true)
                hasher.update(first)
                hasher.update(second)
                return hasher.finalize()
            })
    }
}
