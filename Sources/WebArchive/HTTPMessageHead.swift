/// The head of an HTTP answer as a WARC `response` record holds it: an HTTP/1.1 message
/// whatever the protocol on the wire, as archiving tools write them (the record names the
/// protocol). The fields stay as received, in order, but those that describe bytes the
/// record does not hold: the body is kept as the client decoded it, so `Content-Encoding`
/// and `Transfer-Encoding` go and `Content-Length` says the decoded length.
public enum HTTPMessageHead {
    /// The head, ending with its blank line, for the status line and field lines received
    /// (`HTTP/2 200`, `content-type: image/png` …; line breaks already taken off) and a body
    /// of `bodyLength` decoded bytes; `nil` for a head without a status line.
    public static func response(_ lines: [String], bodyLength: Int) -> String? {
        guard let statusLine = lines.first, let status = status(of: statusLine) else { return nil }
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        let reason = parts.count > 2 ? String(parts[2]) : reasons[status] ?? ""
        var head = "HTTP/1.1 \(status)" + (reason.isEmpty ? "" : " " + reason) + "\r\n"
        var hadLength = false
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            switch line[..<colon].lowercased() {
            case "content-encoding", "transfer-encoding": continue
            case "content-length":
                hadLength = true
                head += "\(line[..<colon]): \(bodyLength)\r\n"
            default:
                head += line + "\r\n"
            }
        }
        if !hadLength { head += "Content-Length: \(bodyLength)\r\n" }
        return head + "\r\n"
    }

    /// The status code of an HTTP status line (`HTTP/1.1 404 Not Found`, `HTTP/2 200`).
    public static func status(of line: String) -> Int? {
        let parts = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), parts[1].count == 3, let code = Int(parts[1]) else { return nil }
        return code
    }

    /// Reason phrases for the statuses an HTTP/2 answer, which has none, is likely to have.
    static let reasons: [Int: String] = [
        200: "OK", 204: "No Content", 206: "Partial Content", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        307: "Temporary Redirect", 308: "Permanent Redirect", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
        410: "Gone", 429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout",
    ]
}
