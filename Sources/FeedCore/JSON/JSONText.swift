import Foundation

/// Small pieces of JSON text, for writing large or frequent JSON by hand: the caches, the
/// manifest and the sample API write far faster this way than through `JSONEncoder`, and
/// without its intermediate copy of the whole value.
public enum JSONText {
    /// `text` as a JSON string literal, quotes included.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let control where control.value < 0x20: out += String(format: "\\u%04x", control.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A date as `JSONEncoder` writes it by default (seconds since 2001-01-01, exactly).
    public static func date(_ date: Date) -> String {
        "\(date.timeIntervalSinceReferenceDate)"
    }
}
