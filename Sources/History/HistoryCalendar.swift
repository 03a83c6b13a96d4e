import Foundation

/// The snapshots laid out as a calendar, all in UTC: the days that have snapshots, newest
/// first, and the months they fall in, each a grid of weeks starting on `firstWeekday`.
public struct HistoryCalendar: Sendable {
    /// A day with snapshots.
    public struct Day: Sendable {
        /// `2026-11-26`, for anchors.
        public let iso: String
        /// The day as the locale writes a long date.
        public let title: String
        /// Its snapshots, oldest first.
        public let snapshots: [SnapshotName]
    }

    /// A month with snapshots, as a grid.
    public struct Month: Sendable {
        public let year: Int
        public let month: Int
        /// "November 2026" as the locale names the month on its own.
        public let title: String
        /// Rows of seven cells: a day of the month (its number, and its `Day` when it has
        /// snapshots), or `nil` for a day of another month.
        public let weeks: [[(number: Int, day: Day?)?]]
    }

    public let days: [Day]
    /// Newest first.
    public let months: [Month]
    /// The weekdays' short and full names, from `firstWeekday`.
    public let weekdays: [(short: String, full: String)]

    /// `firstWeekday` counts as Foundation's calendar does: 1 is Sunday, 2 Monday.
    public init(_ snapshots: [SnapshotName], firstWeekday: Int, locale identifier: String) {
        let calendar = SnapshotName.calendar
        let locale = Locale(identifier: identifier)
        let long = DateFormatter()
        long.locale = locale
        long.timeZone = calendar.timeZone
        long.dateStyle = .long
        let monthTitle = DateFormatter()
        monthTitle.locale = locale
        monthTitle.timeZone = calendar.timeZone
        monthTitle.setLocalizedDateFormatFromTemplate("LLLLy")
        var byDay: [String: [SnapshotName]] = [:]
        for name in snapshots { byDay[Self.iso(name.time), default: []].append(name) }
        let days = byDay.keys.sorted(by: >).map { iso in
            let names = byDay[iso, default: []].sorted()
            return Day(iso: iso, title: long.string(from: names[0].time), snapshots: names)
        }
        let dayByISO = Dictionary(days.map { ($0.iso, $0) }, uniquingKeysWith: { first, _ in first })
        var seen = Set<String>()
        var months: [Month] = []
        for day in days {
            let parts = calendar.dateComponents([.year, .month], from: day.snapshots[0].time)
            guard let year = parts.year, let month = parts.month, seen.insert("\(year)-\(month)").inserted,
                let first = calendar.date(from: DateComponents(year: year, month: month, day: 1)),
                let length = calendar.range(of: .day, in: .month, for: first)?.count
            else { continue }
            let lead = (calendar.component(.weekday, from: first) - firstWeekday + 7) % 7
            var cells: [(number: Int, day: Day?)?] = Array(repeating: nil, count: lead)
            for number in 1...length {
                cells.append((number, dayByISO[String(format: "%04d-%02d-%02d", year, month, number)]))
            }
            cells += Array(repeating: nil, count: (7 - cells.count % 7) % 7)
            let weeks = stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<$0 + 7]) }
            months.append(Month(year: year, month: month, title: monthTitle.string(from: first), weeks: weeks))
        }
        let names = DateFormatter()
        names.locale = locale
        let short = names.veryShortStandaloneWeekdaySymbols ?? []
        let full = names.standaloneWeekdaySymbols ?? []
        self.weekdays = (0..<7).map { offset in
            let index = (firstWeekday - 1 + offset) % 7
            return (short.indices.contains(index) ? short[index] : "", full.indices.contains(index) ? full[index] : "")
        }
        self.days = days
        self.months = months
    }

    private static func iso(_ date: Date) -> String {
        let parts = SnapshotName.calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
