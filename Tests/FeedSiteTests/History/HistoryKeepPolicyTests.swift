import Foundation
import History
import XCTest

final class HistoryKeepPolicyTests: XCTestCase {
    func test_kept_ofNoSnapshotsIsNothing() {
        for policy in [HistoryKeepPolicy.standard, .all, .parsed("hourly:1d")] {
            XCTAssertEqual(policy.kept([], now: utc("2026-11-26T12:00:00Z")), [], policy.description)
            XCTAssertEqual(policy.thinned([], now: utc("2026-11-26T12:00:00Z")), [], policy.description)
        }
    }

    func test_kept_alwaysHoldsTheNewestThoughNoRuleKeepsIt() {
        let snapshots = [snapshot("2026-10-01T08:00:00Z"), snapshot("2026-10-02T08:00:00Z"), snapshot("2026-10-02T08:00:00Z", serial: 2)]

        for text in ["every:1d", "hourly:1d", "daily:7d", "weekly:7d", "monthly:7d", "yearly:7d"] {
            XCTAssertEqual(HistoryKeepPolicy.parsed(text).keptNames(snapshots, now: utc("2026-11-26T12:00:00Z")), ["20261002T080000Z-2"], text)
        }
    }

    func test_kept_holdsSnapshotsDatedAfterNowThoughNoRuleKeepsThem() {
        // A clock set back: the second after now is neither the newest nor the last of its day.
        let snapshots = [snapshot("2026-11-01T08:00:00Z"), snapshot("2026-11-26T12:00:01Z"), snapshot("2026-11-26T12:00:01Z", serial: 2)]

        XCTAssertEqual(
            HistoryKeepPolicy.parsed("daily:forever").keptNames(snapshots, now: utc("2026-11-26T12:00:00Z")),
            ["20261101T080000Z", "20261126T120001Z", "20261126T120001Z-2"])
    }

    func test_kept_byEvery_holdsASnapshotLessThan2DaysOldButNotOneExactly2DaysOld() {
        let now = utc("2026-11-26T12:00:00Z")
        let snapshots = [
            snapshot("2026-11-24T11:59:59Z"), snapshot("2026-11-24T12:00:00Z"), snapshot("2026-11-24T12:00:01Z"), snapshot("2026-11-26T11:00:00Z"),
        ]

        XCTAssertEqual(HistoryKeepPolicy.parsed("every:2d").keptNames(snapshots, now: now), ["20261124T120001Z", "20261126T110000Z"])
        XCTAssertEqual(
            HistoryKeepPolicy.parsed("every:2d").keptNames(snapshots, now: now.addingTimeInterval(-1)),
            ["20261124T120000Z", "20261124T120001Z", "20261126T110000Z"])
    }

    func test_kept_byTheStandard_thinsA2DayOldSnapshotThatIsNotTheLastOfItsDay() {
        let snapshots = [
            snapshot("2026-11-24T11:59:59Z"), snapshot("2026-11-24T12:00:00Z"), snapshot("2026-11-24T12:00:01Z"), snapshot("2026-11-24T20:00:00Z"),
            snapshot("2026-11-26T12:00:00Z"),
        ]

        XCTAssertEqual(
            HistoryKeepPolicy.standard.thinned(snapshots, now: utc("2026-11-26T12:00:00Z")).map(\.text), ["20261124T115959Z", "20261124T120000Z"])
    }

    func test_kept_byDaily_holdsTheLastOfADayUntilTheDayEndedExactly60DaysAgo() {
        // 2026-09-27 ends at 2026-09-28T00:00:00Z, and 2026-11-27T00:00:00Z is 60 days after.
        let snapshots = [snapshot("2026-09-27T10:00:00Z"), snapshot("2026-09-27T23:00:00Z"), snapshot("2026-11-20T10:00:00Z")]
        let policy = HistoryKeepPolicy.parsed("daily:60d")

        XCTAssertEqual(policy.keptNames(snapshots, now: utc("2026-11-26T23:59:59Z")), ["20260927T230000Z", "20261120T100000Z"])
        XCTAssertEqual(policy.keptNames(snapshots, now: utc("2026-11-27T00:00:00Z")), ["20261120T100000Z"])
    }

    func test_kept_byTheStandard_leavesADayToItsMonthOnceItEndedExactly60DaysAgo() {
        let snapshots = [snapshot("2026-09-27T23:00:00Z"), snapshot("2026-09-30T23:00:00Z"), snapshot("2026-11-20T10:00:00Z")]

        XCTAssertEqual(HistoryKeepPolicy.standard.thinned(snapshots, now: utc("2026-11-26T23:59:59Z")), [])
        XCTAssertEqual(HistoryKeepPolicy.standard.thinned(snapshots, now: utc("2026-11-27T00:00:00Z")).map(\.text), ["20260927T230000Z"])
    }

    func test_kept_ofSnapshotsInOneSecond_isTheGreatestSerial() {
        let snapshots = [
            snapshot("2026-11-20T23:59:59Z"), snapshot("2026-11-20T23:59:59Z", serial: 9), snapshot("2026-11-20T23:59:59Z", serial: 10),
            snapshot("2026-11-20T23:59:59Z", serial: 2), snapshot("2026-11-21T00:00:00Z"), snapshot("2026-11-21T00:00:00Z", serial: 2),
            snapshot("2026-11-22T06:00:00Z"),
        ]
        let now = utc("2026-11-26T12:00:00Z")

        XCTAssertEqual(
            HistoryKeepPolicy.parsed("daily:forever").keptNames(snapshots, now: now), ["20261120T235959Z-10", "20261121T000000Z-2", "20261122T060000Z"])
        XCTAssertEqual(HistoryKeepPolicy.parsed("every:6d").kept(snapshots, now: now), Set(snapshots))
    }

