import Basics
import Foundation

/// A WARC 1.1 record's head (ISO 28500): its type, ID, date and target, the named fields
/// that tie it to others, and its block's type, length and SHA-1, which a writer knows
/// before the block is written (a body is kept aside as it arrives, then written after its
/// head).
public struct WARCRecord: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case warcinfo, request, response, revisit
    }

    public let kind: Kind
    public let id: UUID
    public let date: Date
    /// The URI the record is about; `nil` for `warcinfo`.
    public let targetURI: String?
    /// Further named fields, in order: `WARC-Concurrent-To`, `WARC-IP-Address`,
    /// `WARC-Payload-Digest`, `WARC-Refers-To`, `WARC-Protocol` …
    public let fields: [Field]
    public let contentType: String

    public struct Field: Equatable, Sendable {
        public let name: String
        public let value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(kind: Kind, id: UUID, date: Date, targetURI: String?, fields: [Field] = [], contentType: String) {
        self.kind = kind
        self.id = id
        self.date = date
        self.targetURI = targetURI
        self.fields = fields
        self.contentType = contentType
    }

    /// How a record names another, or itself: `<urn:uuid:…>`, in lower case.
    public static func reference(to id: UUID) -> String {
        "<urn:uuid:\(id.uuidString.lowercased())>"
    }

    /// A digest as WARC fields and CDX indexes write it: `sha1:` and base32.
    public static func digest(_ sha1: [UInt8]) -> String {
        "sha1:" + Base32.encode(sha1)
    }

    /// The head of the record whose block is `blockLength` bytes with SHA-1 `blockDigest`,
    /// up to and with the blank line before the block. Field values are written as given,
    /// without line breaks, which would end the field early.
    public func head(blockLength: Int, blockDigest: [UInt8]) -> String {
        var lines = ["WARC/1.1", "WARC-Type: \(kind.rawValue)", "WARC-Record-ID: \(Self.reference(to: id))", "WARC-Date: \(ISO8601Date.format(date))"]
        if let targetURI { lines.append("WARC-Target-URI: \(Self.oneLine(targetURI))") }
        lines += fields.map { "\($0.name): \(Self.oneLine($0.value))" }
        lines += ["WARC-Block-Digest: \(Self.digest(blockDigest))", "Content-Type: \(contentType)", "Content-Length: \(blockLength)"]
        return lines.map { $0 + "\r\n" }.joined() + "\r\n"
    }

    /// What follows a record's block.
    public static let end = "\r\n\r\n"

    private static func oneLine(_ value: String) -> String {
        String(value.unicodeScalars.filter { $0 != "\r" && $0 != "\n" })
    }
}
