import Foundation

/// ISO 8601 timestamps as the API writes them: `2020-05-20T11:24:59+0000`, `+00:00`, `Z`,
/// with or without fractional seconds.
public enum ISO8601Date {
    /// The date, or `nil` unless the whole text is one ISO 8601 date-time (Foundation's
    /// parser alone would accept trailing characters).
    public static func parse(_ text: String) -> Date? {
        if let date = wholeSeconds(text) { return date }
        for style in [Date.ISO8601FormatStyle(includingFractionalSeconds: true), Date.ISO8601FormatStyle()] {
            if let match = try? style.consuming(text, startingAt: text.startIndex, in: text.startIndex..<text.endIndex), match.upperBound == text.endIndex {
                return match.output
            }
        }
        return nil
    }

    /// The date of `2020-05-20T11:24:59Z`, `…+00:00` or `…+0000` (whole seconds, a year from
    /// 1601 to 9999, every field in its plain range, an offset under 18 hours), by
    /// arithmetic; `nil` for anything else, which Foundation's parser then decides. Every
    /// comment of the API has a date, read here rather than by Foundation's parser tried
    /// twice (BENCHMARKS.md, "What each trick buys", row "dates read by arithmetic").
    static func wholeSeconds(_ text: String) -> Date? {
        text.utf8.withContiguousStorageIfAvailable { bytes -> Date? in
            guard bytes.count == 20 || bytes.count == 24 || bytes.count == 25 else { return nil }
            func number(_ at: Int, _ digits: Int) -> Int? {
                var value = 0
                for index in at..<at + digits {
                    let digit = Int(bytes[index]) - 48
                    guard (0...9).contains(digit) else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            func byte(_ at: Int, is character: Unicode.Scalar) -> Bool { bytes[at] == UInt8(ascii: character) }
            guard byte(4, is: "-"), byte(7, is: "-"), byte(10, is: "T"), byte(13, is: ":"), byte(16, is: ":"),
                let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
                (1_601...9_999).contains(year), (1...12).contains(month), (1...UTCTime.daysIn(month: month, of: year)).contains(day),
                hour < 24, minute < 60, second < 60
            else { return nil }
            var offset = 0
            if bytes.count == 20 {
                guard byte(19, is: "Z") else { return nil }
            } else {
                let colon = bytes.count == 25
                guard byte(19, is: "+") || byte(19, is: "-"), !colon || byte(22, is: ":"),
                    let hours = number(20, 2), let minutes = number(colon ? 23 : 22, 2), hours < 18, minutes < 60
                else { return nil }
                offset = (hours * 60 + minutes) * 60 * (byte(19, is: "-") ? -1 : 1)
            }
            let days = UTCTime.daysSince1970(year: year, month: month, day: day)
            return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second - offset))
        } ?? nil
    }

    /// `2020-05-20T11:24:59Z`, in UTC, whole seconds: stable output for pages and manifests.
    /// By arithmetic (`UTCTime`), as Foundation's formatter would write it; Foundation's own
    /// outside the years 1601 to 9999 (before the Gregorian calendar's reform, Foundation
    /// counts days the Julian way, and `UTCTime` writes four digits).
    public static func format(_ date: Date) -> String {
        let time = UTCTime(date)
        guard (1_601...9_999).contains(time.year) else { return Date.ISO8601FormatStyle().format(date) }
        return time.iso8601
    }

    /// `format`, with milliseconds when the date has a fraction of a second
    /// (`2020-05-20T11:24:59.250Z`): for data exported as it came, where the fraction the
    /// API or the clock gave is part of the value. The milliseconds are rounded here:
    /// Foundation's own fractional format cuts them, and prints `.122` for a date parsed
    /// from `.123`, whose binary value lies a little below it.
    public static func formatKeepingFraction(_ date: Date) -> String {
        let (seconds, milliseconds) = Int((date.timeIntervalSince1970 * 1000).rounded()).quotientAndRemainder(dividingBy: 1000)
        let (whole, fraction) = milliseconds < 0 ? (seconds - 1, milliseconds + 1000) : (seconds, milliseconds)
        let text = format(Date(timeIntervalSince1970: TimeInterval(whole)))
        guard fraction != 0 else { return text }
        return text.dropLast() + String(format: ".%03dZ", fraction)
    }
}
