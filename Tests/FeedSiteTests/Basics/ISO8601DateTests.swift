@testable import Basics
import Foundation
import TestSupport
import XCTest

final class ISO8601DateTests: XCTestCase {
    private let instant = Date(timeIntervalSince1970: 1_589_973_899)  // 2020-05-20T11:24:59Z

    func test_parse_acceptsTheAPIsOffsetForms() {
        XCTAssertEqual(ISO8601Date.parse("2020-05-20T11:24:59+0000"), instant)
        XCTAssertEqual(ISO8601Date.parse("2020-05-20T11:24:59+00:00"), instant)
        XCTAssertEqual(ISO8601Date.parse("2020-05-20T11:24:59Z"), instant)
    }

    func test_parse_appliesNonZeroOffsets() {
        XCTAssertEqual(ISO8601Date.parse("2020-05-20T14:24:59+03:00"), instant)
        XCTAssertEqual(ISO8601Date.parse("2020-05-20T06:54:59-0430"), instant)
    }

    func test_parse_acceptsFractionalSeconds() throws {
        XCTAssertEqual(try XCTUnwrap(ISO8601Date.parse("2020-05-20T11:24:59.500Z")).timeIntervalSince1970, 1_589_973_899.5, accuracy: 0.0005)
        XCTAssertEqual(try XCTUnwrap(ISO8601Date.parse("2020-05-20T11:24:59.123+0000")).timeIntervalSince1970, 1_589_973_899.123, accuracy: 0.0005)
        XCTAssertEqual(try XCTUnwrap(ISO8601Date.parse("2020-05-20T11:24:59.9+00:00")).timeIntervalSince1970, 1_589_973_899.9, accuracy: 0.0005)
    }

