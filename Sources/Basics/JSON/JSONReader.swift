import Foundation
import Hashing

/// A strict RFC 8259 reader, faster than `JSONDecoder` (BENCHMARKS.md, "What each trick
/// buys", row "our own JSON reader"): for the caches feedsite writes itself, and for API
/// answers (`JSONPayload` walks those field by field, saying which item and field were
/// wrong).
public struct JSONReader {
    public struct SyntaxError: Error, Equatable, Sendable {
        public let offset: Int
        public let message: String
    }

    private let bytes: UnsafeRawBufferPointer
    private var index = 0
    private var depth = 0
    private let streamedKey: String?
    private let element: ((JSONValue) -> Bool)?
    private static let maximumDepth = 64

    public static func read(_ data: Data) throws(SyntaxError) -> JSONValue {
        try read(data, streaming: nil, nil)
    }

    /// Reads a JSON object whose member `key` is an array, handing that array's elements to
    /// `element` one at a time instead of keeping them (the member reads as an empty array),
    /// so a 100,000-item file costs one item's worth of memory. `element` returns `false`
    /// for an element it cannot use, which stops the read with an error.
    public static func read(_ data: Data, streaming key: String, _ element: @escaping (JSONValue) -> Bool) throws(SyntaxError) -> JSONValue {
        try read(data, streaming: Optional(key), element)
    }

