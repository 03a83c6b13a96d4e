/// Text made safe for an XML 1.0 document, for the Atom feed and the sitemaps: whatever an
/// item's title or text holds, the document stays well-formed and says exactly that text.
public enum XMLText {
    /// Text for an XML element or a double-quoted attribute: `& < > " '` escaped; what
    /// `DocumentText` drops from every page and feed dropped, which covers the characters XML
    /// 1.0 does not allow (C0 controls other than tab, LF, CR; U+FFFE, U+FFFF), since no
    /// escape can write them and one would make the whole document unreadable.
    ///
    /// Tab, LF and CR are kept as they are. A reader then sees CR LF and a lone CR as LF (XML's
    /// end-of-line handling), and each of the three inside an attribute as a space; the URLs,
    /// tags and types the documents put in attributes have none.
    public static func escaped(_ text: String) -> String {
        var escaped = ""
        append(text, to: &escaped)
        return escaped
    }

    /// Appends `text` to `output`, escaped as `escaped(_:)` does.
    static func append(_ text: String, to output: inout String) {
        DocumentText.appendEscaped(text, to: &output, apostrophe: "&apos;")
    }
}
