import Hashing
import TestSupport
import XCTest

final class CRC32Tests: XCTestCase {
    func test_update_isTheStandardCheckValue() {
        let check = Array("123456789".utf8)

        XCTAssertEqual(check.withUnsafeBytes { CRC32.update(0, $0) }, 0xCBF4_3926)
        XCTAssertEqual([UInt8]().withUnsafeBytes { CRC32.update(0, $0) }, 0)
    }

    func test_update_continuesTheChecksumOfTheBytesBefore() {
        let start = Array("12345".utf8).withUnsafeBytes { CRC32.update(0, $0) }

        XCTAssertEqual(Array("6789".utf8).withUnsafeBytes { CRC32.update(start, $0) }, 0xCBF4_3926)
    }

    func test_hardware_agreesWithZlibOnEveryLengthAndSplit() throws {
        try XCTSkipUnless(CRC32.hardwareAvailable, "this CPU has no carry-less multiplication")
        let bytes = SeededGenerator.bytes(count: 2_000, seed: 11)
        bytes.withUnsafeBytes { all in
            for length in 0...300 {
                let message = UnsafeRawBufferPointer(rebasing: all[0..<length])
                XCTAssertEqual(CRC32.update(0, message, usingHardware: true), CRC32.update(0, message, usingHardware: false), "\(length) bytes")
            }
            for split in stride(from: 0, through: 2_000, by: 37) {
                let first = CRC32.update(0, UnsafeRawBufferPointer(rebasing: all[0..<split]), usingHardware: true)
                let whole = CRC32.update(first, UnsafeRawBufferPointer(rebasing: all[split...]), usingHardware: true)
                XCTAssertEqual(whole, CRC32.update(0, all, usingHardware: false), "split at \(split)")
            }
        }
    }
}
