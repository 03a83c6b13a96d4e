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

    /// The line, without its line break.
    public var text: String {
        var fields = ["\"url\": \(JSONText.quoted(url))", "\"mime\": \(JSONText.quoted(mime))"]
        if let status { fields.append("\"status\": \"\(status)\"") }
        fields += [
            "\"digest\": \(JSONText.quoted(digest))", "\"length\": \"\(length)\"", "\"offset\": \"\(offset)\"", "\"filename\": \(JSONText.quoted(filename))",
        ]
        return "\(SURT.key(of: url)) \(timestamp) {" + fields.joined(separator: ", ") + "}"
    }
}
