/// Why a response was not valid data; the mappers throw it, callers add the URL.
public struct MappingError: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
