import Basics
import Foundation
import XCTest

@testable import WebArchive

final class UTCTimeTests: XCTestCase {
    func test_iso8601_isFoundationsWholeSecondsInUTC_acrossLeapDaysCenturiesAndBefore1970() {
        var seed: UInt64 = 7
        let picked = (0..<2_000).map { _ -> TimeInterval in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // From 1601 to 2399, with fractions of a second.
            return -11_644_473_600 + Double(seed >> 11) / Double(1 << 53) * 25_200_000_000
        }
        let chosen: [TimeInterval] = [0, -1, -0.25, 86_399.999, 951_782_400, 951_868_799, 4_107_542_400, 1_795_694_400.75]

        for seconds in chosen + picked {
            let date = Date(timeIntervalSince1970: seconds)
            var text: [UInt8] = []
            UTCTime(date).appendISO8601(to: &text)
            XCTAssertEqual(String(decoding: text, as: UTF8.self), ISO8601Date.format(date), "\(seconds)")
        }
    }

    func test_digits_areTheFourteenACDXIndexWrites() {
        var digits: [UInt8] = []

        UTCTime(Date(timeIntervalSince1970: 951_825_599.5)).appendDigits(to: &digits)

        XCTAssertEqual(String(decoding: digits, as: UTF8.self), "20000229115959")
    }
}
