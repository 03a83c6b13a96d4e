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
            (year, month, day) = Self.civil(fromDay: Int(days))
        }

        init(year: Int, month: Int, day: Int, secondOfDay: Double) {
            (self.year, self.month, self.day, self.secondOfDay) = (year, month, day, secondOfDay)
        }

        /// `months` later, on the same day of the month or the month's last day.
        func adding(months: Int) -> Moment {
            let index = (month - 1) + months
            let year = self.year + Self.floorDivision(index, 12)
            let month = index - (year - self.year) * 12 + 1
            return Moment(year: year, month: month, day: min(day, Self.length(ofMonth: month, in: year)), secondOfDay: secondOfDay)
        }

        static func length(ofMonth month: Int, in year: Int) -> Int {
            switch month {
            case 2: isLeap(year) ? 29 : 28
            case 4, 6, 9, 11: 30
            default: 31
            }
        }

        static func isLeap(_ year: Int) -> Bool {
            year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        }

        /// The date of day `day` counted from 1970-01-01 (day 0): the year found from an
        /// estimate and the days before each year, then the month from the days before it.
        static func civil(fromDay day: Int) -> (year: Int, month: Int, day: Int) {
            var year = 1970 + Int((Double(day) / 365.2425).rounded(.down))
            while daysBefore(year: year) > day { year -= 1 }
            while daysBefore(year: year + 1) <= day { year += 1 }
            var dayOfYear = day - daysBefore(year: year)
            var month = 1
            while dayOfYear >= length(ofMonth: month, in: year) {
                dayOfYear -= length(ofMonth: month, in: year)
                month += 1
            }
            return (year, month, dayOfYear + 1)
        }

        /// Days from 1970-01-01 to January 1 of `year`.
        static func daysBefore(year: Int) -> Int {
            func leapDays(before year: Int) -> Int {
                let last = year - 1
                return floorDivision(last, 4) - floorDivision(last, 100) + floorDivision(last, 400)
            }
            return 365 * (year - 1970) + leapDays(before: year) - leapDays(before: 1970)
        }

        static func floorDivision(_ value: Int, _ divisor: Int) -> Int {
            let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
            return remainder < 0 ? quotient - 1 : quotient
        }
    }
}
