/// A command line that cannot be run: exit status 2, printed as its one line and where to
/// read what the command takes.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String
    /// The command the line was for (`generate`, `history prune`), once known; `nil` when
    /// no command could be read.
    public internal(set) var command: String?

    public init(_ description: String, command: String? = nil) {
        self.description = description
        self.command = command
    }

    /// The line printed after the error: the help of the command, else the list of commands.
    public var hint: String {
        if let command { "run 'feedsite \(command) --help' for its options" } else { "run 'feedsite --help' for the commands" }
    }

    /// The error, told of the command it was for unless it already knows one.
    func about(_ command: String) -> UsageError {
        UsageError(description, command: self.command ?? command)
    }
}