    func test_parse_isFoundationsOnWholeSecondDatesInEveryOffsetForm() {
        var seed: UInt64 = 11
        func next(_ range: ClosedRange<Int>) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int((seed >> 33) % UInt64(range.count))
        }
        for index in 0..<20_000 {
            let date = Date(timeIntervalSince1970: TimeInterval(next(-11_644_473_600...253_402_300_799)))
            let utc = ISO8601Date.format(date)
            let hours = next(0...23)
            let minutes = next(0...59)
            let sign = index.isMultiple(of: 2) ? "+" : "-"
            let shifted = ISO8601Date.format(date.addingTimeInterval(TimeInterval((sign == "+" ? 1 : -1) * (hours * 3_600 + minutes * 60))))
            let local = String(shifted.dropLast())
            for text in [
                utc, String(utc.dropLast()) + "+0000", String(utc.dropLast()) + "+00:00", local + sign + two(hours) + two(minutes),
                local + sign + two(hours) + ":" + two(minutes),
            ] {
                XCTAssertEqual(ISO8601Date.parse(text), Self.foundationParse(text), text)
            }
        }
    }

    func test_parse_leavesToFoundationWhatIsOutsideThePlainRanges() {
        let texts = [
            "2019-02-29T00:00:00Z", "2020-02-29T00:00:00Z", "2100-02-29T12:00:00Z", "2000-02-29T12:00:00Z", "2021-04-31T00:00:00Z",
            "2021-13-01T00:00:00Z", "2021-00-10T00:00:00Z", "2021-01-00T00:00:00Z", "2021-01-01T24:00:00Z", "2016-12-31T23:59:60Z",
            "2021-01-01T00:60:00Z", "2021-01-01T00:00:00+24:00", "2021-01-01T00:00:00+23:60", "2021-01-01T00:00:00z", "2021-01-01t00:00:00Z",
            "1600-06-01T00:00:00Z", "1582-10-15T00:00:00Z", "0999-01-01T00:00:00Z", "2021-01-01T00:00:00+0:00", "2021-01-01T00:00:00 00:00",
            "2021-01-01T00:00:00+00-00", "2021-01-01T00:00:0aZ", "2021-01-01T00:00:00+18:00", "2021-01-01T00:00:00-1800",
            "2021-01-01T00:00:00+17:59", "2021-01-01T00:00:00-1759", "２０２１-01-01T00:00:00Z", "2021-01-01T00:00:00.5Z",
        ]
        for text in texts {
            XCTAssertEqual(ISO8601Date.parse(text), Self.foundationParse(text), text)
        }
        XCTAssertNotNil(ISO8601Date.wholeSeconds("2020-02-29T00:00:00Z"))
        XCTAssertNil(ISO8601Date.wholeSeconds("2019-02-29T00:00:00Z"))
        XCTAssertNil(ISO8601Date.wholeSeconds("2016-12-31T23:59:60Z"))
        XCTAssertNil(ISO8601Date.wholeSeconds("1600-06-01T00:00:00Z"))
    }

    /// What Foundation's parser alone makes of `text`, as `parse` did before it read whole
    /// seconds by arithmetic.
    private static func foundationParse(_ text: String) -> Date? {
        for style in [Date.ISO8601FormatStyle(includingFractionalSeconds: true), Date.ISO8601FormatStyle()] {
            if let match = try? style.consuming(text, startingAt: text.startIndex, in: text.startIndex..<text.endIndex), match.upperBound == text.endIndex {
                return match.output
            }
        }
        return nil
    }

    private func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    func test_parse_rejectsText() {
        for text in ["", "yesterday", "2020-05-20", "11:24:59", "2020-05-20 at noon", "1589973899"] {
            XCTAssertNil(ISO8601Date.parse(text), text)
        }
    }

    func test_parse_rejectsTrailingCharacters() {
        for text in ["2020-05-20T11:24:59+0000 trailing", "2020-05-20T11:24:59Zjunk", "2020-05-20T11:24:59+00:00+01:00", "2020-05-20T11:24:59.5Z!"] {
            XCTAssertNil(ISO8601Date.parse(text), text)
        }
    }

    func test_format_writesUTCWithWholeSecondsAndZ() {
        XCTAssertEqual(ISO8601Date.format(instant), "2020-05-20T11:24:59Z")
        XCTAssertEqual(ISO8601Date.format(instant.addingTimeInterval(0.75)), "2020-05-20T11:24:59Z")
        XCTAssertEqual(ISO8601Date.format(Date(timeIntervalSince1970: 0)), "1970-01-01T00:00:00Z")
    }

    func test_format_isFoundationsBeforeAndAfterTheYearsWrittenByArithmetic() {
        // 0001-01-01, 1582-10-15 (the Gregorian reform), 1600-12-31T23:59:59Z and
        // 1601-01-01T00:00:00Z, 9999-12-31T23:59:59Z and 10000-01-01T00:00:00Z.
        for seconds: TimeInterval in [-62_135_596_800, -12_219_292_800, -11_644_473_601, -11_644_473_600, 253_402_300_799, 253_402_300_800] {
            let date = Date(timeIntervalSince1970: seconds)
            XCTAssertEqual(ISO8601Date.format(date), Date.ISO8601FormatStyle().format(date), "\(seconds)")
        }
        XCTAssertEqual(ISO8601Date.format(Date(timeIntervalSince1970: -11_644_473_600)), "1601-01-01T00:00:00Z")
        XCTAssertEqual(ISO8601Date.format(Date(timeIntervalSince1970: 253_402_300_799)), "9999-12-31T23:59:59Z")
    }

    func test_format_thenParse_roundTripsWholeSeconds() {
        for date in [instant, fixedNow(), Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 4_102_444_800)] {
            XCTAssertEqual(ISO8601Date.parse(ISO8601Date.format(date)), date, "\(date)")
        }
    }

    func test_formatKeepingFraction_writesMillisecondsOnlyWhenTheDateHasAFraction() {
        XCTAssertEqual(ISO8601Date.formatKeepingFraction(instant), "2020-05-20T11:24:59Z")
        XCTAssertEqual(ISO8601Date.formatKeepingFraction(instant.addingTimeInterval(0.25)), "2020-05-20T11:24:59.250Z")
        XCTAssertEqual(ISO8601Date.formatKeepingFraction(ISO8601Date.parse("2020-05-20T14:24:59.123+03:00")!), "2020-05-20T11:24:59.123Z")
        XCTAssertEqual(ISO8601Date.formatKeepingFraction(instant.addingTimeInterval(0.9996)), "2020-05-20T11:25:00Z", "rounded to the millisecond")
        XCTAssertEqual(ISO8601Date.formatKeepingFraction(Date(timeIntervalSince1970: -0.25)), "1969-12-31T23:59:59.750Z")
    }

    func test_formatKeepingFraction_givesBackEveryMillisecondTheAPIWrote() throws {
        for day in ["2020-05-20T11:24:59", "2024-05-20T11:24:59", "2026-11-24T23:59:59"] {
            for millisecond in 0..<1000 {
                let text = day + String(format: ".%03d", millisecond)
                let date = try XCTUnwrap(ISO8601Date.parse(text + "+0000"))
                XCTAssertEqual(ISO8601Date.formatKeepingFraction(date), millisecond == 0 ? day + "Z" : text + "Z")
            }
        }
    }
}
