import Foundation

/// How long a saved feed or comments list may be shown offline.
///
/// A cache saved at `timestamp` is valid while `now < timestamp + 7 days`, the days being
/// gregorian calendar days in UTC (so the rule does not shift with the machine's time zone
/// or daylight saving). Seven days old or more is expired.
public enum CachePolicy {
    public static let maxAgeInDays = 7

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    public static func validate(_ timestamp: Date, against now: Date) -> Bool {
        guard let maxAge = calendar.date(byAdding: .day, value: maxAgeInDays, to: timestamp) else { return false }
        return now < maxAge
    }

    /// The latest `timestamp` that `validate` rejects at `now`: seven calendar days (UTC)
    /// before it. Whatever was saved at or before it is expired.
    public static func latestExpired(at now: Date) -> Date {
        calendar.date(byAdding: .day, value: -maxAgeInDays, to: now) ?? now
    }
}
