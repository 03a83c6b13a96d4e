import Foundation

/// A date's whole seconds in UTC, written as pages, manifests and WARC fields write them
/// (`2026-11-26T12:00:00Z`) and as CDX indexes do (`20261126120000`). Worked out from the
/// seconds by arithmetic, as every comment on a page and every record of a web archive needs
/// one, and Foundation's formatter costs more than the rest of a record's head
/// (BENCHMARKS.md, "What each trick buys", rows "web archive heads written as bytes" and
/// "dates written by arithmetic").
public struct UTCTime: Equatable, Sendable {
    public let year: Int
    public let month: Int
    public let day: Int
    public let hour: Int
    public let minute: Int
    public let second: Int

    public init(_ date: Date) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let (days, time) = Self.floorDivision(seconds, 86_400)
        (hour, minute, second) = (time / 3_600, time / 60 % 60, time % 60)
        (year, month, day) = Self.civil(daysSince1970: days)
    }

    /// `2026-11-26T12:00:00Z`, in the proleptic Gregorian calendar, the year in four digits.
    public func appendISO8601(to out: inout [UInt8]) {
        Self.append(year, digits: 4, to: &out)
        Self.append(month, after: "-", to: &out)
        Self.append(day, after: "-", to: &out)
        Self.append(hour, after: "T", to: &out)
        Self.append(minute, after: ":", to: &out)
        Self.append(second, after: ":", to: &out)
        out.append(UInt8(ascii: "Z"))
    }

    /// `2026-11-26T12:00:00Z`, as text.
    public var iso8601: String {
        var out: [UInt8] = []
        appendISO8601(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `20261126120000`.
    public func appendDigits(to out: inout [UInt8]) {
        Self.append(year, digits: 4, to: &out)
        Self.append(month, digits: 2, to: &out)
        Self.append(day, digits: 2, to: &out)
        Self.append(hour, digits: 2, to: &out)
        Self.append(minute, digits: 2, to: &out)
        Self.append(second, digits: 2, to: &out)
    }

    /// How many days 1970-01-01 is before `year`-`month`-`day` in the proleptic Gregorian
    /// calendar (negative for an earlier day): `civil(daysSince1970:)` the other way round,
    /// for a valid day.
    public static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let (era, yearOfEra) = floorDivision(shiftedYear, 400)
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// How many days `month` of `year` has in the Gregorian calendar.
    public static func daysIn(month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The year, month and day of the day `days` after 1970-01-01 in the proleptic
    /// Gregorian calendar: counted in eras of 400 years (146,097 days), each begun on a
    /// 1 March so that a leap day falls at the end of its year.
    private static func civil(daysSince1970 days: Int) -> (Int, Int, Int) {
        // 719,468 days from 0000-03-01 to 1970-01-01.
        let (era, dayOfEra) = floorDivision(days + 719_468, 146_097)
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        // Months from March, 153 days each five of them.
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (era * 400 + yearOfEra + (month <= 2 ? 1 : 0), month, day)
    }

    private static func floorDivision(_ value: Int, _ divisor: Int) -> (Int, Int) {
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }

    private static func append(_ value: Int, after separator: Unicode.Scalar, to out: inout [UInt8]) {
        out.append(UInt8(ascii: separator))
        append(value, digits: 2, to: &out)
    }

    private static func append(_ value: Int, digits: Int, to out: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<digits { divisor *= 10 }
        var rest = max(0, value)
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }
}
