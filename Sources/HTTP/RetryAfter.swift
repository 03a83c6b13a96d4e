import Foundation

/// Reads a `Retry-After` header: a number of seconds (`120`) or an HTTP date
/// (`Wed, 21 Oct 2026 07:28:00 GMT`; also the obsolete RFC 850 and asctime forms, which
/// HTTP still asks clients to accept).
public enum RetryAfter {
    /// How long to wait from `now`; zero for a date in the past, `nil` when unreadable.
    public static func delay(_ value: String, now: Date) -> Duration? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) {
            return Int(text).map { .seconds($0) } ?? .seconds(Int.max / 1_000_000_000)
        }
        guard let date = httpDate(text) else { return nil }
        let seconds = date.timeIntervalSince(now)
        return seconds > 0 ? .milliseconds(Int((seconds * 1000).rounded(.up))) : .zero
    }

    /// An HTTP date in any of its three forms, always GMT.
    public static func httpDate(_ text: String) -> Date? {
        let tokens = text.split { !$0.isLetter && !$0.isNumber }.map(String.init)
        guard let monthIndex = tokens.firstIndex(where: { month($0) != nil }), let month = month(tokens[monthIndex]) else { return nil }
        let numbers = tokens.enumerated().filter { $0.offset != monthIndex && $0.element.allSatisfy(\.isNumber) }
        guard numbers.count == 5 else { return nil }
        let values = numbers.map { Int($0.element) ?? -1 }
        let day: Int
        var year: Int
        let clock: ArraySlice<Int>
        if numbers[0].offset > monthIndex {
            // asctime: "Sun Nov  6 08:49:37 1994"
            (day, clock, year) = (values[0], values[1...3], values[4])
        } else {
            // IMF-fixdate "Sun, 06 Nov 1994 08:49:37 GMT" and RFC 850 "Sunday, 06-Nov-94 08:49:37 GMT"
            (day, year, clock) = (values[0], values[1], values[2...4])
        }
        if year < 100 { year += year < 70 ? 2000 : 1900 }
        let (hour, minute, second) = (clock[clock.startIndex], clock[clock.startIndex + 1], clock[clock.startIndex + 2])
        guard (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (year, month, day)
        (components.hour, components.minute, components.second) = (hour, minute, second)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT")!
        return calendar.date(from: components)
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private static func month(_ token: String) -> Int? {
        guard token.count == 3 else { return nil }
        return months.firstIndex(of: token.lowercased()).map { $0 + 1 }
    }
}