    func test_kept_holdsWhatAnyRuleKeeps() {
        let snapshots = [
            snapshot("2025-03-01T00:00:00Z"), snapshot("2025-12-31T18:00:00Z"), snapshot("2026-11-25T09:00:00Z"), snapshot("2026-11-26T09:00:00Z"),
        ]

        XCTAssertEqual(
            HistoryKeepPolicy.parsed("every:2d,yearly:forever").keptNames(snapshots, now: utc("2026-11-26T12:00:00Z")),
            ["20251231T180000Z", "20261125T090000Z", "20261126T090000Z"])
    }

    func test_kept_byAll_isEverySnapshot() {
        let snapshots = everySixHours(forDays: 400, endingAt: utc("2026-11-26T18:00:00Z"))

        XCTAssertEqual(HistoryKeepPolicy.all.kept(snapshots, now: utc("2026-11-26T18:00:00Z")), Set(snapshots))
        XCTAssertEqual(HistoryKeepPolicy.parsed("all").thinned(snapshots, now: utc("2040-01-01T00:00:00Z")), [])
    }

    func test_kept_byTheStandardOver400DaysOfSnapshotsEvery6Hours_isTwoDaysThenDailiesThenMonthlies() {
        let now = utc("2026-11-26T18:00:00Z")
        // 1600 snapshots at 00, 06, 12 and 18 UTC of the 400 days from 2025-10-23 to 2026-11-26,
        // the newest taken now.
        let snapshots = everySixHours(forDays: 400, endingAt: now)
        XCTAssertEqual(snapshots.count, 1600)
        XCTAssertEqual(snapshots.first?.text, "20251023T000000Z")

        let kept = HistoryKeepPolicy.standard.keptNames(snapshots, now: now)

        // every:2d keeps those less than 48 hours old: 2026-11-25 and 11-26 at 00, 06, 12 and 18,
        // 8 snapshots (11-24 at 18:00 is exactly 48 hours old). daily:60d keeps the 18:00 of each
        // day that ended after 2026-09-27T18:00: 09-27 (it ended at 09-28T00:00) to 11-26, that is
        // 4 + 31 + 26 = 61 days, 2 of them already kept: 59 more. monthly:forever keeps the last
        // day's 18:00 of each month: September to November 2026 are already kept, October 2025 to
        // August 2026 are 11 more. 8 + 59 + 11 = 78.
        XCTAssertEqual(kept.count, 78)
        XCTAssertEqual(kept.filter { $0 >= "20261124T180000Z" }.count, 9)
        XCTAssertEqual(
            kept.filter { $0 < "20260927" },
            [
                "20251031T180000Z", "20251130T180000Z", "20251231T180000Z", "20260131T180000Z", "20260228T180000Z", "20260331T180000Z",
                "20260430T180000Z", "20260531T180000Z", "20260630T180000Z", "20260731T180000Z", "20260831T180000Z",
            ])
        XCTAssertEqual(HistoryKeepPolicy.standard.thinned(snapshots, now: now).count, 1600 - 78)
    }

    func test_kept_keptAgainAtTheSameTime_isAllOfIt() {
        let now = utc("2026-11-26T18:00:00Z")
        let snapshots = everySixHours(forDays: 400, endingAt: now) + [snapshot("2026-11-20T18:00:00Z", serial: 2), snapshot("2026-11-27T01:00:00Z")]

        for text in ["every:2d,daily:60d,monthly:forever", "hourly:3d,weekly:100d,yearly:forever", "daily:10d,monthly:90d", "weekly:forever", "every:1d"] {
            let policy = HistoryKeepPolicy.parsed(text)
            let once = policy.kept(snapshots, now: now)

            XCTAssertEqual(policy.kept(Array(once), now: now), once, text)
            XCTAssertEqual(policy.thinned(Array(once), now: now), [], text)
        }
    }

    func test_thinned_isWhatIsNotKept_oldestFirst_eachOnce() {
        let now = utc("2026-11-26T18:00:00Z")
        let snapshots = Array(everySixHours(forDays: 30, endingAt: now).reversed())
        let policy = HistoryKeepPolicy.parsed("every:1d,weekly:forever")

        let thinned = policy.thinned(snapshots + snapshots, now: now)

        XCTAssertEqual(thinned, thinned.sorted())
        XCTAssertEqual(Set(thinned), Set(snapshots).subtracting(policy.kept(snapshots, now: now)))
        XCTAssertEqual(thinned.count, Set(thinned).count)
        // 120 snapshots from 2026-10-28; kept: the 4 of the last day, and the last of the weeks
        // ending November 1, 8, 15 and 22 (that of the 23rd is now's).
        XCTAssertEqual(thinned.count, 120 - 4 - 4)
    }

    // MARK: - Helpers

    /// Snapshots at 00:00, 06:00, 12:00 and 18:00 UTC of the `days` days up to `end`'s day, the
    /// last at `end` (which must be at 18:00).
    private func everySixHours(forDays days: Int, endingAt end: Date) -> [SnapshotName] {
        (0..<(days * 4)).reversed().map { SnapshotName(time: end.addingTimeInterval(-TimeInterval($0) * 6 * 3600)) }
    }
}
