/// Text made safe for an XML 1.0 document, for the Atom feed and the sitemaps: whatever an
/// item's title or text holds, the document stays well-formed and says exactly that text.
public enum XMLText {
    /// Text for an XML element or a double-quoted attribute: `& < > " '` escaped; characters
    /// XML 1.0 does not allow (C0 controls other than tab, LF, CR; U+FFFE, U+FFFF) dropped,
    /// since no escape can write them and one would make the whole document unreadable.
    ///
    /// Tab, LF and CR are kept as they are. A reader then sees CR LF and a lone CR as LF (XML's
    /// end-of-line handling), and each of the three inside an attribute as a space; the URLs,
    /// tags and types the documents put in attributes have none.
    public static func escaped(_ text: String) -> String {
        var escaped = ""
        append(text, to: &escaped)
        return escaped
    }

    /// Appends `text` to `output`, escaped as `escaped(_:)` does. Text with nothing to change,
    /// by far the most common, is appended whole after one pass over its bytes.
    static func append(_ text: String, to output: inout String) {
        guard text.utf8.contains(where: mayNeedWork) else {
            output += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            case "\t", "\n", "\r": output.unicodeScalars.append(scalar)
            case let control where control.value < 0x20: continue
            case "\u{FFFE}", "\u{FFFF}": continue
            default: output.unicodeScalars.append(scalar)
            }
        }
    }

    /// Whether a UTF-8 byte may start something to escape or drop: a markup character, a
    /// control character, or 0xEF, the lead byte of U+FFFE and U+FFFF (and of other
    /// characters, which the slow path then keeps).
    private static func mayNeedWork(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        case 0x09, 0x0A, 0x0D: false
        case ..<0x20, 0xEF: true
        default: false
        }
    }
}
