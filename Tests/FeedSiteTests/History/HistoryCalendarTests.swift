import Foundation
import History
import XCTest

final class HistoryCalendarTests: XCTestCase {
    private let sunday = 1
    private let monday = 2

    func test_grid_ofFebruaryInALeapYearRunsTo29FromTheWeekOfItsFirstToTheWeekOfItsLast() throws {
        let month = try onlyMonth(of: calendar(["2028-02-10T08:00:00Z"], firstWeekday: sunday))

        XCTAssertEqual(
            grid(month),
            [
                " .  .  1  2  3  4  5",
                " 6  7  8  9 *10 11 12",
                "13 14 15 16 17 18 19",
                "20 21 22 23 24 25 26",
                "27 28 29  .  .  .  .",
            ])
    }

    func test_grid_ofAMonthFromTheFirstWeekdayToTheLastIsWholeWeeksWithNoEmptyCell() throws {
        let month = try onlyMonth(of: calendar(["2026-02-01T00:00:00Z", "2026-02-28T23:59:59Z"], firstWeekday: sunday))

        XCTAssertEqual(
            grid(month),
            [
                "*1  2  3  4  5  6  7",
                " 8  9 10 11 12 13 14",
                "15 16 17 18 19 20 21",
                "22 23 24 25 26 27 *28",
            ])
    }

    func test_grid_withMondayFirst_movesTheSameMonthsSundaysToTheLastColumn() throws {
        let month = try onlyMonth(of: calendar(["2026-02-01T00:00:00Z"], firstWeekday: monday))

        XCTAssertEqual(
            grid(month),
            [
                " .  .  .  .  .  . *1",
                " 2  3  4  5  6  7  8",
                " 9 10 11 12 13 14 15",
                "16 17 18 19 20 21 22",
                "23 24 25 26 27 28  .",
            ])
    }

    func test_grid_ofAMonthStartingOnTheFirstWeekday_hasNoEmptyCellBeforeItsFirstDay() throws {
        let month = try onlyMonth(of: calendar(["2026-06-15T12:00:00Z"], firstWeekday: monday))

        XCTAssertEqual(grid(month).first, " 1  2  3  4  5  6  7")
        XCTAssertEqual(grid(month).last, "29 30  .  .  .  .  .")
        XCTAssertEqual(month.weeks.count, 5)
    }

    func test_grid_ofAMonthEndingOnTheLastWeekday_hasNoEmptyCellAfterItsLastDay() throws {
        let month = try onlyMonth(of: calendar(["2026-05-15T12:00:00Z"], firstWeekday: monday))

        XCTAssertEqual(grid(month).first, " .  .  .  .  1  2  3")
        XCTAssertEqual(grid(month).last, "25 26 27 28 29 30 31")
    }

    func test_grid_everyWeekHasSevenCells() throws {
        for firstWeekday in 1...7 {
            let month = try onlyMonth(of: calendar(["2026-03-15T12:00:00Z"], firstWeekday: firstWeekday))

            XCTAssertEqual(month.weeks.map(\.count), Array(repeating: 7, count: month.weeks.count), "firstWeekday \(firstWeekday)")
            XCTAssertEqual(month.weekdays.count, 7)
        }
    }

    func test_firstWeekday_pastEitherEndGoesRoundTheWeek() {
        let names = ["2026-02-01T00:00:00Z"]

        XCTAssertEqual(calendar(names, firstWeekday: 8), calendar(names, firstWeekday: sunday))
        XCTAssertEqual(calendar(names, firstWeekday: 0), calendar(names, firstWeekday: 7))
        XCTAssertEqual(calendar(names, firstWeekday: -5), calendar(names, firstWeekday: monday))
    }

    func test_cell_ofADayHoldsItsNumberItsISODateAndItsSnapshotsOldestFirst() throws {
        let later = name("2026-11-26T18:30:00Z")
        let earlier = name("2026-11-26T09:15:00Z")
        let month = try onlyMonth(of: HistoryCalendar([later, earlier], firstWeekday: sunday, locale: "en"))

        XCTAssertEqual(cell(26, of: month), .day(number: 26, iso: "2026-11-26", snapshots: [earlier, later]))
        XCTAssertEqual(cell(5, of: month), .day(number: 5, iso: "2026-11-05", snapshots: []))
    }

    func test_years_newestFirst_eachWithOnlyItsMonthsThatHaveSnapshots_newestFirst() {
        let calendar = calendar(
            ["2026-03-02T10:00:00Z", "2025-12-24T10:00:00Z", "2026-11-26T12:00:00Z", "2026-03-30T10:00:00Z", "2024-01-01T00:00:00Z"], firstWeekday: sunday)

        XCTAssertEqual(calendar.years.map(\.number), [2026, 2025, 2024])
        XCTAssertEqual(calendar.years.map { $0.months.map(\.month) }, [[11, 3], [12], [1]])
        XCTAssertEqual(calendar.years.map { $0.months.map(\.year) }, [[2026, 2026], [2025], [2024]])
    }

