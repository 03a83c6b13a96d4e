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
public struct Template: Sendable {
    /// The template's file as messages name it (`/srv/theme/feed.html`).
    public let name: String
    private let nodes: [Node]

    private indirect enum Node: Sendable {
        case text(String)
        case escaped(Name, line: Int)
        case raw(Name, line: Int)
        case section(Name, inverted: Bool, children: [Node], line: Int)
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
    }

    public func render(_ context: TemplateValue) throws(TemplateError) -> String {
        var output = ""
        output.reserveCapacity(16 * 1024)
        var stack = [context]
        try render(nodes, stack: &stack, into: &output)
        return output
    }

    /// `stack` holds the context and the section values around the node, innermost last;
    /// each section pushes its value and pops it when done.
    private func render(_ nodes: [Node], stack: inout [TemplateValue], into output: inout String) throws(TemplateError) {
        for node in nodes {
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
            case let .section(key, inverted, children, line):
                let value = try lookup(key, in: stack, line: line)
                if inverted {
                    if !value.isTruthy { try render(children, stack: &stack, into: &output) }
                } else if case let .list(items) = value {
                    for item in items {
                        try render(children, pushing: item, onto: &stack, into: &output)
                    }
                } else if value.isTruthy {
                    try render(children, pushing: value, onto: &stack, into: &output)
                }
            }
        }
    }

    private func render(_ nodes: [Node], pushing value: TemplateValue, onto stack: inout [TemplateValue], into output: inout String) throws(TemplateError) {
        stack.append(value)
        defer { stack.removeLast() }
        try render(nodes, stack: &stack, into: &output)
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
                    let children = try parse(until: (key, token.line))
                    nodes.append(.section(Name(key), inverted: inverted, children: children, line: token.line))
                case let .close(key):
                    guard let closing else {
                        throw TemplateError(template: templateName, line: token.line, message: "{{/\(key)}} closes no open section")
                    }
                    guard closing.name == key else {
                        throw TemplateError(
                            template: templateName, line: token.line,
                            message: "{{/\(key)}} found where {{/\(closing.name)}} (opened on line \(closing.line)) was expected")
                    }
                    return nodes
                }
            }
            if let closing {
                throw TemplateError(template: templateName, line: closing.line, message: "section {{#\(closing.name)}} is never closed")
            }
            return nodes
        }
    }
}
