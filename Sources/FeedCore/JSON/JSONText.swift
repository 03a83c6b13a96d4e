import Foundation

/// Small pieces of JSON text, for writing large or frequent JSON by hand: the caches, the
/// manifest and the sample API write faster this way than through `JSONEncoder`
/// (BENCHMARKS.md, "What each trick buys", row 5), and without its intermediate copy of the
/// whole value.
public enum JSONText {
    /// `text` as a JSON string literal, quotes included.
    ///
    /// Works on the UTF-8 bytes: the characters to escape are all ASCII, and no byte of a
    /// longer character is ASCII. Text with nothing to escape, most of it, is copied whole.
    /// What that buys over appending a Unicode scalar at a time: BENCHMARKS.md, "Exported
    /// data (issue 18)".
    public static func quoted(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            return "\"" + text + "\""
        }
        var out: [UInt8] = [UInt8(ascii: "\"")]
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case ..<0x20: out += Array(String(format: "\\u%04x", byte).utf8)
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
        return String(decoding: out, as: UTF8.self)
    }

    /// A date as `JSONEncoder` writes it by default (seconds since 2001-01-01, exactly).
    public static func date(_ date: Date) -> String {
        "\(date.timeIntervalSinceReferenceDate)"
    }
}
