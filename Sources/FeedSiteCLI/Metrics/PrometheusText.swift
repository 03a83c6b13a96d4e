import Foundation

/// Prometheus's text exposition format (version 0.0.4), as node_exporter's textfile
/// collector reads it: each family's `# HELP` and `# TYPE` lines, then its samples, in the
/// order given; no timestamps, which that collector refuses.
enum PrometheusText {
    struct Family: Equatable, Sendable {
        enum Kind: String, Sendable {
            case gauge, counter
        }

        /// Matches `[a-zA-Z_:][a-zA-Z0-9_:]*`.
        let name: String
        /// One line of plain text.
        let help: String
        let kind: Kind
        let samples: [Sample]

        init(_ name: String, _ kind: Kind, help: String, _ samples: [Sample]) {
            self.name = name
            self.kind = kind
            self.help = help
            self.samples = samples
        }

        /// A family of one sample without labels.
        init(_ name: String, _ kind: Kind, help: String, _ value: Double) {
            self.init(name, kind, help: help, [Sample(value)])
        }
    }

    struct Sample: Equatable, Sendable {
        /// Names match `[a-zA-Z_][a-zA-Z0-9_]*`; values are any text, escaped when written.
        let labels: [Label]
        let value: Double

        init(labels: [Label], value: Double) {
            self.labels = labels
            self.value = value
        }

        init(_ value: Double) {
            self.init(labels: [], value: value)
        }

        /// A sample with one label.
        init(_ label: String, _ labelValue: String, _ value: Double) {
            self.init(labels: [Label(name: label, value: labelValue)], value: value)
        }
    }

    struct Label: Equatable, Sendable {
        let name: String
        let value: String
    }

    /// The families as one text, ending with a line feed.
    static func render(_ families: [Family]) -> String {
        var text = ""
        for family in families {
            text += "# HELP \(family.name) \(escapeHelp(family.help))\n"
            text += "# TYPE \(family.name) \(family.kind.rawValue)\n"
            for sample in family.samples {
                text += family.name
                if !sample.labels.isEmpty {
                    text += "{" + sample.labels.map { "\($0.name)=\"\(escapeLabelValue($0.value))\"" }.joined(separator: ",") + "}"
                }
                text += " \(format(sample.value))\n"
            }
        }
        return text
    }

    /// `\` and line feeds escaped, as a `# HELP` line needs.
    static func escapeHelp(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\n", with: "\\n")
    }

    /// `\`, `"` and line feeds escaped, as a label value needs.
    static func escapeLabelValue(_ text: String) -> String {
        escapeHelp(text).replacingOccurrences(of: "\"", with: "\\\"")
    }

    /// A whole number without a fraction (`36`, `1716204299`), any other number as Swift
    /// writes it (`0.125`, `1e-06`), and `NaN`, `+Inf`, `-Inf` as the format spells them.
    static func format(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Inf" : "+Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// The value of the sample without labels named `name` in `text`, when there is one
    /// and it is a finite number: for reading back what an earlier run wrote.
    static func value(of name: String, in text: String) -> Double? {
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) where line.hasPrefix(name) {
            let rest = line.dropFirst(name.count)
            guard rest.first == " " else { continue }
            guard let value = Double(rest.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
            return value
        }
        return nil
    }
}
