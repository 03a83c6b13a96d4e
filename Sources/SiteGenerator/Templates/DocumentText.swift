/// The one rule for text from the API in what a reader sees: the pages, the search results,
/// the JSON and Atom feeds. Characters that no page or feed may hold are dropped: the control
/// characters other than tab, line feed and carriage return (C0 with form feed, DEL and C1,
/// which HTML reads as errors and XML 1.0 cannot hold or discourages), and the noncharacters
/// (U+FDD0 to U+FDEF and the last two code points of every plane, U+FFFE and U+FFFF among
/// them). Form feed goes too, although HTML takes it, so that the pages and the feeds say the
/// same text.
///
/// The exported data and the caches keep the API's text exactly: JSON can write any
/// character.
public enum DocumentText {
    /// Whether the rule drops `scalar`.
    public static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case ..<0x20, 0x7F...0x9F, 0xFDD0...0xFDEF: true
        default: scalar.value & 0xFFFE == 0xFFFE
        }
    }

    /// `text` without the characters the rule drops; `text` itself when it holds none.
    public static func cleaned(_ text: String) -> String {
        var text = text
        guard text.withUTF8({ needsWork($0, markup: false) }) else { return text }
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isDropped(scalar) {
            kept.append(scalar)
        }
        return String(kept)
    }

    /// Whether the UTF-8 `bytes` hold a character the rule drops or, with `markup`, one of
    /// `& < > " '`, which HTML and XML escape: one pass over the bytes, so that text with
    /// nothing to change, by far the most common, is copied whole by the writers. An ASCII
    /// byte is looked up in a bit mask, one shift a byte: the test of each byte against each
    /// character made escaping the hottest part of an unchanged render (BENCHMARKS.md,
    /// "The safety checks of an unchanged render").
    @inline(__always)
    static func needsWork(_ bytes: UnsafeBufferPointer<UInt8>, markup: Bool) -> Bool {
        // Bytes 0 to 63: the C0 controls but tab, LF and CR, and with `markup` `" & ' < >`.
        let controls: UInt64 = 0xFFFF_FFFF & ~(1 << 0x09 | 1 << 0x0A | 1 << 0x0D)
        let low = markup ? controls | 1 << 0x22 | 1 << 0x26 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E : controls
        // Bytes 64 to 127: DEL.
        let high: UInt64 = 1 << (0x7F - 64)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x40 {
                if low >> byte & 1 != 0 { return true }
            } else if byte < 0x80 {
                if high >> (byte - 0x40) & 1 != 0 { return true }
            } else if byte == 0xC2 || byte >= 0xEF, startsDropped(bytes, at: index) {
                return true
            }
            index += 1
        }
        return false
    }

    /// Whether the character whose first byte is at `index` is a dropped one of more than one
    /// byte: C1 (C2 80 to C2 9F), U+FDD0 to U+FDEF (EF B7 90 to EF B7 AF), U+FFFE and U+FFFF
    /// (EF BF BE, EF BF BF), or a supplementary plane's last two (F0 to F4, then a byte whose
    /// low four bits are all set, then BF, then BE or BF).
    private static func startsDropped(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let left = bytes.count - index
        switch bytes[index] {
        case 0xC2:
            return left >= 2 && bytes[index + 1] <= 0x9F
        case 0xEF:
            guard left >= 3 else { return false }
            let (second, third) = (bytes[index + 1], bytes[index + 2])
            return (second == 0xB7 && third >= 0x90 && third <= 0xAF) || (second == 0xBF && third >= 0xBE)
        case 0xF0...0xF4:
            return left >= 4 && bytes[index + 1] & 0x0F == 0x0F && bytes[index + 2] == 0xBF && bytes[index + 3] >= 0xBE
        default:
            return false
        }
    }

    /// Appends `text` to `output` with `& < > " '` as entities (`'` as `apostrophe`: HTML's
    /// `&#39;`, XML's `&apos;`) and what `isDropped` drops dropped. Text with nothing to
    /// change, by far the most common, is appended whole after one pass over its bytes.
    static func appendEscaped(_ text: String, to output: inout String, apostrophe: String) {
        var text = text
        guard text.withUTF8({ needsWork($0, markup: true) }) else {
            output += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += apostrophe
            case _ where isDropped(scalar): continue
            default: output.unicodeScalars.append(scalar)
            }
        }
    }
}
