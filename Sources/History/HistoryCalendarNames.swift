import Foundation

/// What the calendar calls its months, days and weekdays in one locale, always in the
/// Gregorian calendar in UTC so the names agree with the grid.
struct HistoryCalendarNames {
    private let monthTitles: DateFormatter
    private let longDates: DateFormatter
    private let symbols: DateFormatter

    init(locale identifier: String) {
        let locale = Locale(identifier: identifier)
        func formatter() -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = locale
            formatter.calendar = SnapshotName.calendar
            formatter.timeZone = SnapshotName.calendar.timeZone
            return formatter
        }
        monthTitles = formatter()
        monthTitles.dateFormat = Self.standalone(DateFormatter.dateFormat(fromTemplate: "MMMMy", options: 0, locale: locale) ?? "MMMM y")
        longDates = formatter()
        longDates.dateStyle = .long
        longDates.timeStyle = .none
        symbols = formatter()
    }

    /// "November 2026" for a date in November 2026.
    func monthTitle(_ date: Date) -> String { monthTitles.string(from: date) }

    /// "November 26, 2026": the locale's long date.
    func longDate(_ date: Date) -> String { longDates.string(from: date) }

    /// The seven weekdays from `firstWeekday` (1 for Sunday).
    func weekdays(from firstWeekday: Int) -> [HistoryCalendar.Weekday] {
        let narrow = symbols.veryShortStandaloneWeekdaySymbols
        let short = symbols.shortStandaloneWeekdaySymbols
        let full = symbols.standaloneWeekdaySymbols
        func name(_ list: [String], _ index: Int) -> String { list.indices.contains(index) ? list[index] : "" }
        return (0..<7).map { offset in
            let index = (firstWeekday - 1 + offset) % 7
            return HistoryCalendar.Weekday(narrow: name(narrow, index), short: name(short, index), full: name(full, index))
        }
    }

    /// `pattern` with its month in the form a month takes when named alone (`LLLL`) when
    /// the pattern has no day: in languages such as Greek the month of a date is in the
    /// genitive ("26 Νοεμβρίου"), while a month and its year name it in the nominative
    /// ("Νοέμβριος 2026"). Quoted text is left as it is.
    static func standalone(_ pattern: String) -> String {
        var quoted = false
        var hasDay = false
        for character in pattern {
            if character == "'" { quoted.toggle() } else if !quoted && character == "d" { hasDay = true }
        }
        guard !hasDay else { return pattern }
        quoted = false
        return String(
            pattern.map { character in
                if character == "'" { quoted.toggle() }
                return !quoted && character == "M" ? "L" : character
            })
    }
}
