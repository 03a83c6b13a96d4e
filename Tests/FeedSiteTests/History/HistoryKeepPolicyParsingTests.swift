import Foundation
import History
import XCTest

final class HistoryKeepPolicyParsingTests: XCTestCase {
    func test_parse_readsTheStandardPolicyFromItsText() {
        XCTAssertEqual(HistoryKeepPolicy.parsed("every:2d,daily:60d,monthly:forever"), .standard)
        XCTAssertEqual(HistoryKeepPolicy.standard.description, "every:2d,daily:60d,monthly:forever")
    }

    func test_parse_readsAllAsKeepingEverything() {
        XCTAssertEqual(HistoryKeepPolicy.parsed("all"), .all)
        XCTAssertEqual(HistoryKeepPolicy.all.description, "all")
        XCTAssertNotEqual(HistoryKeepPolicy.all, .standard)
    }

    func test_parse_allowsWhitespaceAroundCommasAndTheText() {
        XCTAssertEqual(HistoryKeepPolicy.parsed("  every:2d , daily:60d,\tmonthly:forever "), .standard)
        XCTAssertEqual(HistoryKeepPolicy.parsed(" all "), .all)
    }

    func test_parse_takesTheRulesInAnyOrderAndWritesThemInOne() {
        let policy = HistoryKeepPolicy.parsed("yearly:forever,hourly:1d,monthly:400d,every:3d,weekly:forever,daily:30d")

        XCTAssertEqual(policy.description, "every:3d,hourly:1d,daily:30d,weekly:forever,monthly:400d,yearly:forever")
        XCTAssertEqual(policy.rules.map(\.kind), [.every, .hourly, .daily, .weekly, .monthly, .yearly])
        XCTAssertEqual(HistoryKeepPolicy.parsed("monthly:forever,daily:60d,every:2d"), .standard)
    }

    func test_description_readsBackAsTheSamePolicy() {
        for text in [
            "all", "every:1d", "hourly:100000d", "daily:forever", "weekly:8d", "monthly:forever", "yearly:5d", "every:2d,daily:60d,monthly:forever",
            "daily:007d",
        ] {
            let policy = HistoryKeepPolicy.parsed(text)
            XCTAssertEqual(HistoryKeepPolicy.parsed(policy.description), policy, text)
        }
        XCTAssertEqual(HistoryKeepPolicy.parsed("daily:007d").description, "daily:7d")
    }