    /// The string literal whose opening quote is at `index` in `bytes`, read as `read` reads
    /// one (its escapes, its UTF-8 checked); `index` is then just past its closing quote. For
    /// a reader of lines in one known shape, which reads their strings this way.
    public static func string(in bytes: UnsafeRawBufferPointer, at index: inout Int) throws(SyntaxError) -> String {
        var reader = JSONReader(bytes: bytes, streamedKey: nil, element: nil)
        reader.index = index
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw reader.error("expected a string") }
        let text = try reader.readString()
        index = reader.index
        return text
    }

    private static func read(_ data: Data, streaming key: String?, _ element: ((JSONValue) -> Bool)?) throws(SyntaxError) -> JSONValue {
        let result: Result<JSONValue, SyntaxError> = data.withUnsafeBytes { bytes in
            var reader = JSONReader(bytes: bytes, streamedKey: key, element: element)
            do throws(SyntaxError) {
                let value = try reader.readValue()
                reader.skipWhitespace()
                guard reader.index == reader.bytes.count else { throw reader.error("unexpected text after the JSON value") }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private init(bytes: UnsafeRawBufferPointer, streamedKey: String?, element: ((JSONValue) -> Bool)?) {
        self.bytes = bytes
        self.streamedKey = streamedKey
        self.element = element
    }

    private func error(_ message: String) -> SyntaxError {
        SyntaxError(offset: index, message: message)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    private mutating func readValue() throws(SyntaxError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try readObject()
        case UInt8(ascii: "["): return try readArray()
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): return try readLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try readLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try readLiteral("null", .null)
        default: return .number(try readNumber())
        }
    }

    private mutating func readLiteral(_ word: String, _ value: JSONValue) throws(SyntaxError) -> JSONValue {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, Array(bytes[index..<index + expected.count]) == expected else {
            throw error("expected \(word)")
        }
        index += expected.count
        return value
    }

    private mutating func nest() throws(SyntaxError) {
        depth += 1
        if depth > Self.maximumDepth { throw error("nested deeper than \(Self.maximumDepth) levels") }
    }

    private mutating func readObject() throws(SyntaxError) -> JSONValue {
        try nest()
        defer { depth -= 1 }
        index += 1
        var fields = [String: JSONValue](minimumCapacity: 8)
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(fields)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key") }
            let key = try readString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            if depth == 1, key == streamedKey, let element {
                try streamArray(to: element)
                fields[key] = .array([])
            } else {
                fields[key] = try readValue()
            }
            if try readCommaOrEnd(UInt8(ascii: "}"), of: "an object") { return .object(fields) }
        }
    }

    private mutating func readArray() throws(SyntaxError) -> JSONValue {
        var items: [JSONValue] = []
        try readElements {
            items.append($0)
            return true
        }
        return .array(items)
    }

    private mutating func streamArray(to element: (JSONValue) -> Bool) throws(SyntaxError) {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { throw error("expected an array") }
        try readElements(element)
    }

    /// Reads an array from its `[`, handing each element to `element`; `false` from it stops
    /// the read with an error at that element.
    private mutating func readElements(_ element: (JSONValue) -> Bool) throws(SyntaxError) {
        try nest()
        defer { depth -= 1 }
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return
        }
        while true {
            let start = index
            guard element(try readValue()) else { throw SyntaxError(offset: start, message: "unexpected element") }
            if try readCommaOrEnd(UInt8(ascii: "]"), of: "an array") { return }
        }
    }

    /// After a member or an element: steps over the `,` before the next one (`false`) or over
    /// `end`, the bracket that closes `container` (`true`).
    private mutating func readCommaOrEnd(_ end: UInt8, of container: String) throws(SyntaxError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of input in \(container)") }
        let byte = bytes[index]
        guard byte == UInt8(ascii: ",") || byte == end else { throw error("expected ',' or '\(Character(Unicode.Scalar(end)))'") }
        index += 1
        return byte == end
    }

    private mutating func readString() throws(SyntaxError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes. Text that is all ASCII needs no UTF-8 validation.
        var highBits: UInt8 = 0
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
            highBits |= bytes[index]
            index += 1
        }
        guard index < bytes.count else { throw error("unterminated string") }
        if bytes[index] == UInt8(ascii: "\"") {
            defer { index += 1 }
            let text = UnsafeBufferPointer(start: bytes.baseAddress?.assumingMemoryBound(to: UInt8.self).advanced(by: start), count: index - start)
            return highBits < 0x80 ? String(decoding: text, as: UTF8.self) : try decodeUTF8(text)
        }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: try decodeUTF8(bytes[start..<index]).unicodeScalars)
        var pending = [UInt8]()
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                scalars.append(contentsOf: try decodeUTF8(pending[...]).unicodeScalars)
                index += 1
                return String(scalars)
            }
            guard byte >= 0x20 else { throw error("control character in a string") }
            guard byte == UInt8(ascii: "\\") else {
                pending.append(byte)
                index += 1
                continue
            }
            scalars.append(contentsOf: try decodeUTF8(pending[...]).unicodeScalars)
            pending.removeAll(keepingCapacity: true)
            index += 1
            guard index < bytes.count else { throw error("unterminated escape") }
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"): scalars.append(try readUnicodeEscape())
            default: throw error("unknown escape")
            }
        }
    }

    /// The scalar after `\u`: a high surrogate with a low one escaped right after it is one
    /// scalar. A surrogate without its other half reads as U+FFFD, as browsers and Foundation
    /// read it: one odd character must not make a whole answer unreadable. The escape after a
    /// lone high surrogate is left to be read on its own.
    private mutating func readUnicodeEscape() throws(SyntaxError) -> Unicode.Scalar {
        let decoded = try UTF16Escape.decode(try readHex4()) { () throws(SyntaxError) -> UInt16? in
            guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
            let escape = index
            index += 2
            let unit = try readHex4()
            if !UTF16.isTrailSurrogate(unit) { index = escape }
            return unit
        }
        guard case let .scalar(scalar) = decoded else { return "\u{FFFD}" }
        return scalar
    }

    private mutating func readHex4() throws(SyntaxError) -> UInt16 {
        guard bytes.count - index >= 4 else { throw error("\\u needs four hex digits") }
        var unit: UInt16 = 0
        for _ in 0..<4 {
            guard let digit = HexDigit.value(bytes[index]) else { throw error("\\u needs four hex digits") }
            unit = unit << 4 | UInt16(digit)
            index += 1
        }
        return unit
    }

    private func decodeUTF8(_ slice: some Sequence<UInt8>) throws(SyntaxError) -> String {
        guard let text = String(validating: slice, as: UTF8.self) else { throw error("invalid UTF-8") }
        return text
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func readNumber() throws(SyntaxError) -> Double {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - from
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") else { throw error("unexpected character") }
        if bytes[index] == UInt8(ascii: "0") { index += 1 } else { _ = digits() }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("digits must follow '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw error("digits must follow the exponent") }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else { throw error("unreadable number") }
        return value
    }
}
