import Basics

/// A line of a CDXJ index, as pywb reads one beside a WARC so it can serve the folder
/// without indexing it again: the URL's SURT key, the capture's time (14 digits, UTC), then
/// a JSON object of the URL, the MIME type, the status, the payload's digest, and where the
/// record is: its compressed length, its offset, its file.
public struct CDXJLine: Equatable, Sendable {
    public let url: String
    /// `yyyyMMddHHmmss`, UTC.
    public let timestamp: String
    public let mime: String
    public let status: Int?
    public let digest: String
    public let length: Int
    public let offset: Int
    public let filename: String

    public init(url: String, timestamp: String, mime: String, status: Int?, digest: String, length: Int, offset: Int, filename: String) {
        self.url = url
        self.timestamp = timestamp
        self.mime = mime
        self.status = status
        self.digest = digest
        self.length = length
        self.offset = offset
        self.filename = filename
    }

    /// The line, without its line break, as bytes (BENCHMARKS.md, "What each trick buys",
    /// row "web archive heads written as bytes").
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(320)
        append(to: &out)
        return out
    }

    /// Appends the line, without its line break, to `out`.
    public func append(to out: inout [UInt8]) {
        SURT.appendKey(of: url, to: &out)
        out.append(UInt8(ascii: " "))
        out += timestamp.utf8
        out += " {\"url\": ".utf8
        JSONText.appendQuoted(url, to: &out)
        out += ", \"mime\": ".utf8
        JSONText.appendQuoted(mime, to: &out)
        if let status { Self.appendNumber("status", status, to: &out) }
        out += ", \"digest\": ".utf8
        JSONText.appendQuoted(digest, to: &out)
        Self.appendNumber("length", length, to: &out)
        Self.appendNumber("offset", offset, to: &out)
        out += ", \"filename\": ".utf8
        JSONText.appendQuoted(filename, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// `, "name": "value"`: pywb's indexes write numbers as strings.
    private static func appendNumber(_ name: String, _ value: Int, to out: inout [UInt8]) {
        out += ", \"".utf8
        out += name.utf8
        out += "\": \"".utf8
        out += String(value).utf8
        out.append(UInt8(ascii: "\""))
    }
}

extension CDXJLine {
    /// A line read back: its key, its time, and its JSON object's fields (the lines this
    /// writer and py-wacz write hold strings alone).
    struct Read {
        let key: String
        let timestamp: String
        let fields: [String: String]
    }

    /// The line `bytes` (without its break), or `nil` when it is not one.
    static func read(_ bytes: UnsafeRawBufferPointer) -> Read? {
        guard let space = bytes.firstIndex(of: UInt8(ascii: " ")), let brace = bytes.firstIndex(of: UInt8(ascii: "{")), space < brace else { return nil }
        let time = bytes[(space + 1)..<brace].prefix { $0 != UInt8(ascii: " ") }
        var fields: [String: String] = [:]
        var at = brace + 1
        func skipSpace() {
            while at < bytes.count, bytes[at] == UInt8(ascii: " ") { at += 1 }
        }
        while true {
            skipSpace()
            guard at < bytes.count else { return nil }
            if bytes[at] == UInt8(ascii: "}") { break }
            guard let name = try? JSONReader.string(in: bytes, at: &at) else { return nil }
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { return nil }
            at += 1
            skipSpace()
            guard let value = try? JSONReader.string(in: bytes, at: &at) else { return nil }
            fields[name] = value
            skipSpace()
            guard at < bytes.count else { return nil }
            if bytes[at] == UInt8(ascii: ",") { at += 1 }
        }
        return Read(
            key: String(decoding: UnsafeRawBufferPointer(rebasing: bytes[..<space]), as: UTF8.self),
            timestamp: String(decoding: UnsafeRawBufferPointer(rebasing: time), as: UTF8.self), fields: fields)
    }
}
