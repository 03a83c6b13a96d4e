import Foundation

/// An HTTP answer as the tool sees it: the final status after redirects, the headers it
/// uses, and how many tries it took. The body went to the request's `HTTPBodySink`, and only
/// when the status was 2xx.
public struct HTTPAnswer: Equatable, Sendable {
    public var status: Int
    /// The URL that answered, after redirects.
    public var url: URL
    public var contentType: String?
    public var contentLength: Int?
    public var etag: String?
    public var lastModified: String?
    public var retryAfter: String?
    /// Body bytes delivered to the sink.
    public var bodyBytes: Int
    /// 1 when the first try answered; more when earlier tries were retried.
    public var tries: Int

    public init(
        status: Int, url: URL, contentType: String? = nil, contentLength: Int? = nil, etag: String? = nil, lastModified: String? = nil,
        retryAfter: String? = nil, bodyBytes: Int = 0, tries: Int = 1
    ) {
        self.status = status
        self.url = url
        self.contentType = contentType
        self.contentLength = contentLength
        self.etag = etag
        self.lastModified = lastModified
        self.retryAfter = retryAfter
        self.bodyBytes = bodyBytes
        self.tries = tries
    }

    /// The media type without parameters, lower-cased: `text/html` for `text/html; charset=utf-8`,
    /// the spaces and tabs around it taken off. Found in the field's bytes rather than by
    /// Foundation's `trimmingCharacters`, as every image asks for it (BENCHMARKS.md, "What
    /// each trick buys", row "the media type found in bytes").
    public var mediaType: String? {
        guard let contentType else { return nil }
        let type = contentType.utf8.prefix { $0 != UInt8(ascii: ";") }
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = type.firstIndex(where: { !isBlank($0) }), let last = type.lastIndex(where: { !isBlank($0) }) else { return nil }
        return contentType[first...last].lowercased()
    }
}
