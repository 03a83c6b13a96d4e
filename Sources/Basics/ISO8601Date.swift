import Foundation

/// ISO 8601 timestamps as the API writes them: `2020-05-20T11:24:59+0000`, `+00:00`, `Z`,
/// with or without fractional seconds.
public enum ISO8601Date {
    /// The date, or `nil` unless the whole text is one ISO 8601 date-time (Foundation's
    /// parser alone would accept trailing characters).
    public static func parse(_ text: String) -> Date? {
        for style in [Date.ISO8601FormatStyle(includingFractionalSeconds: true), Date.ISO8601FormatStyle()] {
            if let match = try? style.consuming(text, startingAt: text.startIndex, in: text.startIndex..<text.endIndex), match.upperBound == text.endIndex {
                return match.output
            }
        }
        return nil
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
