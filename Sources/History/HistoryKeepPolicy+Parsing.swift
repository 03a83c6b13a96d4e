import Foundation

extension HistoryKeepPolicy {
    /// Why the text of `--history-keep` is not a policy: one line naming what is wrong, then
    /// the rules there are.
    public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong, without the option's name and the list of rules.
        public let problem: String

        public var description: String {
            #"--history-keep: \#(problem) (rules: every, hourly, daily, weekly, monthly, yearly; or "all")"#
        }
    }

    /// The most days a rule may reach over: some 270 years, beyond which `forever` says it.
    static let maximumDays = 100_000

    /// Reads the text of `--history-keep`: `all`, or rules separated by commas (spaces around
    /// them allowed), each `every:<N>d`, `hourly:<N>d`, or `daily`, `weekly`, `monthly`,
    /// `yearly` with `:<N>d` or `:forever`; N from 1 to 100000, each kind at most once.
    public init(parsing text: String) throws(ParseError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { part in
            String(part.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        }
        if parts == [""] {
            throw ParseError(problem: #"is empty: give "all" or rules such as every:2d,daily:60d,monthly:forever"#)
        }
        if parts == ["all"] {
            self = .all
            return
        }
        var rules: [Rule] = []
        for part in parts {
            if part.isEmpty { throw ParseError(problem: "\(Self.quoted(text)) has an empty rule: a comma at an end, or two in a row") }
            if part == "all" { throw ParseError(problem: #""all" keeps every snapshot and takes no other rule"#) }
            let rule = try Self.rule(part)
            if let earlier = rules.first(where: { $0.kind == rule.kind }) {
                throw ParseError(problem: "\(Self.quoted(earlier.text)) and \(Self.quoted(part)): each rule at most once")
            }
            rules.append(rule)
        }
        self.init(rules: rules)
    }

    /// One rule, `kind:<N>d` or `kind:forever`, already trimmed.
    private static func rule(_ text: String) throws(ParseError) -> Rule {
        let quoted = quoted(text)
        if text.contains(where: \.isWhitespace) { throw ParseError(problem: "\(quoted) has a space inside a rule") }
        let name = text.prefix { $0 != ":" }
        if name.isEmpty { throw ParseError(problem: "\(quoted) names no rule before its colon") }
        guard let kind = Rule.Kind(rawValue: String(name)) else {
            if name == "all" { throw ParseError(problem: #"\#(quoted): "all" stands alone, with no colon and nothing after it"#) }
            if name.lowercased() == "all" || Rule.Kind(rawValue: name.lowercased()) != nil {
                throw ParseError(problem: "\(quoted): rules are written in lower case, as \(name.lowercased())")
            }
            throw ParseError(problem: "\(quoted): no rule is called \(Self.quoted(String(name)))")
        }
        let foreverAllowed = kind != .every && kind != .hourly
        let form = foreverAllowed ? "\(kind.rawValue):<N>d or \(kind.rawValue):forever" : "\(kind.rawValue):<N>d"
        guard name.endIndex < text.endIndex else { throw ParseError(problem: "\(quoted) needs how far back it reaches: \(form)") }
        let span = text[text.index(after: name.endIndex)...]
        if span == "forever" {
            guard foreverAllowed else {
                let instead = kind == .every ? #"; "all" keeps every snapshot"# : ": give a number of days, such as hourly:7d"
                throw ParseError(problem: "\(quoted): \(kind.rawValue) cannot be forever\(instead)")
            }
            return Rule(kind: kind, span: .forever)
        }
        let digits = span.prefix { $0.isASCII && $0.isNumber }
        let unit = span[digits.endIndex...]
        if digits.isEmpty || unit.first == "." || unit.first == "," {
            // A number of another kind (negative, signed, with decimals, in other digits) is
            // told apart from text that is no number at all.
            let looksNumeric = span.first.map { "+-.".contains($0) || $0.isNumber } ?? true
            throw ParseError(problem: looksNumeric ? "\(quoted) needs a whole number of days: \(form)" : "\(quoted) is not \(form)")
        }
        guard !unit.isEmpty else { throw ParseError(problem: "\(quoted) needs a unit: \(kind.rawValue):\(digits)d") }
        guard unit == "d" else {
            throw ParseError(problem: unit.allSatisfy(\.isLetter) ? "\(quoted) counts in days only: \(form)" : "\(quoted) is not \(form)")
        }
        let significant = digits.drop { $0 == "0" }
        guard !significant.isEmpty else { throw ParseError(problem: "\(quoted) needs at least 1 day") }
        guard let count = Int(significant), count <= maximumDays else {
            let instead = foreverAllowed ? "; \(kind.rawValue):forever has no end" : ""
            throw ParseError(problem: "\(quoted) reaches over more than \(maximumDays) days\(instead)")
        }
        return Rule(kind: kind, span: .days(count))
    }

    /// `text` in double quotes, its control characters written as escapes so the message stays
    /// on one line, and cut short when it is long.
    private static func quoted(_ text: String) -> String {
        let limit = 40
        let invisible: Set<Unicode.GeneralCategory> = [.control, .format, .lineSeparator, .paragraphSeparator]
        var shown = ""
        for scalar in text.unicodeScalars.prefix(limit) {
            if scalar == "\"" || scalar == "\\" {
                shown += "\\\(scalar)"
            } else if invisible.contains(scalar.properties.generalCategory) {
                shown += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return "\"\(shown)\(text.unicodeScalars.count > limit ? "…" : "")\""
    }
}
