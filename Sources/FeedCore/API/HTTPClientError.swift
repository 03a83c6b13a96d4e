/// A request that produced no usable answer, in plain words: "connection refused",
/// "timed out after 30 s", "answer larger than the 16 MiB limit for API answers".
public struct HTTPClientError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// No answer: no connection, a timeout, TLS, a reset, a host taken as down.
        case connectivity
        /// An answer that cannot be used: too large, undecodable, a redirect loop.
        case invalidAnswer
    }

    public let kind: Kind
    public let reason: String

    public init(_ kind: Kind, _ reason: String) {
        self.kind = kind
        self.reason = reason
    }

    public static func connectivity(_ reason: String) -> HTTPClientError {
        HTTPClientError(.connectivity, reason)
    }

    public var description: String { reason }
}
