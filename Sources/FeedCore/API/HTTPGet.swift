import Foundation

/// What to GET, and the limits of its answer.
public struct HTTPGet: Equatable, Sendable {
    public var url: URL
    /// Extra request headers, `Name: value`.
    public var headers: [String]
    /// The most body bytes accepted; past it the transfer stops and fails naming `limitName`.
    public var maxBodyBytes: Int
    /// How the error names the limit: "for API answers", "(--max-image-bytes)".
    public var limitName: String
    /// Offer every content encoding the HTTP library can decode (gzip, br, zstd).
    public var acceptsCompression: Bool

    public init(url: URL, headers: [String] = [], maxBodyBytes: Int, limitName: String, acceptsCompression: Bool = false) {
        self.url = url
        self.headers = headers
        self.maxBodyBytes = maxBodyBytes
        self.limitName = limitName
        self.acceptsCompression = acceptsCompression
    }

    /// An API answer may be at most 16 MiB, decoded.
    public static let apiAnswerLimit = 16 * 1024 * 1024

    /// An API request: compressed answers accepted, at most `apiAnswerLimit` bytes.
    public static func api(_ url: URL, headers: [String] = []) -> HTTPGet {
        HTTPGet(url: url, headers: headers, maxBodyBytes: apiAnswerLimit, limitName: "for API answers", acceptsCompression: true)
    }

    /// The largest image accepted unless `--max-image-bytes` says otherwise: 64 MiB.
    public static let defaultImageLimit = 64 * 1024 * 1024

    /// An image request: at most `maxBodyBytes` bytes, the limit `--max-image-bytes` sets.
    public static func image(_ url: URL, maxBodyBytes: Int = defaultImageLimit) -> HTTPGet {
        HTTPGet(url: url, maxBodyBytes: maxBodyBytes, limitName: "(--max-image-bytes)")
    }
}
