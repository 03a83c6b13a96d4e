import FeedCore
import Foundation
import TestSupport
import XCTest

final class CachePolicyTests: XCTestCase {
    private let sevenDaysInSeconds: TimeInterval = 7 * 24 * 60 * 60

    func test_maxAge_isSevenDays() {
        XCTAssertEqual(CachePolicy.maxAgeInDays, 7)
    }

    func test_validate_isValidAtTheSameInstant() {
        let timestamp = CacheFixtures.fractionalTimestamp()

        XCTAssertTrue(CachePolicy.validate(timestamp, against: timestamp))
    }

    func test_validate_isValidOneSecondBeforeSevenDays() {
        let now = fixedNow()

        XCTAssertTrue(CachePolicy.validate(now.minusCacheMaxAge().adding(seconds: 1), against: now))
    }

    func test_validate_isValidOneMillisecondBeforeSevenDays() {
        let timestamp = CacheFixtures.fractionalTimestamp()

        XCTAssertTrue(CachePolicy.validate(timestamp, against: timestamp.adding(seconds: sevenDaysInSeconds - 0.001)))
    }

    func test_validate_isExpiredAtExactlySevenDays() {
        let now = fixedNow()

        XCTAssertFalse(CachePolicy.validate(now.minusCacheMaxAge(), against: now))
    }

    func test_validate_isExpiredAtExactlySevenDaysWithFractionalSeconds() {
        let timestamp = CacheFixtures.fractionalTimestamp()

        XCTAssertFalse(CachePolicy.validate(timestamp, against: timestamp.adding(days: 7)))
    }

    func test_validate_isExpiredOneSecondAfterSevenDays() {
        let now = fixedNow()

        XCTAssertFalse(CachePolicy.validate(now.minusCacheMaxAge().adding(seconds: -1), against: now))
    }

    func test_validate_isExpiredLongAfterSevenDays() {
        let now = fixedNow()

        XCTAssertFalse(CachePolicy.validate(now.adding(days: -400), against: now))
    }

    func test_validate_treatsATimestampInTheFutureAsValid() {
        let now = fixedNow()

        XCTAssertTrue(CachePolicy.validate(now.adding(seconds: 60), against: now))
    }

    func test_validate_sevenDaysAreSevenTimesTwentyFourHoursInUTC() {
        let timestamp = fixedNow()

        XCTAssertTrue(CachePolicy.validate(timestamp, against: timestamp.adding(seconds: sevenDaysInSeconds - 1)))
        XCTAssertFalse(CachePolicy.validate(timestamp, against: timestamp.adding(seconds: sevenDaysInSeconds)))
    }

    func test_validate_countsCalendarDaysAcrossALeapDayAndMonthEnd() {
        // 2024-02-26T23:59:59.5Z: seven days later is 2024-03-04T23:59:59.5Z, past Feb 29.
        let timestamp = Date(timeIntervalSince1970: 1_708_991_999.5)
        let expiry = Date(timeIntervalSince1970: 1_709_596_799.5)

        XCTAssertTrue(CachePolicy.validate(timestamp, against: expiry.adding(seconds: -1)))
        XCTAssertFalse(CachePolicy.validate(timestamp, against: expiry))
    }

    func test_validate_usesUTCDaysWhateverTheMachinesTimeZone() {
        let original = NSTimeZone.default
        NSTimeZone.default = TimeZone(identifier: "America/New_York")!
        defer { NSTimeZone.default = original }
        // 2024-03-08T12:00:00Z. New York springs forward on 2024-03-10, so seven of its
        // local calendar days would be only 167 hours; in UTC they are 168.
        let timestamp = Date(timeIntervalSince1970: 1_709_899_200)

        XCTAssertTrue(CachePolicy.validate(timestamp, against: timestamp.adding(seconds: sevenDaysInSeconds - 1)))
        XCTAssertFalse(CachePolicy.validate(timestamp, against: timestamp.adding(seconds: sevenDaysInSeconds)))
    }

    func test_validate_usesUTCDaysAcrossTheEndOfDaylightSaving() {
        let original = NSTimeZone.default
        NSTimeZone.default = TimeZone(identifier: "Europe/Athens")!
        defer { NSTimeZone.default = original }
        // 2024-10-25T12:00:00Z. Athens falls back on 2024-10-27, so seven of its local
        // calendar days would be 169 hours; in UTC they are 168.
        let timestamp = Date(timeIntervalSince1970: 1_729_857_600)

        XCTAssertTrue(CachePolicy.validate(timestamp, against: timestamp.adding(seconds: sevenDaysInSeconds - 1)))
        XCTAssertFalse(CachePolicy.validate(timestamp, against: timestamp.adding(seconds: sevenDaysInSeconds)))
    }
}
