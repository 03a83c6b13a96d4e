import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one network seam: GET a URL, deliver the body and the HTTP response.
///
/// Implementations throw `HTTPClientError.connectivity` for transport failures (no
/// connection, timeout, TLS, reset) and `CancellationError` when the calling task is
/// cancelled, so callers can tell "could not reach" from "cancelled".
public protocol HTTPClient: Sendable {
    func get(from url: URL) async throws -> (Data, HTTPURLResponse)
}

public enum HTTPClientError: Error, Equatable, Sendable {
    /// The request never produced an HTTP response; `reason` says why, in a few words.
    case connectivity(reason: String)
}
