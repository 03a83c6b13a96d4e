import Foundation

/// A strict reader of Prometheus's text exposition format (0.0.4) as node_exporter's
/// textfile collector takes it, for checking what feedsite writes: every line is a `# HELP`,
/// a `# TYPE` or a sample; every family has both, once, before its samples, which stay
/// together; names, label names, escapes and values follow the format's grammar; no sample
/// is repeated or carries a timestamp; the text ends with a line feed. Anything else throws,
/// naming the line.
public enum PrometheusTextParser {
    public struct Family: Equatable, Sendable {
        public let name: String
        public let help: String
        public let type: String
        public var samples: [Sample]
    }

    public struct Sample: Equatable, Sendable {
        public let labels: [String: String]
        public let value: Double

        public init(labels: [String: String], value: Double) {
            self.labels = labels
            self.value = value
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let line: Int
        public let reason: String

        public var description: String { "line \(line): \(reason)" }
    }

    /// The families in the order they appear.
    public static func parse(_ text: String) throws -> [Family] {
        guard text.hasSuffix("\n") else { throw Failure(line: 0, reason: "the text does not end with a line feed") }
        var families: [Family] = []
        var helps: [String: String] = [:]
        var seenSamples = Set<String>()
        var closed = Set<String>()
        for (index, raw) in text.dropLast().split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            let number = index + 1
            func fail(_ reason: String) -> Failure { Failure(line: number, reason: "\(reason): \(line)") }
            if line.hasPrefix("# HELP ") {
                let rest = line.dropFirst("# HELP ".count)
                guard let space = rest.firstIndex(of: " ") else { throw fail("HELP without text") }
                let name = String(rest[..<space])
                guard isMetricName(name) else { throw fail("bad metric name") }
                guard helps[name] == nil else { throw fail("second HELP") }
                guard !families.contains(where: { $0.name == name }) else { throw fail("HELP after its TYPE") }
                helps[name] = try unescape(String(rest[rest.index(after: space)...]), quotes: false).orThrow(fail("bad escape in HELP"))
            } else if line.hasPrefix("# TYPE ") {
                let parts = line.dropFirst("# TYPE ".count).split(separator: " ", omittingEmptySubsequences: false).map(String.init)
                guard parts.count == 2, isMetricName(parts[0]) else { throw fail("bad TYPE line") }
                guard ["counter", "gauge", "histogram", "summary", "untyped"].contains(parts[1]) else { throw fail("unknown type") }
                guard let help = helps[parts[0]] else { throw fail("TYPE without HELP before it") }
                guard !families.contains(where: { $0.name == parts[0] }) else { throw fail("second TYPE") }
                if let last = families.last { closed.insert(last.name) }
                families.append(Family(name: parts[0], help: help, type: parts[1], samples: []))
            } else if line.hasPrefix("#") || line.isEmpty {
                throw fail("neither HELP, TYPE nor a sample")
            } else {
                let (name, labels, value) = try sample(line).orThrow(fail("not a sample"))
                guard let last = families.last, last.name == name else {
                    throw fail(closed.contains(name) ? "sample away from its family" : "sample without HELP and TYPE")
                }
                let key = name + "{" + labels.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",") + "}"
                guard seenSamples.insert(key).inserted else { throw fail("repeated sample") }
                families[families.count - 1].samples.append(Sample(labels: labels, value: value))
            }
        }
        if let orphan = helps.keys.sorted().first(where: { name in !families.contains { $0.name == name } }) {
            throw Failure(line: 0, reason: "HELP without TYPE for \(orphan)")
        }
        return families
    }

    /// Every sample of a strictly parsed `text`, as `name{label=value,…}` (labels sorted, no
    /// quotes) → value.
    public static func samples(in text: String) throws -> [String: Double] {
        var values: [String: Double] = [:]
        for family in try parse(text) {
            for sample in family.samples {
                let labels = sample.labels.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
                values[family.name + (labels.isEmpty ? "" : "{\(labels)}")] = sample.value
            }
        }
        return values
    }

    public static func isMetricName(_ name: String) -> Bool {
        name.range(of: "^[a-zA-Z_:][a-zA-Z0-9_:]*$", options: .regularExpression) != nil
    }

    public static func isLabelName(_ name: String) -> Bool {
        name.range(of: "^[a-zA-Z_][a-zA-Z0-9_]*$", options: .regularExpression) != nil
    }

    /// `name{label="value",…} value`, without a timestamp.
    private static func sample(_ line: String) -> (String, [String: String], Double)? {
        var rest = Substring(line)
        let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == ":" })
        guard isMetricName(name), name.allSatisfy(\.isASCII) else { return nil }
        rest = rest.dropFirst(name.count)
        var labels: [String: String] = [:]
        if rest.first == "{" {
            rest = rest.dropFirst()
            while rest.first != "}" {
                let label = String(rest.prefix { $0 != "=" })
                guard isLabelName(label), labels[label] == nil else { return nil }
                rest = rest.dropFirst(label.count)
                guard rest.hasPrefix("=\"") else { return nil }
                rest = rest.dropFirst(2)
                var raw = ""
                while let character = rest.first, character != "\"" {
                    raw.append(character)
                    rest = rest.dropFirst()
                    if character == "\\", let escaped = rest.first {
                        raw.append(escaped)
                        rest = rest.dropFirst()
                    }
                }
                guard rest.first == "\"", let value = unescape(raw, quotes: true) else { return nil }
                labels[label] = value
                rest = rest.dropFirst()
                if rest.first == "," { rest = rest.dropFirst() } else if rest.first != "}" { return nil }
            }
            rest = rest.dropFirst()
        }
        guard rest.first == " " else { return nil }
        let fields = rest.dropFirst().split(separator: " ", omittingEmptySubsequences: false)
        guard fields.count == 1, let value = number(String(fields[0])) else { return nil }
        return (name, labels, value)
    }

    /// A float as Go's `ParseFloat` takes it, or `NaN`, `+Inf`, `-Inf`.
    private static func number(_ text: String) -> Double? {
        switch text {
        case "NaN": return .nan
        case "+Inf": return .infinity
        case "-Inf": return -.infinity
        default:
            guard text.range(of: "^[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?$", options: .regularExpression) != nil else { return nil }
            return Double(text)
        }
    }

    /// `\\` and `\n` (and `\"` in label values) undone; any other escape is an error.
    private static func unescape(_ text: String, quotes: Bool) -> String? {
        var result = ""
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            guard character == "\\" else {
                if character == "\n" || (quotes && character == "\"") { return nil }
                result.append(character)
                continue
            }
            switch iterator.next() {
            case "\\": result.append("\\")
            case "n": result.append("\n")
            case "\"" where quotes: result.append("\"")
            default: return nil
            }
        }
        return result
    }
}

extension Optional {
    fileprivate func orThrow(_ error: @autoclosure () -> some Error) throws -> Wrapped {
        guard let self else { throw error() }
        return self
    }
}
