import FeedCore

/// Why a try produced no answer, in the network's terms rather than the engine's: the kind
/// decides whether it is worth another try (`RetryPolicy`), the reason is what the user reads.
public struct TransportFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable, CaseIterable {
        /// The host refused the connection.
        case refused
        /// No connection for another reason (no route, host unreachable).
        case unreachable
        /// The host's name is unknown (DNS).
        case unknownHost
        /// The proxy could not be found or used.
        case proxy
        /// No connection in time, the whole request too long, or a body too slow.
        case timeout
        /// The connection closed before the answer ended, or without one.
        case closedEarly
        /// The connection was reset.
        case reset
        /// The connection broke off for another reason.
        case connectionLost
        /// An HTTP/2 stream failed while its connection lived on.
        case streamFailed
        /// TLS: an untrusted certificate, a failed handshake, unreadable trusted certificates.
        case tls
        /// A redirect loop, or a redirect to a URL that is not http(s) or carries credentials.
        case badRedirect
        /// Something that is not an HTTP answer, or a body that cannot be decoded.
        case badAnswer
        /// Anything else.
        case other
    }

    public let kind: Kind
    public let reason: String

    public init(_ kind: Kind, _ reason: String) {
        self.kind = kind
        self.reason = reason
    }

    /// What a caller of the client sees: an answer it cannot use for a bad redirect or
    /// answer, no connectivity for everything else.
    public var error: HTTPClientError {
        switch kind {
        case .badRedirect, .badAnswer: HTTPClientError(.invalidAnswer, reason)
        default: HTTPClientError(.connectivity, reason)
        }
    }

    public var description: String { reason }
}
