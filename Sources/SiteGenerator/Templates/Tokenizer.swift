/// Splits template source into text and tags, with line numbers for error messages.
enum Tokenizer {
    struct Token {
        enum Kind {
            case text(String)
            case variable(String)
            case raw(String)
            case open(String, inverted: Bool)
            case close(String)
            case comment
        }

        var kind: Kind
        let line: Int

        /// Section and comment tags vanish with their line when they stand alone on it.
        var isStandaloneCandidate: Bool {
            switch kind {
            case .open, .close, .comment: true
            default: false
            }
        }
    }

    static func tokens(in source: String, templateName: String) throws(TemplateError) -> [Token] {
        var tokens: [Token] = []
        var line = 1
        var rest = Substring(source)
        while let open = rest.firstRange(of: "{{") {
            let text = String(rest[..<open.lowerBound])
            tokens.append(Token(kind: .text(text), line: line))
            line += text.count(where: \.isLineBreak)

            let isRaw = rest[open.upperBound...].hasPrefix("{")
            let closer = isRaw ? "}}}" : "}}"
            let contentStart = isRaw ? rest.index(after: open.upperBound) : open.upperBound
            guard let close = rest[contentStart...].firstRange(of: closer) else {
                throw TemplateError(template: templateName, line: line, message: "tag opened with \(isRaw ? "{{{" : "{{") is never closed")
            }
            let content = rest[contentStart..<close.lowerBound]
            let kind = try tagKind(content, isRaw: isRaw, templateName: templateName, line: line)
            tokens.append(Token(kind: kind, line: line))
            line += content.count(where: \.isLineBreak)
            rest = rest[close.upperBound...]
        }
        tokens.append(Token(kind: .text(String(rest)), line: line))
        stripStandaloneLines(&tokens)
        return tokens
    }

    private static func tagKind(_ content: Substring, isRaw: Bool, templateName: String, line: Int) throws(TemplateError) -> Token.Kind {
        if isRaw { return .raw(try name(content, templateName: templateName, line: line)) }
        switch content.first {
        case "!": return .comment
        case "#": return .open(try name(content.dropFirst(), templateName: templateName, line: line), inverted: false)
        case "^": return .open(try name(content.dropFirst(), templateName: templateName, line: line), inverted: true)
        case "/": return .close(try name(content.dropFirst(), templateName: templateName, line: line))
        default: return .variable(try name(content, templateName: templateName, line: line))
        }
    }

    private static func name(_ content: Substring, templateName: String, line: Int) throws(TemplateError) -> String {
        let name = content.trimmingWhitespace()
        let allowed = name == "." || (!name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
        guard allowed, name == "." || (!name.hasPrefix(".") && !name.hasSuffix(".")) else {
            throw TemplateError(template: templateName, line: line, message: "'\(name)' is not a valid name in a tag")
        }
        return String(name)
    }

    /// Removes the indentation before and the line break after section and comment tags
    /// that are the only thing on their line. Which tags stand alone is decided on the
    /// original text first, so two such tags on consecutive lines are both recognised.
    private static func stripStandaloneLines(_ tokens: inout [Token]) {
        var trimLeadingLine = [Bool](repeating: false, count: tokens.count)
        var trimTrailingIndent = [Bool](repeating: false, count: tokens.count)
        for index in tokens.indices where tokens[index].isStandaloneCandidate {
            guard index > 0, index + 1 < tokens.count,
                case let .text(before) = tokens[index - 1].kind,
                case let .text(after) = tokens[index + 1].kind
            else { continue }
            let indent = before.lastIndex(where: \.isLineBreak).map { before[before.index(after: $0)...] } ?? before[...]
            let startsLine = before.contains(where: \.isLineBreak) || index == 1
            let isLastToken = index + 1 == tokens.count - 1
            let rest = after.firstIndex(where: \.isLineBreak).map { after[..<$0] } ?? (isLastToken ? after[...] : nil)
            guard startsLine, indent.allSatisfy(\.isIndentation), let rest, rest.allSatisfy(\.isIndentation) else { continue }
            trimTrailingIndent[index - 1] = true
            trimLeadingLine[index + 1] = true
        }
        for index in tokens.indices {
            guard case let .text(text) = tokens[index].kind, trimLeadingLine[index] || trimTrailingIndent[index] else { continue }
            let start = trimLeadingLine[index] ? text.firstIndex(where: \.isLineBreak).map { text.index(after: $0) } ?? text.endIndex : text.startIndex
            let end = trimTrailingIndent[index] ? text.lastIndex(where: \.isLineBreak).map { text.index(after: $0) } ?? text.startIndex : text.endIndex
            tokens[index].kind = .text(start < end ? String(text[start..<end]) : "")
        }
    }
}

extension Character {
    fileprivate var isIndentation: Bool { self == " " || self == "\t" }
    /// `\n`, or `\r\n`, which Swift sees as one character.
    fileprivate var isLineBreak: Bool { self == "\n" || self == "\r\n" }
}

extension Substring {
    func trimmingWhitespace() -> Substring {
        var result = self
        while let first = result.first, first.isWhitespace { result = result.dropFirst() }
        while let last = result.last, last.isWhitespace { result = result.dropLast() }
        return result
    }
}
