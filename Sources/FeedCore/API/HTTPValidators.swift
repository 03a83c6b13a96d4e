/// What identifies the version of an answer a server sent (`ETag`, `Last-Modified`), kept
/// with the cached copy so the next request can ask "has it changed?" and get a 304.
public struct HTTPValidators: Equatable, Sendable {
    public let etag: String?
    public let lastModified: String?

    /// `nil` when there is neither.
    public init?(etag: String?, lastModified: String?) {
        guard etag != nil || lastModified != nil else { return nil }
        self.etag = etag
        self.lastModified = lastModified
    }

    public init?(_ answer: HTTPAnswer) {
        self.init(etag: answer.etag, lastModified: answer.lastModified)
    }

    /// `If-None-Match` and `If-Modified-Since`, for the validators there are.
    public var conditionalHeaders: [String] {
        var headers: [String] = []
        if let etag { headers.append("If-None-Match: \(etag)") }
        if let lastModified { headers.append("If-Modified-Since: \(lastModified)") }
        return headers
    }
}
