import Foundation

/// Small pieces of JSON text, for writing large or frequent JSON by hand: the caches, the manifest
/// and the sample API write faster this way than through `JSONEncoder` (BENCHMARKS.md, "What each
/// trick buys", row "cache elements written by hand"), and without its intermediate copy of the
/// whole value.
public enum JSONText {
    /// `text` as a JSON string literal, quotes included.
    ///
    /// Works on the UTF-8 bytes: the characters to escape are all ASCII, and no byte of a
    /// longer character is ASCII. Text with nothing to escape, most of it, is copied whole.
    /// What that buys over appending a Unicode scalar at a time: BENCHMARKS.md, "Exported
    /// data".
    public static func quoted(_ text: String) -> String {
        guard needsEscaping(text, lineSeparators: false) else {
            return "\"" + text + "\""
        }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` as a JSON string literal, or `null` when there is none.
    public static func quotedOrNull(_ text: String?) -> String {
        text.map(quoted) ?? "null"
    }

    /// Appends `text` to `out` as a JSON string literal, quotes included; with
    /// `escapingLineSeparators`, U+2028 and U+2029 are escaped too, which JSON takes raw but
    /// JavaScript before ES2019 reads as the end of a line.
    public static func appendQuoted(_ text: String, to out: inout [UInt8], escapingLineSeparators: Bool = false) {
        out.append(UInt8(ascii: "\""))
        // Most text has nothing to escape: copied whole (BENCHMARKS.md, "Search").
        guard needsEscaping(text, lineSeparators: escapingLineSeparators) else {
            out.append(contentsOf: text.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case ..<0x20: out += Array(String(format: "\\u%04x", byte).utf8)
            // U+2028 and U+2029 are E2 80 A8 and E2 80 A9: the two bytes before are already out.
            case 0xA8 where escapingLineSeparators && previous == (0xE2, 0x80), 0xA9 where escapingLineSeparators && previous == (0xE2, 0x80):
                out.removeLast(2)
                out += Array((byte == 0xA8 ? "\\u2028" : "\\u2029").utf8)
            default: out.append(byte)
            }
            previous = (previous.1, byte)
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Whether `text` holds a byte to escape: a control character, a quote, a backslash, or
    /// with `lineSeparators` the lead byte of U+2028 and U+2029 (which other characters
    /// share, so it is a maybe).
    private static func needsEscaping(_ text: String, lineSeparators: Bool) -> Bool {
        let separatorLead: UInt8 = lineSeparators ? 0xE2 : 0
        let needs = { (byte: UInt8) in byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == separatorLead }
        // A native string's bytes are read where they lie, not through its index
        // (BENCHMARKS.md, "What each trick buys", row "a capture read where it lies").
        return text.utf8.withContiguousStorageIfAvailable { $0.contains(where: needs) } ?? text.utf8.contains(where: needs)
    }

    /// A date as `JSONEncoder` writes it by default (seconds since 2001-01-01, exactly).
    public static func date(_ date: Date) -> String {
        "\(date.timeIntervalSinceReferenceDate)"
    }
}
