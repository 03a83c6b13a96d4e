import Basics
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
/// years are counted on the gregorian calendar as Foundation counts them (`WholeMonths`).
/// Each distinct phrase ("3 days ago") is formatted
/// by Foundation once and remembered: a feed of 100,000 images has only a few hundred
/// (BENCHMARKS.md, "What each trick buys", row "the relative-date memo").
/// Absolute dates are put together from a remembered day ("November 14, 2023") and time of
/// day ("10:13 PM"), with the locale's own connector, once start-up has checked that this
/// gives exactly Foundation's full format; otherwise each is formatted whole.
public final class CommentDateFormatter: Sendable {
    private let locale: Locale
    private let calendar: Calendar
    private let absoluteStyle: Date.FormatStyle
    private let dayStyle: Date.FormatStyle
    private let timeStyle: Date.FormatStyle
    private let dayAndTimeStyle: Date.FormatStyle
    /// What goes between the day and the time, and after the time; `nil` when the locale's
    /// full format is not "day, connector, time, suffix".
    private let joints: (connector: String, suffix: String)?
    private let phrases = Mutex<[Phrase: String]>([:])
    private let days = Mutex<[Int: String]>([:])
    private let times = Mutex<[Int: String]>([:])

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
        let base = Date.FormatStyle(locale: locale, calendar: calendar, timeZone: calendar.timeZone)
        self.absoluteStyle = base.year().month(.wide).day().hour().minute().timeZone(.specificName(.short))
        self.dayStyle = base.year().month(.wide).day()
        self.timeStyle = base.hour().minute()
        self.dayAndTimeStyle = base.year().month(.wide).day().hour().minute()
        self.joints = Self.joints(full: absoluteStyle, day: dayStyle, time: timeStyle)
    }

    /// The connector and suffix that turn day and time into the full format, checked on
    /// dates across months, days and both halves of the day.
    private static func joints(full: Date.FormatStyle, day: Date.FormatStyle, time: Date.FormatStyle) -> (connector: String, suffix: String)? {
        let instants: [TimeInterval] = [1_700_000_000, 1_716_204_299, 1_577_836_800, 1_725_166_800, 946_771_140]
        let samples = instants.map { Date(timeIntervalSince1970: $0) }
        var found: (connector: String, suffix: String)?
        for date in samples {
            let whole = date.formatted(full)
            let dayPart = date.formatted(day)
            let timePart = date.formatted(time)
            guard whole.hasPrefix(dayPart),
                let timeRange = whole.range(of: timePart, range: whole.index(whole.startIndex, offsetBy: dayPart.count)..<whole.endIndex)
            else {
                return nil
            }
            let joints = (String(whole[whole.index(whole.startIndex, offsetBy: dayPart.count)..<timeRange.lowerBound]), String(whole[timeRange.upperBound...]))
            if let found, found != joints { return nil }
            found = joints
        }
        return found
    }

    public func relative(_ date: Date, now: Date) -> String {
        phrase(for: largestUnit(from: date, to: now))
    }

    public func absolute(_ date: Date) -> String {
        guard let joints else { return date.formatted(absoluteStyle) }
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let (day, second) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let dayKey = second < 0 ? day - 1 : day
        let minuteKey = ((second + 86_400) % 86_400) / 60
        return remembered(in: days, dayKey) { date.formatted(dayStyle) } + joints.connector
            + remembered(in: times, minuteKey) { date.formatted(timeStyle) } + joints.suffix
    }

    private func remembered(in memo: borrowing Mutex<[Int: String]>, _ key: Int, _ make: () -> String) -> String {
        if let known = memo.withLock({ $0[key] }) { return known }
        let text = make()
        memo.withLock { $0[key] = text }
        return text
    }

    /// The day and time in UTC without the zone's name ("May 20, 2024 at 11:24 AM"), for a
    /// sentence that names it.
    public func dayAndTime(_ date: Date) -> String {
        date.formatted(dayAndTimeStyle)
    }

    public func iso8601(_ date: Date) -> String {
        ISO8601Date.format(date)
    }

    /// The largest whole unit between the two dates, rounded down; `(.second, 0)` for none.
    private func largestUnit(from date: Date, to now: Date) -> Phrase {
        let seconds = now.timeIntervalSince(date)
        guard seconds >= 1 else { return Phrase(unit: .second, amount: 0) }
        if seconds >= 28 * 86_400 {
            let months = WholeMonths.between(date, now)
            if months >= 12 { return Phrase(unit: .year, amount: months / 12) }
            if months > 0 { return Phrase(unit: .month, amount: months) }
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
