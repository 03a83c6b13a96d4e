/// A line as the terminal gets it. Messages quote what others wrote (an id or a URL from the
/// API, a server's header, a file name), and a control character in one could move the
/// cursor, recolour or retitle the terminal, or hide the text before it: each control
/// character other than line feed and tab is written out as an escape instead (`\x1b`,
/// `\u0085`), so the line shows what was there.
enum TerminalText {
    static func safe(_ line: String) -> String {
        guard line.unicodeScalars.contains(where: isControl) else { return line }
        var shown = ""
        for scalar in line.unicodeScalars {
            guard isControl(scalar) else {
                shown.unicodeScalars.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            shown += scalar.value < 0x80 ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex : "\\u00" + hex
        }
        return shown
    }

    /// C0 controls other than line feed and tab, DEL, and C1 controls.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: false
        case ..<0x20, 0x7F...0x9F: true
        default: false
        }
    }
}
