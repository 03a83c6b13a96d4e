import Foundation

/// The one network seam: GET a URL, stream the body of a 2xx answer into `body`, and deliver
/// the answer's status and the headers the tool uses.
///
/// Implementations throw `HTTPClientError` when no usable answer arrived (its `kind` says
/// which of the two kinds), rethrow what `body` throws, and throw `CancellationError`
/// when the calling task is cancelled, so callers can tell "could not reach" from "cancelled".
public protocol HTTPClient: Sendable {
    func get(_ request: HTTPGet, into body: HTTPBodySink) async throws -> HTTPAnswer
}
