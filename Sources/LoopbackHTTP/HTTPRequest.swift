import Foundation

/// A parsed HTTP/1.1 request as the loopback server hands it to its handler.
public struct HTTPRequest: Sendable {
    public let method: String
    /// The request target as sent: path and query, e.g. `/v1/feed?limit=10`.
    public let target: String
    public let headers: [String: String]
    public let body: Data
    /// The port the request came in on (0 when not known), for building absolute URLs when
    /// the client sent no `Host` header.
    public var serverPort: UInt16 = 0

    public init(method: String, target: String, headers: [String: String] = [:], body: Data = Data()) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }

    /// The path without the query, percent-decoded.
    public var path: String {
        let raw = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? target
        return raw.removingPercentEncoding ?? raw
    }

    /// The query's parameters; the last of a repeated name wins.
    public var query: [String: String] {
        guard let components = URLComponents(string: target) else { return [:] }
        var result: [String: String] = [:]
        for item in components.queryItems ?? [] {
            result[item.name] = item.value ?? ""
        }
        return result
    }
}
