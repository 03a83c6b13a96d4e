import Foundation
import XCTest

@testable import SiteGenerator

/// Whole months by arithmetic, against Foundation's gregorian calendar in UTC on the dates
/// where counting months is hard: month ends, leap days, times of day, before 1970.
final class WholeMonthsTests: XCTestCase {
    private let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    func test_between_countsAsFoundationsCalendarDoes_onMonthEndsLeapDaysAndTimesOfDay() {
        var starts: [Date] = []
        for (year, month, day) in [(2023, 1, 31), (2024, 1, 31), (2024, 2, 29), (2023, 3, 31), (2024, 8, 31), (1969, 12, 31), (2000, 2, 29), (1900, 3, 1)] {
            for second in [0, 1, 43_200, 86_399] {
                starts.append(calendar.date(from: DateComponents(year: year, month: month, day: day))!.addingTimeInterval(Double(second)))
            }
        }
        var checked = 0
        for start in starts {
            for days in stride(from: 25, through: 800, by: 1) {
                for offset in [-1.0, -0.5, 0, 0.25, 1, 43_200] {
                    let end = start.addingTimeInterval(Double(days) * 86_400 + offset)
                    XCTAssertEqual(WholeMonths.between(start, end), months(from: start, to: end), "\(start) → \(end)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 100_000)
    }

    func test_between_countsAsFoundationsCalendarDoes_onSpreadDates() {
        var seed: UInt64 = 7
        func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for _ in 0..<20_000 {
            let start = Date(timeIntervalSince1970: (next() - 0.3) * 3_000_000_000)
            let end = start.addingTimeInterval(next() * 400_000_000)
            XCTAssertEqual(WholeMonths.between(start, end), months(from: start, to: end), "\(start) → \(end)")
        }
    }

    func test_between_isZeroWhenTheEndIsNotLater() {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        XCTAssertEqual(WholeMonths.between(date, date), 0)
        XCTAssertEqual(WholeMonths.between(date, date.addingTimeInterval(-90 * 86_400)), 0)
    }

    private func months(from start: Date, to end: Date) -> Int {
        calendar.dateComponents([.month], from: start, to: end).month!
    }
}
