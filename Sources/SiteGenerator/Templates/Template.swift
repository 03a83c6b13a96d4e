import Hashing

/// A parsed page template in a small Mustache dialect:
///
///     {{name}}            text, HTML-escaped (dotted names reach into objects; `.` is the current item)
///     {{{name}}}          tool-made HTML inserted as is (only `TemplateValue.html` is accepted)
///     {{#name}}…{{/name}} repeated for each item of a list, once for an object or a true value
///     {{^name}}…{{/name}} shown when the value is false, empty or absent-by-`optional`
///     {{! comment }}
///
/// A section or comment tag alone on its line takes the line with it, so templates can be
/// indented like HTML. Unknown names are errors, not blanks, so a typo cannot publish an
/// empty field.
///
/// What a template may cost is bounded, so a hostile or mistaken one stops with an error
/// instead of a crash or a run that never ends: sections nest at most `maxNesting` deep, and
/// one render takes at most as many steps (a part of the template shown once) as the
/// template has parts times the values it is given. A template that shows each part at most
/// once per value never comes near that; one that repeats a list inside the same list
/// multiplies its work with every level and meets it.
public struct Template: Sendable {
    /// The deepest sections may nest.
    public static let maxNesting = 100

    /// The template's file as messages name it (`/srv/theme/feed.html`).
    public let name: String
    private let nodes: [Node]
    /// The parts of the template (text, tags and sections), nested ones included.
    private let partCount: Int
    /// The SHA-256 of the template's source, for the digest of a page's inputs.
    let sourceDigest: [UInt8]

    private indirect enum Node: Sendable {
        case text(String)
        case escaped(Name, line: Int)
        case raw(Name, line: Int)
        /// `tag` is the section's opening tag as written (`#items`), for messages.
        case section(Name, inverted: Bool, children: [Node], line: Int, tag: String)
    }

    /// A tag's name, split at its dots once when the template is parsed.
    private struct Name: Sendable {
        let text: String
        let parts: [String]

        init(_ text: String) {
            self.text = text
            self.parts = text == "." ? [] : text.split(separator: ".").map(String.init)
        }
    }

    public init(name: String, source: String) throws(TemplateError) {
        self.name = name
        var parser = Parser(templateName: name, tokens: try Tokenizer.tokens(in: source, templateName: name))
        self.nodes = try parser.parseAll()
        self.partCount = parser.partCount
        self.sourceDigest = SHA256.hash(source.utf8)
    }

    public func render(_ context: TemplateValue) throws(TemplateError) -> String {
        var output = ""
        output.reserveCapacity(16 * 1024)
        var stack = [context]
        let values = context.valueCount
        var budget = Budget(steps: max(1, partCount) * values, values: values)
        try render(nodes, stack: &stack, into: &output, budget: &budget, section: nil)
        return output
    }

    /// The steps a render has left, and what they were worked out from, for the message.
    private struct Budget {
        var steps: Int
        let values: Int
    }

    /// `stack` holds the context and the section values around the node, innermost last;
    /// each section pushes its value and pops it when done. `section` is the innermost
    /// section's tag (`#items`) and line, for the message when the budget runs out.
    private func render(
        _ nodes: [Node], stack: inout [TemplateValue], into output: inout String, budget: inout Budget, section: (name: String, line: Int)?
    ) throws(TemplateError) {
        for node in nodes {
            budget.steps -= 1
            if budget.steps < 0 { throw overBudget(budget, section: section) }
            switch node {
            case let .text(text):
                output += text
            case let .escaped(key, line):
                switch try lookup(key, in: stack, line: line) {
                case let .text(text), let .html(text):
                    HTML.escape(text, into: &output)
                default:
                    throw TemplateError(template: name, line: line, message: "'\(key.text)' is not text")
                }
            case let .raw(key, line):
                guard case let .html(html) = try lookup(key, in: stack, line: line) else {
                    throw TemplateError(template: name, line: line, message: "'\(key.text)' is not tool-made HTML; use {{\(key.text)}} to show it as text")
                }
                output += html
            case let .section(key, inverted, children, line, tag):
                let value = try lookup(key, in: stack, line: line)
                let here = (tag, line)
                if inverted {
                    if !value.isTruthy { try render(children, stack: &stack, into: &output, budget: &budget, section: here) }
                } else if case let .list(items) = value {
                    for item in items {
                        try render(children, pushing: item, onto: &stack, into: &output, budget: &budget, section: here)
                    }
                } else if value.isTruthy {
                    try render(children, pushing: value, onto: &stack, into: &output, budget: &budget, section: here)
                }
            }
        }
    }

