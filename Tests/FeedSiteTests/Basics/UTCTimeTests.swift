import Basics
import Foundation
import XCTest

final class UTCTimeTests: XCTestCase {
    func test_iso8601_isFoundationsWholeSecondsInUTC_acrossLeapDaysCenturiesAndBefore1970_from1601To9999() {
        var seed: UInt64 = 7
        let picked = (0..<20_000).map { index -> TimeInterval in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // With fractions of a second: half from 1601 to 2399, half from 1601 to 9999.
            let span: Double = index.isMultiple(of: 2) ? 25_200_000_000 : 265_046_774_399
            return -11_644_473_600 + Double(seed >> 11) / Double(1 << 53) * span
        }
        let chosen: [TimeInterval] = [0, -1, -0.25, 86_399.999, 951_782_400, 951_868_799, 4_107_542_400, 1_795_694_400.75]

        for seconds in chosen + picked {
            let date = Date(timeIntervalSince1970: seconds)
            var text: [UInt8] = []
            UTCTime(date).appendISO8601(to: &text)
            XCTAssertEqual(String(decoding: text, as: UTF8.self), Date.ISO8601FormatStyle().format(date), "\(seconds)")
            XCTAssertEqual(ISO8601Date.format(date), Date.ISO8601FormatStyle().format(date), "\(seconds)")
        }
    }

    func test_digits_areTheFourteenACDXIndexWrites() {
        var digits: [UInt8] = []

        UTCTime(Date(timeIntervalSince1970: 951_825_599.5)).appendDigits(to: &digits)

        XCTAssertEqual(String(decoding: digits, as: UTF8.self), "20000229115959")
    }
}
