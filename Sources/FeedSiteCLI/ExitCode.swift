/// The process exit status, the one place the exit codes are defined.
public struct ExitCode: Equatable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(_ rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The site was published from live data.
    public static let success = ExitCode(0)
    /// Nothing was published: the feed was unavailable, the output not writable, …
    public static let failure = ExitCode(1)
    /// The command line, or a place it names, cannot be used; nothing was touched.
    public static let usage = ExitCode(2)
    /// The site was published, but degraded: the feed from the cache, or some comments or
    /// images unavailable.
    public static let degraded = ExitCode(3)
    /// Ctrl-C or SIGTERM: in-flight work was cancelled and nothing was published.
    public static let interrupted = ExitCode(130)

    public var description: String { String(rawValue) }

    /// The exit status of a command that ended so: the one place any command's outcome
    /// becomes a number.
    public init(_ status: CommandStatus) {
        self =
            switch status {
            case .done: .success
            case .degraded: .degraded
            case .refused: .usage
            case .failed: .failure
            case .interrupted: .interrupted
            }
    }
}

/// How a command ended, whichever command it was.
public enum CommandStatus: Equatable, Sendable {
    /// It did what was asked (a site published from live data, a check that passed).
    case done
    /// A site was published, but degraded.
    case degraded
    /// The command line, or a place it names, cannot be used; nothing was touched.
    case refused
    /// It could not do what was asked.
    case failed
    /// Ctrl-C or SIGTERM stopped it.
    case interrupted

    /// `.refused` when what went wrong is what was asked for (`isUsage`), else `.failed`.
    static func refusedOrFailed(_ isUsage: Bool) -> CommandStatus {
        isUsage ? .refused : .failed
    }
}
