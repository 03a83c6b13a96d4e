import Basics
import Foundation

/// Whole months between two instants in UTC on the gregorian calendar, counted as
/// Foundation's `Calendar.dateComponents([.month], from:to:)` counts them: the most months
/// that can be added to the first without passing the second, a day past the end of a
/// shorter month falling on its last day (January 31 and one month is February 28 or 29).
///
/// Plain arithmetic on the day number: Foundation's calendar took a tenth of a warm run's
/// time, asked for every comment older than four weeks (BENCHMARKS.md, "What each trick
/// buys", row "months between dates by arithmetic").
enum WholeMonths {
    /// Whole months from `start` to `end`, `0` when `end` is not later.
    static func between(_ start: Date, _ end: Date) -> Int {
        let (from, to) = (Moment(start), Moment(end))
        var months = (to.year - from.year) * 12 + (to.month - from.month)
        guard months > 0 else { return 0 }
        // Adding `months` lands in the month of `end`, and passes it when the day or the time
        // of day is later; adding one fewer lands in an earlier month, which never does.
        let landing = from.adding(months: months)
        if (landing.day, from.secondOfDay) > (to.day, to.secondOfDay) { months -= 1 }
        return months
    }

    /// An instant as a UTC date and the seconds since its midnight.
    struct Moment {
        let year: Int
        /// 1 to 12.
        let month: Int
        /// 1 to 31.
        let day: Int
        let secondOfDay: Double

        init(_ date: Date) {
            let seconds = date.timeIntervalSince1970
            let days = (seconds / 86_400).rounded(.down)
            secondOfDay = seconds - days * 86_400
            let midnight = UTCTime(Date(timeIntervalSince1970: days * 86_400))
            (year, month, day) = (midnight.year, midnight.month, midnight.day)
        }

        init(year: Int, month: Int, day: Int, secondOfDay: Double) {
            (self.year, self.month, self.day, self.secondOfDay) = (year, month, day, secondOfDay)
        }

        /// `months` later, on the same day of the month or the month's last day.
        func adding(months: Int) -> Moment {
            let index = (month - 1) + months
            let year = self.year + Self.floorDivision(index, 12)
            let month = index - (year - self.year) * 12 + 1
            return Moment(year: year, month: month, day: min(day, UTCTime.daysIn(month: month, of: year)), secondOfDay: secondOfDay)
        }

        static func floorDivision(_ value: Int, _ divisor: Int) -> Int {
            let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
            return remainder < 0 ? quotient - 1 : quotient
        }
    }
}
