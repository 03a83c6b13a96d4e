import Foundation
import XCTest

@testable import History

final class HistoryCalendarNamesTests: XCTestCase {
    func test_monthTitle_inEnglishIsTheMonthAndItsYear() throws {
        XCTAssertEqual(try month("2026-11-26T12:00:00Z", locale: "en").title, "November 2026")
    }

    func test_monthTitle_inGreekNamesTheMonthInTheNominativeNotTheGenitiveOfADate() throws {
        XCTAssertEqual(try month("2026-11-26T12:00:00Z", locale: "el").title, "Νοέμβριος 2026")
        XCTAssertEqual(try month("2026-05-01T12:00:00Z", locale: "el").title, "Μάιος 2026")
        XCTAssertEqual(try month("2026-01-15T12:00:00Z", locale: "el").title, "Ιανουάριος 2026")
    }

    func test_monthTitle_inBrazilianPortugueseIsTheMonthDeItsYear() throws {
        XCTAssertEqual(try month("2026-11-26T12:00:00Z", locale: "pt-BR").title, "novembro de 2026")
        XCTAssertEqual(try month("2026-03-01T12:00:00Z", locale: "pt-BR").title, "março de 2026")
    }

    func test_monthTitle_isOfTheUTCMonthAtItsLastSecond() throws {
        XCTAssertEqual(try month("2026-11-30T23:59:59Z", locale: "en").title, "November 2026")
    }

    func test_dayTitle_isTheLocalesLongDate() {
        XCTAssertEqual(calendar("2026-11-26T23:59:59Z", locale: "en").days.map(\.title), ["November 26, 2026"])
        XCTAssertEqual(calendar("2026-11-26T23:59:59Z", locale: "el").days.map(\.title), ["26 Νοεμβρίου 2026"])
        XCTAssertEqual(calendar("2026-11-26T23:59:59Z", locale: "pt-BR").days.map(\.title), ["26 de novembro de 2026"])
    }

    func test_weekdays_inEnglishFromSunday() throws {
        let weekdays = try month("2026-11-26T12:00:00Z", locale: "en", firstWeekday: 1).weekdays

        XCTAssertEqual(weekdays.map(\.narrow), ["S", "M", "T", "W", "T", "F", "S"])
        XCTAssertEqual(weekdays.map(\.short), ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])
        XCTAssertEqual(weekdays.map(\.full), ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"])
    }

    func test_weekdays_inGreekFromMonday() throws {
        let weekdays = try month("2026-11-26T12:00:00Z", locale: "el", firstWeekday: 2).weekdays

        XCTAssertEqual(weekdays.map(\.narrow), ["Δ", "Τ", "Τ", "Π", "Π", "Σ", "Κ"])
        XCTAssertEqual(weekdays.map(\.short), ["Δευ", "Τρί", "Τετ", "Πέμ", "Παρ", "Σάβ", "Κυρ"])
        XCTAssertEqual(weekdays.map(\.full), ["Δευτέρα", "Τρίτη", "Τετάρτη", "Πέμπτη", "Παρασκευή", "Σάββατο", "Κυριακή"])
    }

    func test_weekdays_inBrazilianPortugueseFromSunday() throws {
        let weekdays = try month("2026-11-26T12:00:00Z", locale: "pt-BR", firstWeekday: 1).weekdays

        XCTAssertEqual(weekdays.map(\.narrow), ["D", "S", "T", "Q", "Q", "S", "S"])
        XCTAssertEqual(weekdays.map(\.short), ["dom.", "seg.", "ter.", "qua.", "qui.", "sex.", "sáb."])
        XCTAssertEqual(
            weekdays.map(\.full), ["domingo", "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado"])
    }

    func test_standalone_spellsTheMonthOfAPatternWithoutADayInItsStandaloneForm() {
        XCTAssertEqual(HistoryCalendarNames.standalone("MMMM y"), "LLLL y")
        XCTAssertEqual(HistoryCalendarNames.standalone("MMMM 'de' y"), "LLLL 'de' y")
        XCTAssertEqual(HistoryCalendarNames.standalone("LLLL y"), "LLLL y")
    }

    func test_standalone_leavesAPatternWithADayAndQuotedTextAsTheyAre() {
        XCTAssertEqual(HistoryCalendarNames.standalone("d MMMM y"), "d MMMM y")
        XCTAssertEqual(HistoryCalendarNames.standalone("y 'MM' MMMM"), "y 'MM' LLLL")
        XCTAssertEqual(HistoryCalendarNames.standalone("MMMM y 'd'"), "LLLL y 'd'")
    }

    // MARK: - Helpers

    private func calendar(_ iso: String, locale: String, firstWeekday: Int = 1) -> HistoryCalendar {
        let time = ISO8601DateFormatter().date(from: iso) ?? Date(timeIntervalSince1970: 0)
        return HistoryCalendar([SnapshotName(time: time)], firstWeekday: firstWeekday, locale: locale)
    }

    private func month(_ iso: String, locale: String, firstWeekday: Int = 1) throws -> HistoryCalendar.Month {
        try XCTUnwrap(calendar(iso, locale: locale, firstWeekday: firstWeekday).years.first?.months.first)
    }
}
