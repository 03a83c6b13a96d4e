/// How a command ends: its status and its closing lines. `say(to:)` is the one place closing
/// lines are written, as `ExitCode(_:)` is the one place a status becomes a number. A command
/// still writes what it finds as it goes (a site's files, a cache's rows); its ending is what
/// it says last.
struct CommandEnding: Equatable {
    enum Line: Equatable {
        case error(String)
        case warning(String)
        case info(String)
        /// Only with `--verbose`.
        case detail(String)
        /// A result, on standard output.
        case result(String)
    }

    let status: CommandStatus
    let lines: [Line]

    init(status: CommandStatus, lines: [Line] = []) {
        self.status = status
        self.lines = lines
    }

    /// The exit status the ending makes.
    var code: ExitCode { ExitCode(status) }

    /// It did what was asked; anything it had to say, it said as it went.
    static let done = CommandEnding(status: .done)

    /// It could not do what was asked, for `reason`.
    static func failed(_ reason: String) -> CommandEnding {
        CommandEnding(status: .failed, lines: [.error(reason)])
    }

    /// What it was asked cannot be done, for `reason`; nothing was touched.
    static func refused(_ reason: String) -> CommandEnding {
        CommandEnding(status: .refused, lines: [.error(reason)])
    }

    /// Writes the closing lines through `reporter`, at its verbosity; the status.
    func say(to reporter: Reporter) -> CommandStatus {
        reporter.clearProgress()
        for line in lines {
            switch line {
            case let .error(text): reporter.error(text)
            case let .warning(text): reporter.warning(text)
            case let .info(text): reporter.info(text)
            case let .detail(text): reporter.detail(text)
            case let .result(text): reporter.result(text)
            }
        }
        return status
    }
}