    func test_parse_takesFrom1To100000Days() {
        XCTAssertEqual(HistoryKeepPolicy.parsed("every:1d").rules.map(\.span), [.days(1)])
        XCTAssertEqual(HistoryKeepPolicy.parsed("every:100000d").rules.map(\.span), [.days(100_000)])
        XCTAssertEqual(problem("every:0d"), #""every:0d" needs at least 1 day"#)
        XCTAssertEqual(problem("daily:000d"), #""daily:000d" needs at least 1 day"#)
        XCTAssertEqual(problem("every:100001d"), #""every:100001d" reaches over more than 100000 days"#)
        XCTAssertEqual(
            problem("daily:99999999999999999999999d"), #""daily:99999999999999999999999d" reaches over more than 100000 days; daily:forever has no end"#)
    }

    func test_parse_takesForeverOnlyForDailyWeeklyMonthlyAndYearly() {
        for kind in ["daily", "weekly", "monthly", "yearly"] {
            XCTAssertEqual(HistoryKeepPolicy.parsed("\(kind):forever").rules.map(\.span), [.forever], kind)
        }
        XCTAssertEqual(problem("every:forever"), #""every:forever": every cannot be forever; "all" keeps every snapshot"#)
        XCTAssertEqual(problem("hourly:forever"), #""hourly:forever": hourly cannot be forever: give a number of days, such as hourly:7d"#)
    }

    func test_parse_namesARuleWithoutItsUnit() throws {
        XCTAssertEqual(
            try XCTUnwrap(error("daily:60")).description,
            #"--history-keep: "daily:60" needs a unit: daily:60d (rules: every, hourly, daily, weekly, monthly, yearly; or "all")"#)
    }

    func test_parse_refusesWhatIsNotAPolicyInOneLineSayingWhy() {
        let cases: [(String, String)] = [
            ("", #"is empty: give "all" or rules such as every:2d,daily:60d,monthly:forever"#),
            ("  ", #"is empty: give "all" or rules such as every:2d,daily:60d,monthly:forever"#),
            ("daily:60d,", #""daily:60d," has an empty rule: a comma at an end, or two in a row"#),
            ("daily:60d,,monthly:forever", #""daily:60d,,monthly:forever" has an empty rule: a comma at an end, or two in a row"#),
            ("all,daily:60d", #""all" keeps every snapshot and takes no other rule"#),
            ("daily:60d,daily:30d", #""daily:60d" and "daily:30d": each rule at most once"#),
            ("minutely:2d", #""minutely:2d": no rule is called "minutely""#),
            ("Daily:60d", #""Daily:60d": rules are written in lower case, as daily"#),
            (":60d", #"":60d" names no rule before its colon"#),
            ("daily", #""daily" needs how far back it reaches: daily:<N>d or daily:forever"#),
            ("every", #""every" needs how far back it reaches: every:<N>d"#),
            ("ALL", #""ALL": rules are written in lower case, as all"#),
            ("all:2d", #""all:2d": "all" stands alone, with no colon and nothing after it"#),
            ("daily:", #""daily:" needs a whole number of days: daily:<N>d or daily:forever"#),
            ("daily:d", #""daily:d" is not daily:<N>d or daily:forever"#),
            ("daily:60d:30d", #""daily:60d:30d" is not daily:<N>d or daily:forever"#),
            ("daily:forever:forever", #""daily:forever:forever" is not daily:<N>d or daily:forever"#),
            ("every:2d;daily:60d", #""every:2d;daily:60d" is not every:<N>d"#),
            ("daily:1e3d", #""daily:1e3d" is not daily:<N>d or daily:forever"#),
            ("daily:+5d", #""daily:+5d" needs a whole number of days: daily:<N>d or daily:forever"#),
            ("daily:６０d", #""daily:６０d" needs a whole number of days: daily:<N>d or daily:forever"#),
            ("daily:60d\u{200B}", #""daily:60d\u{200b}" is not daily:<N>d or daily:forever"#),
            ("daily:-1d", #""daily:-1d" needs a whole number of days: daily:<N>d or daily:forever"#),
            ("daily:1.5d", #""daily:1.5d" needs a whole number of days: daily:<N>d or daily:forever"#),
            ("hourly:12h", #""hourly:12h" counts in days only: hourly:<N>d"#),
            ("weekly:2w", #""weekly:2w" counts in days only: weekly:<N>d or weekly:forever"#),
            ("daily: 60d", #""daily: 60d" has a space inside a rule"#),
            ("daily:\n60d", #""daily:\u{a}60d" has a space inside a rule"#),
            ("forever", #""forever": no rule is called "forever""#),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(problem(text), expected, text)
        }
    }

    func test_parseError_isOneShortLineWhateverTheText() throws {
        let text = "daily:60d,\u{1B}[31m" + String(repeating: "x", count: 10_000) + "\r\n"

        let message = try XCTUnwrap(error(text)).description

        XCTAssertFalse(message.contains(where: \.isNewline), message)
        XCTAssertFalse(message.unicodeScalars.contains("\u{1B}"), message)
        XCTAssertLessThan(message.count, 250, message)
        XCTAssertTrue(message.hasPrefix(#"--history-keep: "\u{1b}[31mxxxx"#), message)
    }

    // MARK: - Helpers

    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> HistoryKeepPolicy.ParseError? {
        do throws(HistoryKeepPolicy.ParseError) {
            let policy = try HistoryKeepPolicy(parsing: text)
            XCTFail("parsed \(text.debugDescription) as \(policy)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private func problem(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            let policy = try HistoryKeepPolicy(parsing: text)
            XCTFail("parsed \(text.debugDescription) as \(policy)", file: file, line: line)
            return nil
        } catch {
            XCTAssertTrue(error.description.hasPrefix("--history-keep: \(error.problem) (rules: "), error.description, file: file, line: line)
            return error.problem
        }
    }
}
