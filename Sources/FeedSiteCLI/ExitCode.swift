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
    /// The command line was wrong; the usage was printed.
    public static let usage = ExitCode(2)
    /// The site was published, but degraded: the feed from the cache, or some comments or
    /// images unavailable.
    public static let degraded = ExitCode(3)
    /// Ctrl-C or SIGTERM: in-flight work was cancelled and nothing was published.
    public static let interrupted = ExitCode(130)

    public var description: String { String(rawValue) }
}
