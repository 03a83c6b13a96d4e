import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A remote load that failed, with the URL and which of SPEC §2's two kinds it was.
public struct RemoteLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case connectivity = "connectivity error"
        case invalidData = "invalid data"
    }

    public let kind: Kind
    public let url: URL
    public let reason: String

    public init(kind: Kind, url: URL, reason: String) {
        self.kind = kind
        self.url = url
        self.reason = reason
    }

    public var description: String { "\(kind.rawValue) from \(url.absoluteString): \(reason)" }
}

extension HTTPClient {
    /// GETs `url` and maps the answer, reporting failures as `RemoteLoadError`.
    /// Cancellation passes through as `CancellationError`: it is neither kind of error.
    public func load<T>(_ url: URL, mapping map: (Data, HTTPURLResponse) throws -> T) async throws -> T {
        let data: Data
        let response: HTTPURLResponse
        do {
            (data, response) = try await get(from: url)
        } catch let HTTPClientError.connectivity(reason) {
            throw RemoteLoadError(kind: .connectivity, url: url, reason: reason)
        }
        try Task.checkCancellation()
        do {
            return try map(data, response)
        } catch let error as MappingError {
            throw RemoteLoadError(kind: .invalidData, url: url, reason: error.reason)
        }
    }
}
