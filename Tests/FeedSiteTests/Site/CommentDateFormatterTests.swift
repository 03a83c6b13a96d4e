import Foundation
import Publishing
import SiteGenerator
import TestSupport
import XCTest

/// Relative dates against a pinned clock: `fixedNow()` is 2024-05-20T11:24:59Z.
final class CommentDateFormatterTests: XCTestCase {
    private let now = fixedNow()

    // MARK: - Relative, English

    func test_relative_isNowForTheSameInstant() {
        XCTAssertEqual(relative(secondsAgo: 0), "now")
    }

    func test_relative_isNowForADateInTheFuture() {
        XCTAssertEqual(relative(secondsAgo: -1), "now")
        XCTAssertEqual(relative(secondsAgo: -3_600), "now")
        XCTAssertEqual(sut().relative(now.adding(days: 400), now: now), "now")
    }

    func test_relative_countsSeconds() {
        XCTAssertEqual(relative(secondsAgo: 1), "1 second ago")
        XCTAssertEqual(relative(secondsAgo: 30), "30 seconds ago")
        XCTAssertEqual(relative(secondsAgo: 59), "59 seconds ago")
    }

    func test_relative_isOneMinuteAtSixtySeconds() {
        XCTAssertEqual(relative(secondsAgo: 60), "1 minute ago")
    }

    func test_relative_truncatesOneHundredNineteenSecondsToOneMinute() {
        XCTAssertEqual(relative(secondsAgo: 119), "1 minute ago")
        XCTAssertEqual(relative(secondsAgo: 120), "2 minutes ago")
    }

    func test_relative_truncatesNinetyMinutesToOneHour() {
        XCTAssertEqual(relative(secondsAgo: 90 * 60), "1 hour ago")
        XCTAssertEqual(relative(secondsAgo: 59 * 60 + 59), "59 minutes ago")
    }

    func test_relative_isOneDayAtTwentyFourHours() {
        XCTAssertEqual(relative(secondsAgo: 24 * 3_600), "1 day ago")
        XCTAssertEqual(relative(secondsAgo: 24 * 3_600 - 1), "23 hours ago")
    }

    func test_relative_truncatesFortySevenHoursToOneDay() {
        XCTAssertEqual(relative(secondsAgo: 47 * 3_600), "1 day ago")
        XCTAssertEqual(relative(secondsAgo: 48 * 3_600), "2 days ago")
    }

    func test_relative_countsDaysUpToSix() {
        XCTAssertEqual(relative(daysAgo: 6), "6 days ago")
    }

    func test_relative_isOneWeekAtSevenDays() {
        XCTAssertEqual(relative(daysAgo: 7), "1 week ago")
    }

    func test_relative_truncatesEightDaysToOneWeek() {
        XCTAssertEqual(relative(daysAgo: 8), "1 week ago")
    }

    /// Foundation's own relative style says "2 weeks ago" here.
    func test_relative_truncatesThirteenDaysToOneWeek() {
        XCTAssertEqual(relative(daysAgo: 13), "1 week ago")
    }

    func test_relative_isTwoWeeksAtFourteenDays() {
        XCTAssertEqual(relative(daysAgo: 14), "2 weeks ago")
        XCTAssertEqual(relative(daysAgo: 27), "3 weeks ago")
    }

    func test_relative_isOneMonthACalendarMonthBack() {
        XCTAssertEqual(sut().relative(monthsAgo(1), now: now), "1 month ago")
        XCTAssertEqual(relative(daysAgo: 31), "1 month ago")
        XCTAssertEqual(sut().relative(monthsAgo(11), now: now), "11 months ago")
    }

    func test_relative_isOneYearACalendarYearBack() {
        XCTAssertEqual(sut().relative(monthsAgo(12), now: now), "1 year ago")
        XCTAssertEqual(sut().relative(monthsAgo(23), now: now), "1 year ago")
        XCTAssertEqual(sut().relative(monthsAgo(24), now: now), "2 years ago")
    }

    // MARK: - Relative, other locales

    func test_relative_inBrazilianPortuguese() {
        let sut = sut("pt-BR")

        XCTAssertEqual(sut.relative(now, now: now), "agora")
        XCTAssertEqual(sut.relative(now.adding(seconds: 30), now: now), "agora")
        XCTAssertEqual(sut.relative(now.adding(seconds: -30), now: now), "há 30 segundos")
        XCTAssertEqual(sut.relative(now.adding(seconds: -119), now: now), "há 1 minuto")
        XCTAssertEqual(sut.relative(now.adding(seconds: -90 * 60), now: now), "há 1 hora")
        XCTAssertEqual(sut.relative(now.adding(seconds: -47 * 3_600), now: now), "há 1 dia")
        XCTAssertEqual(sut.relative(now.adding(days: -13), now: now), "há 1 semana")
        XCTAssertEqual(sut.relative(now.adding(days: -14), now: now), "há 2 semanas")
        XCTAssertEqual(sut.relative(monthsAgo(1), now: now), "há 1 mês")
        XCTAssertEqual(sut.relative(monthsAgo(12), now: now), "há 1 ano")
    }

