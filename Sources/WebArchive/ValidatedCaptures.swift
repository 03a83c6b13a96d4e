import FileSystem
import Foundation
import Hashing

/// The latest capture in a web archive's folder of each URL whose answer came with a
/// validator (`ETag`, `Last-Modified`): what a later 304 for that URL confirms, so its
/// `revisit` record can name the payload and the record it refers to, and a replay tool
/// can serve that payload. Kept beside the archive's files, read when a run begins and
/// written whole when it finishes.
///
/// Packed, as a feed of 100,000 items has as many comments lists: each URL is known by its
/// SHA-256, each capture by its payload's SHA-1, its second and its record's ID, with no
/// text held (BENCHMARKS.md, "What each trick buys", row "the
/// validated captures packed"). A line of the file is the same four, in hex and decimal.
public final class ValidatedCaptures {
    /// A capture as a `revisit` record names it.
    public struct Capture: Equatable, Sendable {
        /// The payload's digest, as records write one (`sha1:…`).
        public let digest: String
        /// The capture's `WARC-Date`.
        public let date: String
        /// The record's reference (`<urn:uuid:…>`).
        public let record: String
    }

    /// The file's name in the folder.
    public static let fileName = ".feedsite-warc-captures.tsv"

    private struct Packed {
        /// The payload's 20-byte SHA-1, in three words.
        let payload: (UInt64, UInt64, UInt32)
        let seconds: Int64
        let record: UUID

        init(payload bytes: [UInt8], seconds: Int64, record: UUID) {
            let word = { (from: Int, count: Int) in bytes[from..<(from + count)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
            payload = (word(0, 8), word(8, 8), UInt32(word(16, 4)))
            self.seconds = seconds
            self.record = record
        }

        var payloadBytes: [UInt8] {
            let bytes = { (word: UInt64, count: Int) in (0..<count).reversed().map { UInt8(truncatingIfNeeded: word >> (8 * UInt64($0))) } }
            return bytes(payload.0, 8) + bytes(payload.1, 8) + bytes(UInt64(payload.2), 4)
        }
    }

    private let path: String
    private var byURL: [SHA256.Digest: Packed] = [:]
    private var changed = false

    /// The captures noted in `folder`, none when it has no file yet; a line that is not
    /// one is passed over.
    public init(folder: String) throws {
        path = folder + "/" + Self.fileName
        guard let data = try PlainFile.readRegular(path, maxBytes: 1 << 30) else { return }
        for line in [UInt8](data).split(separator: UInt8(ascii: "\n")) {
            let parts = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            guard parts.count == 4, let key = SHA256.Digest(hex: String(decoding: parts[0], as: UTF8.self)), let payload = Self.bytes(hex: parts[1]),
                payload.count == 20,
                let seconds = Int64(String(decoding: parts[2], as: UTF8.self)), let record = UUID(uuidString: String(decoding: parts[3], as: UTF8.self))
            else { continue }
            byURL[key] = Packed(payload: payload, seconds: seconds, record: record)
        }
    }

    /// The latest capture of `url`.
    public func latest(of url: String) -> Capture? {
        guard let packed = byURL[SHA256.digest(url.utf8)] else { return nil }
        return Capture(
            digest: WARCRecord.digest(packed.payloadBytes), date: UTCTime(Date(timeIntervalSince1970: TimeInterval(packed.seconds))).iso8601,
            record: WARCRecord.reference(to: packed.record))
    }

    /// `url` was captured anew: a payload of SHA-1 `payload` (20 bytes), at `date`, in
    /// record `record`.
    public func note(_ url: String, payload: [UInt8], date: Date, record: UUID) {
        guard payload.count == 20 else { return }
        byURL[SHA256.digest(url.utf8)] = Packed(payload: payload, seconds: Int64(date.timeIntervalSince1970.rounded(.down)), record: record)
        changed = true
    }

    /// Writes the file whole, in place of the one there was, when a capture was noted.
    public func save() throws {
        guard changed else { return }
        try AtomicFile.write(toPath: path) { writer in
            for (key, packed) in byURL.map({ ($0.key.hex, $0.value) }).sorted(by: { $0.0 < $1.0 }) {
                try writer.write("\(key)\t\(SHA256.hex(packed.payloadBytes))\t\(packed.seconds)\t\(packed.record.uuidString)\n")
            }
        }
    }

    private static func bytes(hex: ArraySlice<UInt8>) -> [UInt8]? {
        guard hex.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        for at in stride(from: hex.startIndex, to: hex.endIndex, by: 2) {
            guard let byte = HexDigit.byte(hex[at], hex[at + 1]) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}
