/// Where the tool's words go. The library never prints: it writes here, and the
/// executable (or a test) decides what a line becomes.
public protocol Console: Sendable {
    /// Results: the summary, the path of the published site.
    func output(_ line: String)
    /// Errors, warnings and log lines.
    func diagnostic(_ line: String)
    /// A live status line (progress), shown in place on a terminal; `nil` clears it.
    func status(_ line: String?)
    /// Whether `status` lines are shown in place (standard error is a terminal).
    var isInteractive: Bool { get }
}

extension Console {
    /// An error, as every command writes one: `feedsite: error: <message>`.
    func error(_ message: String) {
        diagnostic("feedsite: error: \(message)")
    }

    /// A warning, as every command writes one: `feedsite: warning: <message>`.
    func warning(_ message: String) {
        diagnostic("feedsite: warning: \(message)")
    }
}
