import Foundation

/// The snapshots laid out as a calendar, all in UTC: the years that have snapshots, newest
/// first, each with its months that have snapshots, newest first, each month a grid of weeks
/// starting on `firstWeekday`; and the days that have snapshots, newest first. A snapshot's day
/// is its UTC day, so one taken at 23:59:59 on 31 December and one a second later fall in
/// different years.
public struct HistoryCalendar: Sendable, Equatable {
    /// A year and its months that have snapshots, newest first.
    public struct Year: Sendable, Equatable {
        public let number: Int
        public let months: [Month]
    }

    /// A month that has snapshots, as a grid of weeks.
    public struct Month: Sendable, Equatable {
        public let year: Int
        /// 1 for January … 12 for December.
        public let month: Int
        /// The month and its year as the locale titles them, the month in the form it takes
        /// when named alone: "November 2026", "Νοέμβριος 2026", "novembro de 2026".
        public let title: String
        /// The seven days of the week, from the calendar's first weekday.
        public let weekdays: [Weekday]
        /// Rows of seven cells, from the week holding the month's first day to the week
        /// holding its last; a cell of a day of another month is empty.
        public let weeks: [[Cell]]
    }

    /// A day of the week's names in the locale.
    public struct Weekday: Sendable, Equatable {
        /// "S", "Κ", "D".
        public let narrow: String
        /// "Sun", "Κυρ", "dom.".
        public let short: String
        /// "Sunday", "Κυριακή", "domingo": what a screen reader says.
        public let full: String
    }

    /// A cell of a month's grid.
    public enum Cell: Sendable, Equatable {
        /// A day of the month before or after.
        case empty
        /// A day of the month: its number, its date as `2026-11-26`, and its snapshots,
        /// oldest first (none for most days).
        case day(number: Int, iso: String, snapshots: [SnapshotName])
    }

    /// A day that has snapshots.
    public struct Day: Sendable, Equatable {
        /// `2026-11-26`, for ids and anchors.
        public let iso: String
        /// The day as the locale writes a long date: "November 26, 2026", "26 Νοεμβρίου 2026".
        public let title: String
        /// Oldest first.
        public let snapshots: [SnapshotName]
    }

    /// Newest first.
    public let years: [Year]
    /// Every day that has snapshots, newest first.
    public let days: [Day]
    /// How many snapshots there are, each name counted once.
    public let count: Int
    public let first: SnapshotName?
    public let latest: SnapshotName?

    /// The calendar of `snapshots`, given in any order, named in the language of the locale
    /// `identifier` (`en`, `el`, `pt-BR`). `firstWeekday` counts as Foundation's calendar
    /// does, 1 for Sunday to 7 for Saturday, and goes round the week past either end (8 is
    /// Sunday again).
    public init(_ snapshots: [SnapshotName], firstWeekday: Int, locale identifier: String) {
        let names = HistoryCalendarNames(locale: identifier)
        let start = ((firstWeekday - 1) % 7 + 7) % 7 + 1
        let weekdays = names.weekdays(from: start)
        let sorted = Set(snapshots).sorted()
        var byDay: [CalendarDate: [SnapshotName]] = [:]
        for name in sorted { byDay[CalendarDate(name.time), default: []].append(name) }
        let dates = byDay.keys.sorted(by: >)

        self.days = dates.map { Day(iso: $0.iso, title: names.longDate($0.date), snapshots: byDay[$0, default: []]) }
        var years: [Year] = []
        for year in Self.unique(dates.map(\.year)) {
            let months = Self.unique(dates.filter { $0.year == year }.map(\.month)).map { month in
                Month(
                    year: year, month: month, title: names.monthTitle(CalendarDate(year: year, month: month, day: 1).date), weekdays: weekdays,
                    weeks: Self.weeks(year: year, month: month, firstWeekday: start, snapshots: byDay))
            }
            years.append(Year(number: year, months: months))
        }
        self.years = years
        self.count = sorted.count
        self.first = sorted.first
        self.latest = sorted.last
    }

    /// The grid of a month: empty cells before its first day back to `firstWeekday`, its
    /// days, and empty cells after its last day to the end of that week.
    static func weeks(year: Int, month: Int, firstWeekday: Int, snapshots: [CalendarDate: [SnapshotName]]) -> [[Cell]] {
        let calendar = SnapshotName.calendar
        let firstDay = CalendarDate(year: year, month: month, day: 1).date
        let length = calendar.range(of: .day, in: .month, for: firstDay)?.count ?? 0
        let leading = (calendar.component(.weekday, from: firstDay) - firstWeekday + 7) % 7
        var cells = [Cell](repeating: .empty, count: leading)
        for offset in 0..<length {
            let date = CalendarDate(year: year, month: month, day: offset + 1)
            cells.append(.day(number: date.day, iso: date.iso, snapshots: snapshots[date, default: []]))
        }
        cells += [Cell](repeating: .empty, count: (7 - cells.count % 7) % 7)
        return stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<$0 + 7]) }
    }

    /// `values` without repeats, in their order.
    private static func unique(_ values: [Int]) -> [Int] {
        var seen = Set<Int>()
        return values.filter { seen.insert($0).inserted }
    }

    /// A day of the Gregorian calendar in UTC, ordered as time runs.
    struct CalendarDate: Hashable, Comparable {
        let year: Int
        let month: Int
        let day: Int

        init(year: Int, month: Int, day: Int) {
            self.year = year
            self.month = month
            self.day = day
        }

        /// The UTC day `time` falls on.
        init(_ time: Date) {
            let parts = SnapshotName.calendar.dateComponents([.year, .month, .day], from: time)
            self.init(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
        }

        /// `2026-11-26`.
        var iso: String { String(format: "%04d-%02d-%02d", year, month, day) }

        /// Its midnight, UTC.
        var date: Date {
            SnapshotName.calendar.date(from: DateComponents(year: year, month: month, day: day)) ?? Date(timeIntervalSince1970: 0)
        }

        static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
            (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
        }
    }
}
