public enum HTML {
    /// Replaces `& < > " '` with entities and drops what `DocumentText` drops (control
    /// characters other than tab, LF and CR; noncharacters); everything else passes through.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escape(text, into: &escaped)
        return escaped
    }

    /// Appends `text` to `output`, escaped.
    public static func escape(_ text: String, into output: inout String) {
        DocumentText.appendEscaped(text, to: &output, apostrophe: "&#39;")
    }
}