    func test_yearEnd_theYearsLastSecondAndTheNextYearsFirstFallInDifferentYears() {
        let lastSecond = name("2026-12-31T23:59:59Z")
        let firstSecond = name("2027-01-01T00:00:00Z")
        let calendar = HistoryCalendar([lastSecond, firstSecond], firstWeekday: sunday, locale: "en")

        XCTAssertEqual(calendar.years.map(\.number), [2027, 2026])
        XCTAssertEqual(calendar.years.map { $0.months.map(\.month) }, [[1], [12]])
        XCTAssertEqual(calendar.days.map(\.iso), ["2027-01-01", "2026-12-31"])
        XCTAssertEqual(calendar.days.map(\.snapshots), [[firstSecond], [lastSecond]])
    }

    func test_days_newestFirst_eachWithItsSnapshotsOldestFirst() {
        let calendar = calendar(
            ["2026-11-26T18:00:00Z", "2026-10-31T23:59:59Z", "2026-11-26T06:00:00Z", "2026-11-01T00:00:00Z"], firstWeekday: sunday)

        XCTAssertEqual(calendar.days.map(\.iso), ["2026-11-26", "2026-11-01", "2026-10-31"])
        XCTAssertEqual(calendar.days.map { $0.snapshots.map(\.text) }, [["20261126T060000Z", "20261126T180000Z"], ["20261101T000000Z"], ["20261031T235959Z"]])
    }

    func test_severalSnapshotsInOneSecond_followTheirSerials() throws {
        let names = ["20261126T120000Z-10", "20261126T120000Z", "20261126T120000Z-2"].compactMap(SnapshotName.init)
        let calendar = HistoryCalendar(names, firstWeekday: sunday, locale: "en")
        let inOrder = ["20261126T120000Z", "20261126T120000Z-2", "20261126T120000Z-10"]

        XCTAssertEqual(calendar.days.first?.snapshots.map(\.text), inOrder)
        guard case .day(_, _, let snapshots) = cell(26, of: try onlyMonth(of: calendar)) else { return XCTFail("no cell for the 26th") }
        XCTAssertEqual(snapshots.map(\.text), inOrder)
        XCTAssertEqual(calendar.first?.text, "20261126T120000Z")
        XCTAssertEqual(calendar.latest?.text, "20261126T120000Z-10")
        XCTAssertEqual(calendar.count, 3)
    }

    func test_countFirstAndLatest_countEachNameOnceWhateverTheOrder() {
        let calendar = calendar(
            ["2026-11-26T12:00:00Z", "2025-01-05T08:00:00Z", "2026-11-26T12:00:00Z", "2026-02-28T23:00:00Z"], firstWeekday: sunday)

        XCTAssertEqual(calendar.count, 3)
        XCTAssertEqual(calendar.first?.text, "20250105T080000Z")
        XCTAssertEqual(calendar.latest?.text, "20261126T120000Z")
        XCTAssertEqual(calendar.days.map(\.snapshots.count), [1, 1, 1])
    }

    func test_calendar_isTheSameWhateverTheOrderOfItsSnapshots() {
        let texts = ["2026-11-26T12:00:00Z", "2025-01-05T08:00:00Z", "2026-11-26T07:00:00Z", "2026-02-28T23:00:00Z"]

        XCTAssertEqual(calendar(texts, firstWeekday: monday), calendar(texts.reversed(), firstWeekday: monday))
    }

    func test_empty_hasNoYearsNoDaysAndNoFirstOrLatest() {
        let calendar = HistoryCalendar([], firstWeekday: sunday, locale: "en")

        XCTAssertEqual(calendar.years, [])
        XCTAssertEqual(calendar.days, [])
        XCTAssertEqual(calendar.count, 0)
        XCTAssertNil(calendar.first)
        XCTAssertNil(calendar.latest)
    }

    // MARK: - Helpers

    private func name(_ iso: String) -> SnapshotName {
        SnapshotName(time: ISO8601DateFormatter().date(from: iso) ?? Date(timeIntervalSince1970: 0))
    }

    private func calendar(_ times: [String], firstWeekday: Int, locale: String = "en") -> HistoryCalendar {
        HistoryCalendar(times.map(name), firstWeekday: firstWeekday, locale: locale)
    }

    private func onlyMonth(of calendar: HistoryCalendar, file: StaticString = #filePath, line: UInt = #line) throws -> HistoryCalendar.Month {
        let months = calendar.years.flatMap(\.months)
        XCTAssertEqual(months.count, 1, "months", file: file, line: line)
        return try XCTUnwrap(months.first, file: file, line: line)
    }

    private func cell(_ number: Int, of month: HistoryCalendar.Month) -> HistoryCalendar.Cell? {
        month.weeks.joined().first { cell in
            guard case .day(let day, _, _) = cell else { return false }
            return day == number
        }
    }

    /// Each week as a line: ` .` for an empty cell, the day's number right-aligned in two
    /// columns, a `*` before a day that has snapshots.
    private func grid(_ month: HistoryCalendar.Month) -> [String] {
        month.weeks.map { week in
            week.map { cell in
                guard case .day(let number, _, let snapshots) = cell else { return " ." }
                return (snapshots.isEmpty ? "" : "*") + (number < 10 && snapshots.isEmpty ? " " : "") + String(number)
            }
            .joined(separator: " ")
        }
    }
}
