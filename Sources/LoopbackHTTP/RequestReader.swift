import Foundation

/// Cuts HTTP/1.1 requests out of the bytes a connection delivers; pure, so tests can feed
/// it bytes in any split.
///
/// What it holds is bounded: a head larger than `maxHeaderBytes` and a body larger than
/// `maxBodyBytes` are refused as soon as their size is known, before the body is read.
struct RequestReader {
    enum Result {
        case needMoreBytes
        case request(HTTPRequest, keepAlive: Bool)
    }

    /// A request answered by the server itself, with `status`, and never handed on: the
    /// connection closes after the answer.
    struct Refusal: Error, Equatable, CustomStringConvertible {
        let status: Int
        let description: String

        static func badRequest(_ reason: String) -> Refusal {
            Refusal(status: 400, description: reason)
        }
    }

    private var buffer: [UInt8] = []
    /// Where the request being read begins in `buffer`; the bytes before it were delivered,
    /// and are dropped at the next `append`, once for all the requests a read held.
    private var start = 0
    /// How many bytes from `start` on the search for the head's end has looked at.
    private var scanned = 0
    /// The head of the request being read, parsed once while its body arrives.
    private var pending: Head?
    private let maxHeaderBytes: Int
    private let maxBodyBytes: Int

    private struct Head {
        let method: String
        let target: String
        let headers: [String: String]
        let keepAlive: Bool
        /// Where the body begins, counted from the request's start.
        let bodyStart: Int
        let bodyLength: Int
    }

    init(maxHeaderBytes: Int, maxBodyBytes: Int) {
        self.maxHeaderBytes = maxHeaderBytes
        self.maxBodyBytes = maxBodyBytes
    }

    /// Whether some bytes of a request not yet complete have arrived.
    var holdsPartialRequest: Bool {
        buffer.count > start
    }

    mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete request, or `.needMoreBytes`. Bytes that cannot begin a request
    /// line (a TLS handshake sent to this plain-HTTP port, say) are refused at once, as real
    /// servers do, rather than waited on for a head that will never come.
    ///
    /// Lines may end in CRLF or in a bare LF, which HTTP/1.1 lets a server accept; a CR
    /// anywhere else in the head is refused, as it might end a line for another reader.
    mutating func next() throws(Refusal) -> Result {
        if pending == nil {
            guard let head = try readHead() else { return .needMoreBytes }
            pending = head
        }
        guard let head = pending, buffer.count - start - head.bodyStart >= head.bodyLength else { return .needMoreBytes }
        let bodyStart = start + head.bodyStart
        let body = Data(buffer[bodyStart..<bodyStart + head.bodyLength])
        start = bodyStart + head.bodyLength
        scanned = 0
        pending = nil
        return .request(HTTPRequest(method: head.method, target: head.target, headers: head.headers, body: body), keepAlive: head.keepAlive)
    }

    /// The head of the request at `start`, once all of it has come; nil until then.
    private mutating func readHead() throws(Refusal) -> Head? {
        if start < buffer.count, !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(buffer[start] & 0xDF) {
            throw .badRequest("not an HTTP request line")
        }
        guard let (headEnd, bodyStart) = findHeadEnd() else {
            if buffer.count - start > maxHeaderBytes { throw .badRequest("request head larger than \(maxHeaderBytes) bytes") }
            return nil
        }
        if bodyStart - start > maxHeaderBytes { throw .badRequest("request head larger than \(maxHeaderBytes) bytes") }
        var lines: [String] = []
        // The head ends in a line ending, so the last piece, after it, is empty.
        for line in buffer[start..<headEnd].split(separator: Self.lineFeed, omittingEmptySubsequences: false).dropLast() {
            let text = line.last == Self.carriageReturn ? line.dropLast() : line
            if text.contains(Self.carriageReturn) { throw .badRequest("a CR that does not end a line in the request head") }
            lines.append(String(decoding: text, as: UTF8.self))
        }
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: true)
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else {
            throw .badRequest("malformed request line")
        }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw .badRequest("malformed header line") }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let method = String(requestLine[0])
        let connection = headers["connection"]?.lowercased()
        let keepAlive = requestLine[2] == "HTTP/1.0" ? connection == "keep-alive" : connection != "close"
        return Head(
            method: method, target: String(requestLine[1]), headers: headers, keepAlive: keepAlive, bodyStart: bodyStart - start,
            bodyLength: try bodyLength(method: method, headers: headers))
    }

    /// The length of the body that follows the head, checked before any of it is read:
    /// `GET` and `HEAD` carry none, and no body may be larger than `maxBodyBytes`.
    private func bodyLength(method: String, headers: [String: String]) throws(Refusal) -> Int {
        let length: Int
        if let value = headers["content-length"] {
            guard !value.isEmpty, value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
                throw .badRequest("malformed Content-Length")
            }
            // Digits too many for an Int are a length past any limit.
            length = Int(value) ?? .max
        } else {
            length = 0
        }
        if method == "GET" || method == "HEAD", length > 0 || headers["transfer-encoding"] != nil {
            throw .badRequest("a \(method) request has no body")
        }
        if headers["transfer-encoding"] != nil { throw .badRequest("chunked request bodies are not supported") }
        if length > maxBodyBytes {
            throw Refusal(status: 413, description: "request body larger than \(maxBodyBytes) bytes")
        }
        return length
    }

    /// Where in `buffer` the head's blank line begins and the body after it starts,
    /// looking at each byte only once: the first LF that ends an empty line, the line
    /// before it ended by an LF too (with or without a CR before either).
    private mutating func findHeadEnd() -> (headEnd: Int, bodyStart: Int)? {
        var index = start + scanned
        while index < buffer.count {
            if buffer[index] == Self.lineFeed, index > start {
                if buffer[index - 1] == Self.lineFeed { return (index, index + 1) }
                if index - 2 >= start, buffer[index - 1] == Self.carriageReturn, buffer[index - 2] == Self.lineFeed { return (index - 1, index + 1) }
            }
            index += 1
        }
        scanned = buffer.count - start
        return nil
    }

    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
}
