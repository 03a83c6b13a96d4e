public enum HTML {
    /// Replaces `& < > " '` with entities; everything else passes through.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escape(text, into: &escaped)
        return escaped
    }

    /// Appends `text` to `output`, escaped. Text with nothing to escape, by far the most
    /// common, is appended whole after one pass over its bytes.
    public static func escape(_ text: String, into output: inout String) {
        var text = text
        let needsEscaping = text.withUTF8 { bytes in
            bytes.contains {
                $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'")
            }
        }
        guard needsEscaping else {
            output += text
            return
        }
        for character in text.unicodeScalars {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.unicodeScalars.append(character)
            }
        }
    }
}
