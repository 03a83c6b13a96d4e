import Foundation
import History
import XCTest

/// The hours, days, weeks, months and years a policy counts in, at their edges, in UTC.
final class HistoryKeepPolicyCalendarTests: XCTestCase {
    func test_hourly_keepsTheLastOfEachHour_untilTheHourEndedExactlyItsDaysAgo() {
        let snapshots = [
            snapshot("2026-11-20T12:00:00Z"), snapshot("2026-11-20T12:59:59Z"), snapshot("2026-11-20T13:00:00Z"), snapshot("2026-11-20T13:30:00Z"),
            snapshot("2026-11-21T14:00:00Z"),
        ]
        let policy = HistoryKeepPolicy.parsed("hourly:1d")

        XCTAssertEqual(policy.keptNames(snapshots, now: utc("2026-11-21T12:59:59Z")), ["20261120T125959Z", "20261120T133000Z", "20261121T140000Z"])
        XCTAssertEqual(policy.keptNames(snapshots, now: utc("2026-11-21T13:00:00Z")), ["20261120T133000Z", "20261121T140000Z"])
    }

    func test_daily_splitsDaysAtUTCMidnight() {
        let snapshots = [
            snapshot("2026-11-20T00:00:00Z"), snapshot("2026-11-20T23:59:59Z"), snapshot("2026-11-21T00:00:00Z"), snapshot("2026-11-21T00:00:01Z"),
        ]

        XCTAssertEqual(
            HistoryKeepPolicy.parsed("daily:forever").keptNames(snapshots, now: utc("2026-11-26T12:00:00Z")), ["20261120T235959Z", "20261121T000001Z"])
    }

    func test_monthly_endsEachMonthOnItsOwnLastDay() {
        let snapshots = [
            snapshot("2027-01-31T12:00:00Z"), snapshot("2027-01-31T23:59:59Z"), snapshot("2027-02-01T00:00:00Z"), snapshot("2027-02-28T23:59:59Z"),
            snapshot("2027-03-01T00:00:00Z"), snapshot("2027-03-31T23:59:59Z"), snapshot("2027-04-01T00:00:00Z"), snapshot("2027-04-30T23:59:59Z"),
            snapshot("2027-05-01T00:00:00Z"), snapshot("2027-06-01T00:00:00Z"),
        ]

        XCTAssertEqual(
            HistoryKeepPolicy.parsed("monthly:forever").keptNames(snapshots, now: utc("2027-06-15T00:00:00Z")),
            ["20270131T235959Z", "20270228T235959Z", "20270331T235959Z", "20270430T235959Z", "20270501T000000Z", "20270601T000000Z"])
    }

    func test_leapDay_isADayOfItsOwnAndTheLastOfItsFebruary() {
        let snapshots = [
            snapshot("2028-02-28T23:59:59Z"), snapshot("2028-02-29T00:00:00Z"), snapshot("2028-02-29T23:59:59Z"), snapshot("2028-03-01T00:00:00Z"),
        ]
        let now = utc("2028-03-02T00:00:00Z")

        XCTAssertEqual(
            HistoryKeepPolicy.parsed("daily:forever").keptNames(snapshots, now: now), ["20280228T235959Z", "20280229T235959Z", "20280301T000000Z"])
        XCTAssertEqual(HistoryKeepPolicy.parsed("monthly:forever").keptNames(snapshots, now: now), ["20280229T235959Z", "20280301T000000Z"])
    }

    func test_monthly_countsALeapFebruaryFromItsEndOnTheFirstOfMarch() {
        // February 2028 ends at 2028-03-01T00:00:00Z, 30 days before 2028-03-31T00:00:00Z.
        let snapshots = [snapshot("2028-02-29T12:00:00Z"), snapshot("2028-03-20T12:00:00Z")]
        let policy = HistoryKeepPolicy.parsed("monthly:30d")

        XCTAssertEqual(policy.keptNames(snapshots, now: utc("2028-03-30T23:59:59Z")), ["20280229T120000Z", "20280320T120000Z"])
        XCTAssertEqual(policy.keptNames(snapshots, now: utc("2028-03-31T00:00:00Z")), ["20280320T120000Z"])
    }

    func test_yearly_splitsYearsAtNewYearsMidnight_andCountsAYearFromItsEnd() {
        let snapshots = [
            snapshot("2026-06-01T00:00:00Z"), snapshot("2026-12-31T23:59:59Z"), snapshot("2027-01-01T00:00:00Z"), snapshot("2027-03-01T00:00:00Z"),
        ]

        XCTAssertEqual(
            HistoryKeepPolicy.parsed("yearly:forever").keptNames(snapshots, now: utc("2027-06-01T00:00:00Z")), ["20261231T235959Z", "20270301T000000Z"])
        XCTAssertEqual(
            HistoryKeepPolicy.parsed("yearly:10d").keptNames(snapshots, now: utc("2027-01-10T23:59:59Z")), ["20261231T235959Z", "20270301T000000Z"])
        XCTAssertEqual(HistoryKeepPolicy.parsed("yearly:10d").keptNames(snapshots, now: utc("2027-01-11T00:00:00Z")), ["20270301T000000Z"])
    }

    func test_weekly_runsFromMondayToSunday_acrossTheNewYear() {
        // 2026-12-28 is a Monday: its week (ISO week 53 of 2026) ends on Sunday 2027-01-03.
        let snapshots = [
            snapshot("2026-12-27T12:00:00Z"), snapshot("2026-12-28T00:00:00Z"), snapshot("2026-12-31T23:59:59Z"), snapshot("2027-01-01T00:00:00Z"),
            snapshot("2027-01-03T23:59:59Z"), snapshot("2027-01-04T00:00:00Z"),
        ]

        XCTAssertEqual(
            HistoryKeepPolicy.parsed("weekly:forever").keptNames(snapshots, now: utc("2027-01-05T00:00:00Z")),
            ["20261227T120000Z", "20270103T235959Z", "20270104T000000Z"])
    }

    func test_weekly_countsAWeekFromTheMondayAfterIt() {
        let snapshots = [snapshot("2026-12-29T12:00:00Z"), snapshot("2027-01-06T12:00:00Z")]
        let policy = HistoryKeepPolicy.parsed("weekly:7d")

        XCTAssertEqual(policy.keptNames(snapshots, now: utc("2027-01-10T23:59:59Z")), ["20261229T120000Z", "20270106T120000Z"])
        XCTAssertEqual(policy.keptNames(snapshots, now: utc("2027-01-11T00:00:00Z")), ["20270106T120000Z"])
    }
}
