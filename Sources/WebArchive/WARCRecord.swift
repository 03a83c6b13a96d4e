import Basics
import Foundation
import Hashing

/// A WARC 1.1 record's head (ISO 28500): its type, ID, date and target, the named fields
/// that tie it to others, and its block's type, length and SHA-1, which a writer knows
/// before the block is written (a body is kept aside as it arrives, then written after its
/// head).
public struct WARCRecord: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case warcinfo, request, response, revisit, resource, metadata
    }

    public let kind: Kind
    public let id: UUID
    public let date: Date
    /// The URI the record is about; `nil` for `warcinfo`.
    public let targetURI: String?
    /// Further named fields, in order: `WARC-Concurrent-To`, `WARC-IP-Address`,
    /// `WARC-Payload-Digest`, `WARC-Refers-To`, `WARC-Protocol` …
    public let fields: [Field]
    /// The block's media type; `nil` for an empty block, which has none.
    public let contentType: String?

    public struct Field: Equatable, Sendable {
        public let name: String
        public let value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(kind: Kind, id: UUID, date: Date, targetURI: String?, fields: [Field] = [], contentType: String?) {
        self.kind = kind
        self.id = id
        self.date = date
        self.targetURI = targetURI
        self.fields = fields
        self.contentType = contentType
    }

    /// How a record names another, or itself: `<urn:uuid:…>`, in lower case.
    public static func reference(to id: UUID) -> String {
        var out: [UInt8] = []
        appendReference(to: id, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// A digest as WARC fields and CDX indexes write it: `sha1:` and base32.
    public static func digest(_ sha1: [UInt8]) -> String {
        var out = Array("sha1:".utf8)
        Base32.append(sha1, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The head of the record whose block is `blockLength` bytes with SHA-1 `blockDigest`,
    /// up to and with the blank line before the block. Field values are written as given,
    /// without line breaks, which would end the field early. Made as bytes: a record's head
    /// is most of the work of writing a small record (BENCHMARKS.md, "What each trick buys",
    /// row "web archive heads written as bytes").
    public func head(blockLength: Int, blockDigest: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512)
        out += "WARC/1.1\r\nWARC-Type: ".utf8
        out += kind.rawValue.utf8
        out += "\r\nWARC-Record-ID: ".utf8
        Self.appendReference(to: id, to: &out)
        out += "\r\nWARC-Date: ".utf8
        UTCTime(date).appendISO8601(to: &out)
        out += "\r\n".utf8
        if let targetURI { Self.appendField("WARC-Target-URI", targetURI, to: &out) }
        for field in fields { Self.appendField(field.name, field.value, to: &out) }
        out += "WARC-Block-Digest: sha1:".utf8
        Base32.append(blockDigest, to: &out)
        out += "\r\n".utf8
        if let contentType {
            out += "Content-Type: ".utf8
            out += contentType.utf8
            out += "\r\n".utf8
        }
        out += "Content-Length: ".utf8
        out += String(blockLength).utf8
        out += "\r\n\r\n".utf8
        return out
    }

    private static func appendField(_ name: String, _ value: String, to out: inout [UInt8]) {
        out += name.utf8
        out += ": ".utf8
        let breaks = { (byte: UInt8) in byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n") }
        if value.utf8.withContiguousStorageIfAvailable({ $0.contains(where: breaks) }) ?? value.utf8.contains(where: breaks) {
            out += value.utf8.filter { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") }
        } else {
            out += value.utf8
        }
        out += "\r\n".utf8
    }

    private static func appendReference(to id: UUID, to out: inout [UInt8]) {
        out += "<urn:uuid:".utf8
        withUnsafeBytes(of: id.uuid) { bytes in
            for (index, byte) in bytes.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 { out.append(UInt8(ascii: "-")) }
                out.append(HexDigit.lowercase(byte >> 4))
                out.append(HexDigit.lowercase(byte & 15))
            }
        }
        out.append(UInt8(ascii: ">"))
    }

    /// What follows a record's block.
    public static let end = "\r\n\r\n"
}
