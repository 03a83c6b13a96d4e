extension HTMLText {
    /// The words a reader sees in the page's `<main>` (its `<body>` when it has none), in
    /// order: tags dropped, scripts, styles and templates left out, character references
    /// decoded, white space collapsed; at most `limit` characters, cut between words.
    public static func visibleText(in bytes: UnsafeRawBufferPointer, limit: Int) -> String {
        let part = element("main", in: bytes) ?? element("body", in: bytes) ?? 0..<bytes.count
        var text: [UInt8] = []
        var at = part.lowerBound
        while at < part.upperBound {
            let byte = bytes[at]
            guard byte == UInt8(ascii: "<") else {
                text.append(byte)
                at += 1
                continue
            }
            text.append(UInt8(ascii: " "))
            if bytes.count > at + 3, bytes[at + 1] == UInt8(ascii: "!"), bytes[at + 2] == UInt8(ascii: "-"), bytes[at + 3] == UInt8(ascii: "-") {
                at = firstIndex(of: Array("-->".utf8), in: bytes, from: at + 4).map { $0 + 3 } ?? part.upperBound
                continue
            }
            let name = tagName(in: bytes, at: at + 1)
            var resume = at + 1
            if hidden.contains(name), let end = firstIndex(of: Array("</\(name)".utf8), in: bytes, from: at + 1) {
                resume = end + name.utf8.count + 2
            }
            at = tagEnd(in: bytes, from: resume, before: part.upperBound)
        }
        let words = collapsingSpace(decoded(String(decoding: text, as: UTF8.self)))
        guard words.count > limit else { return words }
        let cut = words.prefix(limit)
        return String(cut.lastIndex(of: " ").map { cut[..<$0] } ?? cut)
    }

    /// Elements whose content a reader does not see as text.
    private static let hidden: Set<String> = ["script", "style", "noscript", "template", "svg"]

    /// The bytes inside the first element `name` (after its start tag, before its end tag).
    private static func element(_ name: String, in bytes: UnsafeRawBufferPointer) -> Range<Int>? {
        var from = 0
        while let open = firstIndex(of: Array("<\(name)".utf8), in: bytes, from: from) {
            let after = open + name.utf8.count + 1
            guard after < bytes.count else { return nil }
            // `<main` and not `<mainland`.
            if [UInt8(ascii: ">"), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "/")].contains(bytes[after]) {
                let start = tagEnd(in: bytes, from: after, before: bytes.count)
                let end = firstIndex(of: Array("</\(name)".utf8), in: bytes, from: start) ?? bytes.count
                return start..<end
            }
            from = after
        }
        return nil
    }

    /// The tag's name at `at` (just past its `<`), in lower case; empty for an end tag or
    /// anything else.
    private static func tagName(in bytes: UnsafeRawBufferPointer, at: Int) -> String {
        var name: [UInt8] = []
        var index = at
        while index < bytes.count, name.count < 16 {
            let byte = lowercased(bytes[index])
            guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (name.count > 0 && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte))
            else { break }
            name.append(byte)
            index += 1
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// Just past the `>` that ends the tag going on at `from`, quoted values passed over.
    private static func tagEnd(in bytes: UnsafeRawBufferPointer, from: Int, before end: Int) -> Int {
        var index = from
        var quote: UInt8?
        while index < end {
            let byte = bytes[index]
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return index
            }
        }
        return end
    }
}
