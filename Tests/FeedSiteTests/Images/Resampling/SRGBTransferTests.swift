import XCTest

@testable import Images

final class SRGBTransferTests: XCTestCase {
    func test_byteFromLinear_isTheNearestByteForEveryValueAndEitherSideOfEveryMidpoint() {
        let transfer = SRGBTransfer.shared
        var values = (0...(1 << 20)).map { Float($0) / Float(1 << 20) }
        for threshold in transfer.threshold.dropFirst().dropLast() {
            values += [threshold.nextDown, threshold, threshold.nextUp]
        }
        // The nearest byte by the definition: the last whose midpoint with the byte below it
        // (decoded) is at most the value; the values in order, so the byte only grows.
        let midpoints = (1..<256).map { Float(SRGBTransfer.decode((Double($0) - 0.5) / 255)) }
        var expected: UInt8 = 0
        transfer.coarse.withUnsafeBufferPointer { coarse in
            transfer.threshold.withUnsafeBufferPointer { threshold in
                for value in values.sorted() {
                    while expected < 255 && midpoints[Int(expected)] <= value { expected += 1 }
                    XCTAssertEqual(SRGBTransfer.byte(fromLinear: value, coarse: coarse, threshold: threshold), expected, "linear \(value)")
                }
            }
        }
    }

    func test_byteFromLinear_clampsBelow0Above1AndNaN() {
        let transfer = SRGBTransfer.shared
        transfer.coarse.withUnsafeBufferPointer { coarse in
            transfer.threshold.withUnsafeBufferPointer { threshold in
                XCTAssertEqual(SRGBTransfer.byte(fromLinear: -0.25, coarse: coarse, threshold: threshold), 0)
                XCTAssertEqual(SRGBTransfer.byte(fromLinear: 1.5, coarse: coarse, threshold: threshold), 255)
                XCTAssertEqual(SRGBTransfer.byte(fromLinear: .infinity, coarse: coarse, threshold: threshold), 255)
                XCTAssertEqual(SRGBTransfer.byte(fromLinear: .nan, coarse: coarse, threshold: threshold), 0)
            }
        }
    }
}
