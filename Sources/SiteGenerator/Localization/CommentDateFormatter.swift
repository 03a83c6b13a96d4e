import FeedCore
import Foundation
import Synchronization

/// The three ways a comment's date appears on a page, in the page's locale:
/// relative to the run's clock ("1 day ago"), absolute in UTC for the tooltip, and ISO 8601
/// for `<time datetime>`.
///
/// Relative dates count whole units, largest first, and round down: 13 days is "1 week ago",
/// 90 minutes "1 hour ago" (Foundation's own style would round 13 days to "2 weeks").
/// A date at or after `now` (a server clock ahead of ours) reads "now".
///
/// Seconds to weeks are plain arithmetic (a UTC day is always 86,400 seconds); months and
/// years go through the gregorian calendar. Each distinct phrase ("3 days ago") is formatted
/// by Foundation once and remembered: a feed of 100,000 images has only a few hundred.
public final class CommentDateFormatter: Sendable {
    private let locale: Locale
    private let calendar: Calendar
    private let absoluteStyle: Date.FormatStyle
    private let phrases = Mutex<[Phrase: String]>([:])

    private struct Phrase: Hashable {
        let unit: Calendar.Component
        let amount: Int
    }

    private static let fixedUnits: [(Calendar.Component, Double)] = [(.weekOfMonth, 604_800), (.day, 86_400), (.hour, 3_600), (.minute, 60), (.second, 1)]

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
        phrase(for: largestUnit(from: date, to: now))
    }

    public func absolute(_ date: Date) -> String {
        date.formatted(absoluteStyle)
    }

    public func iso8601(_ date: Date) -> String {
        ISO8601Date.format(date)
    }

    /// The largest whole unit between the two dates, rounded down; `(.second, 0)` for none.
    private func largestUnit(from date: Date, to now: Date) -> Phrase {
        let seconds = now.timeIntervalSince(date)
        guard seconds >= 1 else { return Phrase(unit: .second, amount: 0) }
        if seconds >= 28 * 86_400 {
            let difference = calendar.dateComponents([.year, .month], from: date, to: now)
            if let years = difference.year, years > 0 { return Phrase(unit: .year, amount: years) }
            if let months = difference.month, months > 0 { return Phrase(unit: .month, amount: months) }
        }
        for (unit, length) in Self.fixedUnits where seconds >= length {
            return Phrase(unit: unit, amount: Int((seconds / length).rounded(.down)))
        }
        return Phrase(unit: .second, amount: 0)
    }

    private func phrase(for phrase: Phrase) -> String {
        if let known = phrases.withLock({ $0[phrase] }) { return known }
        let text: String
        if phrase.amount == 0 {
            let now = Date(timeIntervalSinceReferenceDate: 0)
            text = Date.AnchoredRelativeFormatStyle(anchor: now, presentation: .named, unitsStyle: .wide, locale: locale, calendar: calendar).format(now)
        } else {
            // Format an anchor exactly `amount` units back so Foundation has nothing to round.
            let now = Date(timeIntervalSinceReferenceDate: 700_000_000)
            let anchor = calendar.date(byAdding: phrase.unit, value: -phrase.amount, to: now) ?? now
            text = Date.AnchoredRelativeFormatStyle(anchor: anchor, presentation: .numeric, unitsStyle: .wide, locale: locale, calendar: calendar).format(now)
        }
        phrases.withLock { $0[phrase] = text }
        return text
    }
}
