import Foundation

/// What the handler answers: a status, headers and a body, and how the server delivers them.
public struct HTTPResponse: Sendable {
    /// How the server sends a response, or fails to: the fault modes a client is tested against.
    ///
    /// Statuses 204 and 304 never carry a body, so for them `truncated`, `endless` and
    /// `trickle` send the head alone, as `whole` does.
    public enum Delivery: Sendable, Equatable {
        /// The head with `Content-Length`, then the body.
        case whole
        /// Closes the connection without answering, as a server that drops connections.
        case hangUp
        /// Resets the connection (a TCP RST) without answering.
        case reset
        /// The head with the full body's `Content-Length`, then only the body's first
        /// `afterBytes` bytes, then closes the connection.
        case truncated(afterBytes: Int)
        /// The head without `Content-Length`, then the body over and over (16 KiB of `x` when
        /// the body is empty) until the client goes away or the server stops.
        case endless
        /// The head with `Content-Length`, then the body `bytes` bytes at a time with `every`
        /// between pieces; stops early if the client goes away or the server stops.
        case trickle(bytes: Int, every: Duration)
        /// Reads the request and never answers: the connection stays open until the client
        /// closes it or the server stops.
        case hang
    }

    public var status: Int
    public var headers: [String: String]
    public var body: Data
    /// A file sent as the body in place of `body`, read as it goes out. Such a body is
    /// always sent whole: `truncated`, `endless` and `trickle` send it as `whole` does.
    public var bodyFile: HTTPBodyFile?
    /// How the server sends this response: `.whole` unless a test plays a misbehaving server.
    public var delivery: Delivery

    public init(status: Int, headers: [String: String] = [:], body: Data = Data(), delivery: Delivery = .whole) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delivery = delivery
    }

    /// An answer whose body is `file`, sent whole.
    public init(status: Int, headers: [String: String] = [:], file: HTTPBodyFile) {
        self.init(status: status, headers: headers)
        bodyFile = file
    }

    /// Closes the connection without answering.
    public static let hangUp = HTTPResponse(status: 0, delivery: .hangUp)

    public static func json(_ body: Data, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    public static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        json(Data(text.utf8), status: status)
    }

    public static let notFound = HTTPResponse(status: 404, headers: ["Content-Type": "text/plain"], body: Data("not found\n".utf8))

    /// The delivery as carried out: a status without a body sends its head whole, and so
    /// does an answer to `HEAD` (`headOnly`); a body from a file goes whole.
    func effectiveDelivery(headOnly: Bool = false) -> Delivery {
        guard !carriesBody || headOnly || bodyFile != nil else { return delivery }
        switch delivery {
        case .truncated, .endless, .trickle: return .whole
        case .whole, .hangUp, .reset, .hang: return delivery
        }
    }

    /// The body as sent: none for 204 and 304, whatever `body` holds.
    var sentBody: Data {
        carriesBody && bodyFile == nil ? body : Data()
    }

    /// The length of the body as sent: the file's when it comes from one.
    var sentBodyLength: Int {
        guard carriesBody else { return 0 }
        return bodyFile?.length ?? body.count
    }

    /// The status line and headers. `Content-Length` is left out for 304 and for an endless
    /// body, which also closes the connection; 204 says `Content-Length: 0`. For `HEAD`
    /// (`headOnly`) it is the length of the body that `GET` would get.
    func head(keepAlive: Bool, headOnly: Bool = false) -> Data {
        var head = "HTTP/1.1 \(status) \(Self.reason(for: status))\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) where name.lowercased() != "content-length" {
            head += "\(name): \(value)\r\n"
        }
        let endless = effectiveDelivery(headOnly: headOnly) == .endless
        if status != 304 && !endless {
            head += "Content-Length: \(sentBodyLength)\r\n"
        }
        head += keepAlive && !endless ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"
        return Data(head.utf8)
    }

    /// The head and the whole body, as `whole` sends them.
    func serialized(keepAlive: Bool) -> Data {
        var data = head(keepAlive: keepAlive)
        data.append(sentBody)
        return data
    }

    private var carriesBody: Bool {
        status != 204 && status != 304
    }

    static func reason(for status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 425: "Too Early"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status"
        }
    }
}
