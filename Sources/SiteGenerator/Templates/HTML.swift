public enum HTML {
    /// Replaces `& < > " '` with entities and drops what `DocumentText` drops (control
    /// characters other than tab, LF and CR; noncharacters); everything else passes through.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escape(text, into: &escaped)
        return escaped
    }

    /// Appends `text` to `output`, escaped. Text with nothing to escape or drop, by far the
    /// most common, is appended whole after one pass over its bytes.
    public static func escape(_ text: String, into output: inout String) {
        var text = text
        guard text.withUTF8({ DocumentText.needsWork($0, markup: true) }) else {
            output += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            case _ where DocumentText.isDropped(scalar): continue
            default: output.unicodeScalars.append(scalar)
            }
        }
    }
}
