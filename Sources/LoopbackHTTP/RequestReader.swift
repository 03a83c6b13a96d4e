import Foundation

/// Cuts HTTP/1.1 requests out of the bytes a connection delivers; pure, so tests can feed
/// it bytes in any split.
struct RequestReader {
    enum Result {
        case needMoreBytes
        case request(HTTPRequest, keepAlive: Bool)
    }

    struct BadRequest: Error, CustomStringConvertible {
        let description: String
    }

    private var buffer: [UInt8] = []
    private var scanned = 0
    private let maxHeaderBytes: Int

    init(maxHeaderBytes: Int) {
        self.maxHeaderBytes = maxHeaderBytes
    }

    mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete request, or `.needMoreBytes`. Bytes that cannot begin a request
    /// line (a TLS handshake sent to this plain-HTTP port, say) are refused at once, as real
    /// servers do, rather than waited on for a head that will never come.
    mutating func next() throws -> Result {
        if let first = buffer.first, !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first & 0xDF) {
            throw BadRequest(description: "not an HTTP request line")
        }
        guard let headerEnd = findHeaderEnd() else {
            if buffer.count > maxHeaderBytes { throw BadRequest(description: "request head larger than \(maxHeaderBytes) bytes") }
            return .needMoreBytes
        }
        if headerEnd + 4 > maxHeaderBytes { throw BadRequest(description: "request head larger than \(maxHeaderBytes) bytes") }
        let head = String(decoding: buffer[0..<headerEnd], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: true)
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else {
            throw BadRequest(description: "malformed request line")
        }
        var headers: [String: String] = [:]
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw BadRequest(description: "malformed header line") }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        if headers["transfer-encoding"] != nil { throw BadRequest(description: "chunked request bodies are not supported") }
        guard let length = Int(headers["content-length"] ?? "0"), length >= 0 else {
            throw BadRequest(description: "malformed Content-Length")
        }
        let bodyStart = headerEnd + 4
        guard buffer.count >= bodyStart + length else { return .needMoreBytes }

        let body = Data(buffer[bodyStart..<bodyStart + length])
        buffer.removeFirst(bodyStart + length)
        scanned = 0

        let version = requestLine[2]
        let connection = headers["connection"]?.lowercased()
        let keepAlive = version == "HTTP/1.0" ? connection == "keep-alive" : connection != "close"
        let request = HTTPRequest(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body)
        return .request(request, keepAlive: keepAlive)
    }

    /// Index of the `\r\n\r\n` that ends the head, scanning each byte only once.
    private mutating func findHeaderEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        var index = max(0, scanned - 3)
        while index + 3 < buffer.count {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                return index
            }
            index += 1
        }
        scanned = buffer.count
        return nil
    }
}
