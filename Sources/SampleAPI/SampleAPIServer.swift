import Basics
import FeedCore
import Foundation
import Hashing
import LoopbackHTTP
import Synchronization

/// The Essential Feed API played on 127.0.0.1 from a `SampleFeedSource`, for `feedsite
/// demo`, the integration tests and the benchmark:
///
///     GET /v1/feed?limit=N[&after_id=ID]   a page of items, keyset-paginated
///     GET /v1/image/<ID>/comments          the item's comments, with an ETag; 304 when
///                                          If-None-Match names the current one
///     GET /images/<name>                   image bytes
///
/// Image URLs in the feed are absolute, built from the request's `Host` header. Async code
/// awaits `stop()`; a server released without it stops as it goes, waiting on the thread
/// that let go of it last.
public final class SampleAPIServer: Sendable {
    /// How many requests of each kind the server answered, and the bytes it sent.
    public struct RequestCounts: Equatable, Sendable {
        public var feed = 0
        public var comments = 0
        public var images = 0
        public var other = 0
        public var bodyBytes = 0

        public var total: Int { feed + comments + images + other }

        public init(feed: Int = 0, comments: Int = 0, images: Int = 0, other: Int = 0, bodyBytes: Int = 0) {
            self.feed = feed
            self.comments = comments
            self.images = images
            self.other = other
            self.bodyBytes = bodyBytes
        }
    }

    private final class Tally: Sendable {
        let counts = Mutex(RequestCounts())
    }

    private let server: LoopbackHTTPServer
    private let tally = Tally()

    /// `intercept` may answer a request before the sample API does (return `nil` to pass),
    /// so tests can make one endpoint fail.
    public convenience init(source: SampleFeedSource, port: UInt16 = 0, intercept: (@Sendable (HTTPRequest) -> HTTPResponse?)? = nil) throws {
        try self.init(source: source, intercept: intercept) { handler in try LoopbackHTTPServer(port: port, handler: handler) }
    }

    /// As the public initializer, with the loopback server started by `listen` on the
    /// handler given: a test starts one whose listening socket it watches.
    init(
        source: SampleFeedSource, intercept: (@Sendable (HTTPRequest) -> HTTPResponse?)?,
        listen: (@escaping LoopbackHTTPServer.Handler) throws -> LoopbackHTTPServer
    ) throws {
        let handler = Self.handler(for: source)
        let tally = self.tally
        self.server = try listen { request in
            let response = intercept?(request) ?? handler(request)
            tally.counts.withLock { counts in
                let path = request.path
                if path.hasSuffix("/feed") {
                    counts.feed += 1
                } else if path.hasSuffix("/comments") {
                    counts.comments += 1
                } else if path.hasPrefix("/images/") {
                    counts.images += 1
                } else {
                    counts.other += 1
                }
                counts.bodyBytes += response.body.count
            }
            return response
        }
    }

    /// `http://127.0.0.1:PORT/v1`: what `--api` takes.
    public var apiRoot: URL { server.baseURL.appendingPathComponent("v1") }

    public var port: UInt16 { server.port }

    public var requestCounts: RequestCounts { tally.counts.withLock { $0 } }

    /// Switches the API off: the port refuses connections from now on. The waiting is done
    /// on a thread of its own, so the awaiting task holds none of the threads that run tasks.
    public func stop() async {
        await server.stop()
    }

    /// `stop()` for a caller that cannot await (a `defer`, a handler, code that is not
    /// `async`): the same, waiting on the calling thread.
    public func stop() {
        server.stop()
    }

    public static func handler(for source: SampleFeedSource) -> LoopbackHTTPServer.Handler {
        { request in
            guard request.method == "GET" else { return HTTPResponse(status: 405) }
            let path = request.path
            if path == "/v1/feed" {
                return feedPage(request, source: source)
            }
            let parts = path.split(separator: "/")
            if parts.count == 4, parts[0] == "v1", parts[1] == "image", parts[3] == "comments" {
                guard let id = UUID(text: String(parts[2])), let index = source.index(of: id) else { return .notFound }
                let body = Data(commentsJSON(source.comments(forItemAt: index)).utf8)
                let etag = entityTag(of: body)
                if request.headers["if-none-match"] == etag {
                    return HTTPResponse(status: 304, headers: ["ETag": etag])
                }
                var response = HTTPResponse.json(body)
                response.headers["ETag"] = etag
                return response
            }
            if let bytes = source.image(at: path) {
                return HTTPResponse(status: 200, headers: ["Content-Type": path.hasSuffix(".jpg") ? "image/jpeg" : "image/png"], body: Data(bytes))
            }
            return .notFound
        }
    }

    private static func feedPage(_ request: HTTPRequest, source: SampleFeedSource) -> HTTPResponse {
        let query = request.query
        guard let limit = Int(query["limit"] ?? "10"), limit > 0 else {
            return .json(#"{"error":"limit must be a positive number"}"#, status: 400)
        }
        var start = 0
        if let after = query["after_id"] {
            guard let id = UUID(text: after), let index = source.index(of: id) else {
                return .json(#"{"error":"unknown after_id"}"#, status: 400)
            }
            start = index + 1
        }
        let end = min(source.itemCount, start + limit)
        let host = request.headers["host"] ?? "127.0.0.1:\(request.serverPort)"
        let items = (start..<max(start, end)).map { index -> String in
            let item = source.item(at: index)
            let imageURL = "http://" + host + item.imagePath
            var fields = [#""id":\#(JSONText.quoted(item.id.text))"#, #""image":\#(JSONText.quoted(imageURL))"#]
            if let description = item.description { fields.append(#""description":\#(JSONText.quoted(description))"#) }
            if let location = item.location { fields.append(#""location":\#(JSONText.quoted(location))"#) }
            return "{" + fields.joined(separator: ",") + "}"
        }
        return .json(#"{"items":["# + items.joined(separator: ",") + "]}")
    }

    /// A strong entity tag that changes whenever the bytes do: FNV-1a, 64 bits, in hex.
    static func entityTag(of body: Data) -> String {
        "\"" + String(FNV1a.hash(body), radix: 16) + "\""
    }

    private static func commentsJSON(_ comments: [ImageComment]) -> String {
        let items = comments.map { comment in
            let date = ISO8601Date.format(comment.createdAt).replacingOccurrences(of: "Z", with: "+0000")
            return
                #"{"id":\#(JSONText.quoted(comment.id.text)),"message":\#(JSONText.quoted(comment.message)),"created_at":"\#(date)","author":{"username":\#(JSONText.quoted(comment.username))}}"#
        }
        return #"{"items":["# + items.joined(separator: ",") + "]}"
    }
}