    func test_relative_inGreek() {
        let sut = sut("el")

        XCTAssertEqual(sut.relative(now, now: now), "τώρα")
        XCTAssertEqual(sut.relative(now.adding(seconds: 30), now: now), "τώρα")
        XCTAssertEqual(sut.relative(now.adding(seconds: -30), now: now), "πριν από 30 δευτερόλεπτα")
        XCTAssertEqual(sut.relative(now.adding(seconds: -119), now: now), "πριν από 1 λεπτό")
        XCTAssertEqual(sut.relative(now.adding(seconds: -90 * 60), now: now), "πριν από 1 ώρα")
        XCTAssertEqual(sut.relative(now.adding(seconds: -47 * 3_600), now: now), "πριν από 1 ημέρα")
        XCTAssertEqual(sut.relative(now.adding(days: -13), now: now), "πριν από 1 εβδομάδα")
        XCTAssertEqual(sut.relative(now.adding(days: -14), now: now), "πριν από 2 εβδομάδες")
        XCTAssertEqual(sut.relative(monthsAgo(1), now: now), "πριν από 1 μήνα")
        XCTAssertEqual(sut.relative(monthsAgo(12), now: now), "πριν από 1 έτος")
    }

    func test_relative_acceptsUnderscoreLocaleIdentifiers() {
        XCTAssertEqual(sut("pt_BR").relative(now.adding(days: -1), now: now), "há 1 dia")
    }

    // MARK: - ISO 8601 and absolute

    func test_iso8601_isUTCWithWholeSeconds() {
        XCTAssertEqual(sut().iso8601(now), "2024-05-20T11:24:59Z")
        XCTAssertEqual(sut().iso8601(now.adding(seconds: 0.75)), "2024-05-20T11:24:59Z")
        XCTAssertEqual(sut("el").iso8601(now), "2024-05-20T11:24:59Z")
    }

    func test_absolute_showsDateAndTimeInUTC() {
        let absolute = sut().absolute(now)

        XCTAssertTrue(absolute.contains("May 20, 2024"), absolute)
        XCTAssertTrue(absolute.contains("11:24"), absolute)
        XCTAssertTrue(absolute.contains("GMT") || absolute.contains("UTC"), absolute)
    }

    func test_absolute_isInTheLocalesLanguage() {
        let portuguese = sut("pt-BR").absolute(now)
        let greek = sut("el").absolute(now)

        XCTAssertTrue(portuguese.contains("2024") && portuguese.contains("maio") && portuguese.contains("11:24"), portuguese)
        XCTAssertTrue(greek.contains("2024") && greek.contains("Μαΐου") && greek.contains("11:24"), greek)
        for text in [portuguese, greek] {
            XCTAssertTrue(text.contains("GMT") || text.contains("UTC"), text)
        }
    }

    func test_absolute_isTheSameForEveryCall() {
        XCTAssertEqual(sut().absolute(now), sut().absolute(now))
    }

    // MARK: - Helpers

    private func sut(_ locale: String = "en") -> CommentDateFormatter {
        CommentDateFormatter(locale: locale)
    }

    private func relative(secondsAgo seconds: TimeInterval) -> String {
        sut().relative(now.adding(seconds: -seconds), now: now)
    }

    private func relative(daysAgo days: Int) -> String {
        sut().relative(now.adding(days: -days), now: now)
    }

    private func monthsAgo(_ months: Int) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(byAdding: .month, value: -months, to: now)!
    }

    func test_absolute_isExactlyFoundationsFullFormatForAnyDateInEveryLocale() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var seed: UInt64 = 42
        for identifier in ["en", "el", "pt-BR"] {
            let locale = Locale(identifier: identifier)
            let full = Date.FormatStyle(locale: locale, calendar: calendar, timeZone: calendar.timeZone)
                .year().month(.wide).day().hour().minute().timeZone(.specificName(.short))
            let formatter = CommentDateFormatter(locale: identifier)
            for _ in 0..<400 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let date = Date(timeIntervalSince1970: Double(seed >> 33 % 2_000_000_000) + 0.25)
                XCTAssertEqual(formatter.absolute(date), date.formatted(full), "\(identifier) \(date)")
            }
        }
    }
}
