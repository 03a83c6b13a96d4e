import Foundation

/// Watches every exchange of the engine as it happens on the wire, for a web archive: each
/// transfer (each try of a request) gets a recording, told on the engine's loop thread, in
/// order, what was sent and received. Without one the engine asks libcurl for none of it.
public protocol HTTPExchangeRecorder: Sendable {
    /// A transfer of `url` begins.
    func begin(_ url: URL) -> any HTTPExchangeRecording
    /// Whether the recorder has fallen behind what ended: the engine starts no new transfer
    /// while it has, so what the recorder holds stays bounded.
    var isBehind: Bool { get }
}

/// One transfer's exchanges: a request's head, then its answer's, for each hop of its
/// redirects, then the last answer's body.
public protocol HTTPExchangeRecording: AnyObject {
    /// The head of a request as sent, its lines ended by CRLF and the blank line after
    /// them; one for each hop.
    func sent(requestHead: UnsafeRawBufferPointer)
    /// A line of an answer's head as received, its line break taken off: a status line
    /// begins an answer (a redirect's, then the next), an empty line ends its head.
    func received(headerLine: String)
    /// Bytes of the last answer's body, decoded as the client asked (gzip, br, zstd), of
    /// any status.
    func received(body: UnsafeRawBufferPointer)
    /// The transfer ended: the address it last reached, its protocol (`HTTP/1.1`, `HTTP/2`),
    /// and why its last answer is not whole, `nil` when it is (or none came).
    func ended(address: String?, protocolName: String?, cut: HTTPExchangeCut?)
}

/// Why a transfer's last answer was not received whole.
public enum HTTPExchangeCut: String, Sendable {
    /// A limit stopped its body: the largest body allowed, or what is read of an error's.
    case length
    /// The time allowed ran out.
    case time
    /// The connection broke.
    case disconnect
    /// Anything else: the transfer was cancelled, or what received the body refused it.
    case unspecified
}
