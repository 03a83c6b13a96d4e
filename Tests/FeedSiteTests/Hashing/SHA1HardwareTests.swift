import Foundation
import Hashing
import TestSupport
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

    func test_twoMessagesAtOnce_eachGetTheDigestOfTheirOwnBytes_whateverEachHeldBefore() throws {
        try XCTSkipUnless(SHA256.hardwareAvailable, "this CPU has no SHA extensions; only the Swift path runs here")
        let bytes = SeededGenerator.bytes(count: 1_200, seed: 3)
        for (firstHead, secondHead) in [(0, 0), (1, 0), (0, 63), (37, 5), (64, 129), (600, 3)] {
            for length in [0, 1, 63, 64, 65, 127, 128, 200, 391] {
                var first = SHA1(usingHardware: true)
                var second = SHA1(usingHardware: true)
                first.update(bytes[..<firstHead])
                second.update(bytes[..<secondHead])

                bytes.withUnsafeBytes { SHA1.update(&first, &second, with: UnsafeRawBufferPointer(rebasing: $0[700..<(700 + length)])) }

                let body = Array(bytes[700..<(700 + length)])
                XCTAssertEqual(first.finalize(), SHA1.hash(Array(bytes[..<firstHead]) + body), "first, \(firstHead) held, \(length) more")
                XCTAssertEqual(second.finalize(), SHA1.hash(Array(bytes[..<secondHead]) + body), "second, \(secondHead) held, \(length) more")
            }
        }
    }
}
