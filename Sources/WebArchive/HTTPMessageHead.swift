import Basics

/// The head of an HTTP answer as a WARC `response` record holds it: an HTTP/1.1 message
/// whatever the protocol on the wire, as archiving tools write them (the record names the
/// protocol). The fields stay as received, in order, but those that describe bytes the
/// record does not hold: the body is kept as the client decoded it, so `Content-Encoding`
/// and `Transfer-Encoding` go and `Content-Length` says the decoded length.
public enum HTTPMessageHead {
    /// The head, ending with its blank line, for the status line and field lines received
    /// (`HTTP/2 200`, `content-type: image/png` …; line breaks already taken off) and a body
    /// of `bodyLength` decoded bytes; `nil` for a head without a status line. As bytes, as
    /// the record takes it (BENCHMARKS.md, "What each trick buys", row "web archive heads
    /// written as bytes").
    public static func response(_ lines: [String], bodyLength: Int) -> [UInt8]? {
        guard let statusLine = lines.first, let status = status(of: statusLine) else { return nil }
        var head: [UInt8] = []
        head.reserveCapacity(lines.reduce(32) { $0 + $1.utf8.count + 2 })
        head += "HTTP/1.1 \(status)".utf8
        let parts = statusLine.utf8.split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: true)
        if parts.count > 2 {
            head.append(UInt8(ascii: " "))
            head += parts[2]
        } else if let reason = reasons[status] {
            head += " \(reason)".utf8
        }
        head += "\r\n".utf8
        var hadLength = false
        for line in lines.dropFirst() {
            guard let colon = line.utf8.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = line.utf8[..<colon]
            if isField(name, "content-encoding") || isField(name, "transfer-encoding") { continue }
            if isField(name, "content-length") {
                hadLength = true
                head += name
                head += ": \(bodyLength)\r\n".utf8
            } else {
                head += line.utf8
                head += "\r\n".utf8
            }
        }
        if !hadLength { head += "Content-Length: \(bodyLength)\r\n".utf8 }
        head += "\r\n".utf8
        return head
    }

    /// The value of the field `name` (in lower case) among an answer's head lines, the
    /// status line first, spaces around it taken off.
    public static func field(_ name: String, in lines: [String]) -> String? {
        let length = name.utf8.count
        for line in lines.dropFirst() {
            let bytes = line.utf8
            // Most lines are turned down at their length or their first byte.
            guard bytes.count > length, let first = bytes.first, ASCII.lowercased(first) == name.utf8.first else { continue }
            let colon = bytes.index(bytes.startIndex, offsetBy: length)
            guard bytes[colon] == UInt8(ascii: ":"), isField(bytes[..<colon], name) else { continue }
            let value = bytes[bytes.index(after: colon)...].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            let end = value.lastIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }.map(bytes.index(after:)) ?? value.startIndex
            return String(decoding: value[..<end], as: UTF8.self)
        }
        return nil
    }

    /// The status code of an HTTP status line (`HTTP/1.1 404 Not Found`, `HTTP/2 200`).
    /// Asked of every line of every head: a field line is turned down at its first byte.
    /// Just past the blank line that ends a head (a WARC record's or an HTTP message's) at
    /// the start of `bytes`; `nil` when there is none.
    static func endOfHead(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for at in 0...(bytes.count - 4)
        where bytes[at] == 13 && bytes[at + 1] == 10 && bytes[at + 2] == 13 && bytes[at + 3] == 10 {
            return at + 4
        }
        return nil
    }

    public static func status(of line: String) -> Int? {
        guard line.utf8.starts(with: "HTTP/".utf8) else { return nil }
        let parts = line.utf8.split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: true)
        guard parts.count >= 2, parts[1].count == 3, parts[1].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return parts[1].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// Whether a field's name is `lowercaseName`, in any case.
    private static func isField(_ name: Substring.UTF8View, _ lowercaseName: String) -> Bool {
        name.count == lowercaseName.utf8.count && zip(name, lowercaseName.utf8).allSatisfy { ASCII.lowercased($0) == $1 }
    }

    /// Reason phrases for the statuses an HTTP/2 answer, which has none, is likely to have.
    static let reasons: [Int: String] = [
        200: "OK", 204: "No Content", 206: "Partial Content", 301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified",
        307: "Temporary Redirect", 308: "Permanent Redirect", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
        410: "Gone", 429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable",
        504: "Gateway Timeout",
    ]
}
