/// A command line that cannot be run; printed with the usage, exit status 2.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
