/// What a page says in words: its `<title>`, and the text a reader sees in it, read from its
/// bytes without a parser: what a ZIM entry is listed by (so a reader's search box finds a
/// photo's page by its title), and what a WACZ's pages list offers a replay's search.
public enum HTMLText {
    /// The title, its character references decoded and its white space collapsed; `nil`
    /// when the bytes hold no `<title>` element, or an empty one.
    public static func title(in bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        let open = Array("<title".utf8)
        let close = Array("</title".utf8)
        guard let tag = firstIndex(of: open, in: bytes, from: 0),
            let start = (tag + open.count..<bytes.count).first(where: { bytes[$0] == UInt8(ascii: ">") }).map({ $0 + 1 }),
            let end = firstIndex(of: close, in: bytes, from: start)
        else { return nil }
        let text = collapsingSpace(decoded(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)))
        return text.isEmpty ? nil : Array(text.utf8)
    }

    static func firstIndex(of needle: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            var matches = true
            for offset in 0..<needle.count where lowercased(bytes[index + offset]) != needle[offset] {
                matches = false
                break
            }
            if matches { return index }
            index += 1
        }
        return nil
    }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    static func collapsingSpace(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    private static let named: [Substring: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}"]

    /// `&amp;`, `&#39;`, `&#x27;` and the like as the characters they stand for; anything
    /// else left as it is.
    public static func decoded(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semicolon = after.prefix(10).firstIndex(of: ";") else {
                result += "&"
                rest = after
                continue
            }
            let name = after[..<semicolon]
            if let character = character(for: name) {
                result += character
                rest = after[after.index(after: semicolon)...]
            } else {
                result += "&"
                rest = after
            }
        }
        return result + rest
    }

    private static func character(for name: Substring) -> String? {
        if let known = named[name] { return known }
        guard name.first == "#" else { return nil }
        let digits = name.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }
}