    private func render(
        _ nodes: [Node], pushing value: TemplateValue, onto stack: inout [TemplateValue], into output: inout String, budget: inout Budget,
        section: (name: String, line: Int)
    ) throws(TemplateError) {
        stack.append(value)
        defer { stack.removeLast() }
        try render(nodes, stack: &stack, into: &output, budget: &budget, section: section)
    }

    private func overBudget(_ budget: Budget, section: (name: String, line: Int)?) -> TemplateError {
        let limit = max(1, partCount) * budget.values
        let cause = "more than \(limit) steps (its \(partCount) parts times the page's \(budget.values) values)"
        guard let section else {
            return TemplateError(template: name, line: 1, message: "rendering stopped: \(cause)")
        }
        return TemplateError(
            template: name, line: section.line,
            message: "rendering stopped in {{\(section.name)}}: \(cause); is a list's section repeated inside itself?")
    }

    private func lookup(_ key: Name, in stack: [TemplateValue], line: Int) throws(TemplateError) -> TemplateValue {
        guard let first = key.parts.first else { return stack[stack.count - 1] }
        for frame in stack.reversed() {
            guard case let .object(fields) = frame, var value = fields[first] else { continue }
            for part in key.parts.dropFirst() {
                guard case let .object(inner) = value, let next = inner[part] else {
                    throw TemplateError(template: name, line: line, message: "no value named '\(key.text)'\(Self.names(in: [value]))")
                }
                value = next
            }
            return value
        }
        throw TemplateError(template: name, line: line, message: "no value named '\(key.text)'\(Self.names(in: stack))")
    }

    /// The names a tag could have used instead, for the message: " (names here: a, b)".
    private static func names(in frames: [TemplateValue]) -> String {
        let names = Set(
            frames.flatMap { frame -> [String] in
                guard case let .object(fields) = frame else { return [] }
                return Array(fields.keys)
            })
        return names.isEmpty ? "" : " (names here: \(names.sorted().joined(separator: ", ")))"
    }

    private struct Parser {
        let templateName: String
        let tokens: [Tokenizer.Token]
        var position = 0
        /// Sections open around the token being parsed.
        var depth = 0
        /// Nodes made so far, nested ones included.
        var partCount = 0

        init(templateName: String, tokens: [Tokenizer.Token]) {
            self.templateName = templateName
            self.tokens = tokens
        }

        mutating func parseAll() throws(TemplateError) -> [Node] {
            let nodes = try parse(until: nil)
            return nodes
        }

        private mutating func parse(until closing: (name: String, line: Int)?) throws(TemplateError) -> [Node] {
            var nodes: [Node] = []
            while position < tokens.count {
                let token = tokens[position]
                position += 1
                switch token.kind {
                case let .text(text):
                    if !text.isEmpty { nodes.append(.text(text)) }
                case .comment:
                    break
                case let .variable(key):
                    nodes.append(.escaped(Name(key), line: token.line))
                case let .raw(key):
                    nodes.append(.raw(Name(key), line: token.line))
                case let .open(key, inverted):
                    guard depth < Template.maxNesting else {
                        throw TemplateError(
                            template: templateName, line: token.line,
                            message: "{{\(inverted ? "^" : "#")\(key)}} opens a section \(depth + 1) deep; sections nest at most \(Template.maxNesting) deep")
                    }
                    depth += 1
                    let children = try parse(until: (key, token.line))
                    depth -= 1
                    nodes.append(.section(Name(key), inverted: inverted, children: children, line: token.line, tag: (inverted ? "^" : "#") + key))
                case let .close(key):
                    guard let closing else {
                        throw TemplateError(template: templateName, line: token.line, message: "{{/\(key)}} closes no open section")
                    }
                    guard closing.name == key else {
                        throw TemplateError(
                            template: templateName, line: token.line,
                            message: "{{/\(key)}} found where {{/\(closing.name)}} (opened on line \(closing.line)) was expected")
                    }
                    partCount += nodes.count
                    return nodes
                }
            }
            if let closing {
                throw TemplateError(template: templateName, line: closing.line, message: "section {{#\(closing.name)}} is never closed")
            }
            partCount += nodes.count
            return nodes
        }
    }
}
