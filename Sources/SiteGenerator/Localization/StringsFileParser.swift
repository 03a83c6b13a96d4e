import Basics
import FeedCore
import Foundation

/// Reads Apple's `.strings` format:
///
///     /* comment */  // comment
///     "KEY" = "value";
///     KEY = "value with \"escapes\", \n, \t, \\ and \U00E9";
///     "KEY";                     (the value is the key)
///
/// Files may be UTF-8 or UTF-16 with a byte-order mark. When a key repeats, the last wins.
public enum StringsFileParser {
    public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        public let line: Int
        public let message: String

        public var description: String { "line \(line): \(message)" }
    }

    public static func parse(_ data: Data) throws(ParseError) -> [String: String] {
        try parse(decode(data))
    }

    public static func parse(_ text: String) throws(ParseError) -> [String: String] {
        var scanner = Scanner(Array(text.unicodeScalars))
        var table: [String: String] = [:]
        while true {
            try scanner.skipTrivia()
            guard !scanner.isAtEnd else { return table }
            let key = try scanner.readString(what: "a key")
            let keyLine = scanner.line
            try scanner.skipTrivia()
            if scanner.consume(";") {
                table[key] = key
                continue
            }
            guard scanner.consume("=") else { throw ParseError(line: keyLine, message: "expected '=' or ';' after key \"\(key)\"") }
            try scanner.skipTrivia()
            let value = try scanner.readString(what: "a value for key \"\(key)\"")
            let valueLine = scanner.line
            try scanner.skipTrivia()
            guard scanner.consume(";") else { throw ParseError(line: valueLine, message: "expected ';' after the value of key \"\(key)\"") }
            table[key] = value
        }
    }

    private static func decode(_ data: Data) throws(ParseError) -> String {
        let bytes = [UInt8](data.prefix(3))
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            guard let text = String(data: data, encoding: .utf16) else { throw ParseError(line: 1, message: "invalid UTF-16") }
            return text
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
        guard let text = String(data: body, encoding: .utf8) else { throw ParseError(line: 1, message: "not UTF-8 or UTF-16 text") }
        return text
    }

    private struct Scanner {
        private let scalars: [Unicode.Scalar]
        private var index = 0
        private(set) var line = 1

        init(_ scalars: [Unicode.Scalar]) {
            self.scalars = scalars
        }

        var isAtEnd: Bool { index >= scalars.count }

        func error(_ message: String) -> ParseError {
            ParseError(line: line, message: message)
        }

        private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
            index + offset < scalars.count ? scalars[index + offset] : nil
        }

        private mutating func advance() -> Unicode.Scalar {
            let scalar = scalars[index]
            index += 1
            if scalar == "\n" { line += 1 }
            return scalar
        }

        mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
            guard peek() == scalar else { return false }
            _ = advance()
            return true
        }

        mutating func skipTrivia() throws(ParseError) {
            while let scalar = peek() {
                if scalar.properties.isWhitespace {
                    _ = advance()
                } else if scalar == "/", peek(1) == "/" {
                    while let next = peek(), next != "\n" { _ = advance() }
                } else if scalar == "/", peek(1) == "*" {
                    let start = line
                    _ = advance()
                    _ = advance()
                    while !(peek() == "*" && peek(1) == "/") {
                        guard !isAtEnd else { throw ParseError(line: start, message: "comment is never closed") }
                        _ = advance()
                    }
                    _ = advance()
                    _ = advance()
                } else {
                    return
                }
            }
        }

        mutating func readString(what: String) throws(ParseError) -> String {
            guard let first = peek() else { throw error("expected \(what), found the end of the file") }
            if first == "\"" { return try readQuoted() }
            var word = String.UnicodeScalarView()
            while let scalar = peek(), Self.isUnquotedCharacter(scalar) {
                word.append(advance())
            }
            guard !word.isEmpty else { throw error("expected \(what), found '\(first)'") }
            return String(word)
        }

        private static func isUnquotedCharacter(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_.$:/-".unicodeScalars.contains(scalar))
        }

        private mutating func readQuoted() throws(ParseError) -> String {
            let start = line
            _ = advance()
            var value = String.UnicodeScalarView()
            while true {
                guard !isAtEnd else { throw ParseError(line: start, message: "string is never closed") }
                let scalar = advance()
                if scalar == "\"" { return String(value) }
                guard scalar == "\\" else {
                    value.append(scalar)
                    continue
                }
                guard !isAtEnd else { throw ParseError(line: start, message: "string is never closed") }
                let escaped = advance()
                switch escaped {
                case "n": value.append("\n")
                case "t": value.append("\t")
                case "r": value.append("\r")
                case "0": value.append("\0")
                case "\"", "\\", "'", "/": value.append(escaped)
                case "U", "u":
                    value.append(try readHexScalar())
                default:
                    throw error("unknown escape '\\\(escaped)'")
                }
            }
        }

        /// `\UXXXX`: four hex digits; a UTF-16 surrogate pair is two such escapes in a row.
        private mutating func readHexScalar() throws(ParseError) -> Unicode.Scalar {
            let decoded = try UTF16Escape.decode(try readHex4()) { () throws(ParseError) -> UInt16? in
                guard peek() == "\\", peek(1) == "U" || peek(1) == "u" else { return nil }
                _ = advance()
                _ = advance()
                return try readHex4()
            }
            switch decoded {
            case let .scalar(scalar): return scalar
            case .unpairedHighSurrogate: throw error("unpaired UTF-16 surrogate")
            case .unpairedLowSurrogate: throw error("invalid \\U escape")
            }
        }

        private mutating func readHex4() throws(ParseError) -> UInt16 {
            var unit: UInt16 = 0
            for _ in 0..<4 {
                guard let scalar = peek(), scalar.isASCII, let digit = Character(scalar).hexDigitValue.map(UInt16.init) else {
                    throw error("\\U needs four hex digits")
                }
                _ = advance()
                unit = unit * 16 + digit
            }
            return unit
        }
    }
}
