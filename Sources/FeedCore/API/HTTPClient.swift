import Foundation

/// The one network seam: GET a URL, stream the body of a 2xx answer into `body`, and deliver
/// the answer's status and the headers the tool uses. When no answer comes, `get` says which
/// of three ways it failed (`HTTPGetFailure`), so callers can tell "could not reach" from
/// "the body was refused" from "cancelled" without asking an error's type.
public protocol HTTPClient: Sendable {
    func get(_ request: HTTPGet, into body: HTTPBodySink) async throws(HTTPGetFailure) -> HTTPAnswer
    /// Where a task that makes one request after another, each waiting on the one before,
    /// is best run (the client's own thread); `nil` for anywhere.
    var executor: (any TaskExecutor)? { get }
}

extension HTTPClient {
    public var executor: (any TaskExecutor)? { nil }
}

/// Why `HTTPClient.get` delivered no answer.
public enum HTTPGetFailure: Error, Sendable {
    /// No usable answer arrived; the error's `kind` says which of the two kinds.
    case unanswered(HTTPClientError)
    /// The body's sink threw this, which stopped the transfer; passed on unchanged.
    case refusedBySink(any Error)
    /// The calling task was cancelled, or the client shut down.
    case cancelled

    /// `error`, met while getting an answer, as one of the three.
    public init(_ error: any Error) {
        switch error {
        case let failure as HTTPGetFailure: self = failure
        case let unanswered as HTTPClientError: self = .unanswered(unanswered)
        case is CancellationError: self = .cancelled
        default: self = .refusedBySink(error)
        }
    }
}
