import FeedCore
import Foundation

/// The three ways a comment's date appears on a page, in the page's locale:
/// relative to the run's clock ("1 day ago"), absolute in UTC for the tooltip, and ISO 8601
/// for `<time datetime>`.
///
/// Relative dates count whole units, largest first, and round down: 13 days is "1 week ago",
/// 90 minutes "1 hour ago" (Foundation's own style would round 13 days to "2 weeks").
/// A date at or after `now` (a server clock ahead of ours) reads "now".
public struct CommentDateFormatter: Sendable {
    private let locale: Locale
    private let calendar: Calendar
    private let absoluteStyle: Date.FormatStyle

    private static let units: [Calendar.Component] = [.year, .month, .weekOfMonth, .day, .hour, .minute, .second]

    public init(locale identifier: String) {
        let locale = Locale(identifier: identifier)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        calendar.locale = locale
        self.locale = locale
        self.calendar = calendar
        self.absoluteStyle = Date.FormatStyle(locale: locale, calendar: calendar, timeZone: calendar.timeZone)
            .year().month(.wide).day().hour().minute().timeZone(.specificName(.short))
    }

    public func relative(_ date: Date, now: Date) -> String {
        let difference = calendar.dateComponents(Set(Self.units), from: date, to: now)
        for unit in Self.units {
            let amount = difference.value(for: unit) ?? 0
            guard amount > 0 else { continue }
            // Format an anchor exactly `amount` units back so Foundation has nothing to round.
            guard let anchor = calendar.date(byAdding: unit, value: -amount, to: now) else { break }
            return Date.AnchoredRelativeFormatStyle(anchor: anchor, presentation: .numeric, unitsStyle: .wide, locale: locale, calendar: calendar)
                .format(now)
        }
        return Date.AnchoredRelativeFormatStyle(anchor: now, presentation: .named, unitsStyle: .wide, locale: locale, calendar: calendar)
            .format(now)
    }

    public func absolute(_ date: Date) -> String {
        date.formatted(absoluteStyle)
    }

    public func iso8601(_ date: Date) -> String {
        ISO8601Date.format(date)
    }
}
