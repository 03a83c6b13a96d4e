import Basics
import FileSystem
import Foundation
import Hashing

/// The latest capture in a web archive's folder of each URL whose answer came with a
/// validator (`ETag`, `Last-Modified`): what a later 304 for that URL confirms, so its
/// `revisit` record can name the payload and the record it refers to, and a replay tool
/// can serve that payload. Kept beside the archive's files, read when a run begins and
/// written whole when it finishes.
///
/// Packed, as a feed of 100,000 items has as many comments lists: each URL is known by the
/// first 16 bytes of its SHA-256, each capture by its payload's SHA-1, its second and its
/// record's ID, with no text held (BENCHMARKS.md, "What each trick buys", row "the
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

    private struct Key: Hashable {
        let high: UInt64
        let low: UInt64
    }

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
    private var byURL: [Key: Packed] = [:]
    private var changed = false

    /// The captures noted in `folder`, none when it has no file yet; a line that is not
    /// one is passed over.
    public init(folder: String) throws {
        path = folder + "/" + Self.fileName
        guard let data = try PlainFile.readRegular(path, maxBytes: 1 << 30) else { return }
        for line in [UInt8](data).split(separator: UInt8(ascii: "\n")) {
            let parts = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            guard parts.count == 4, let key = Self.bytes(hex: parts[0]), key.count == 16, let payload = Self.bytes(hex: parts[1]), payload.count == 20,
                let seconds = Int64(String(decoding: parts[2], as: UTF8.self)), let record = UUID(uuidString: String(decoding: parts[3], as: UTF8.self))
            else { continue }
            byURL[Self.key(key)] = Packed(payload: payload, seconds: seconds, record: record)
        }
    }

    /// The latest capture of `url`.
    public func latest(of url: String) -> Capture? {
        guard let packed = byURL[Self.key(of: url)] else { return nil }
        return Capture(
            digest: WARCRecord.digest(packed.payloadBytes), date: ISO8601Date.format(Date(timeIntervalSince1970: TimeInterval(packed.seconds))),
            record: WARCRecord.reference(to: packed.record))
    }

    /// `url` was captured anew: a payload of SHA-1 `payload` (20 bytes), at `date`, in
    /// record `record`.
    public func note(_ url: String, payload: [UInt8], date: Date, record: UUID) {
        guard payload.count == 20 else { return }
        byURL[Self.key(of: url)] = Packed(payload: payload, seconds: Int64(date.timeIntervalSince1970.rounded(.down)), record: record)
        changed = true
    }

    /// Writes the file whole, in place of the one there was, when a capture was noted.
    public func save() throws {
        guard changed else { return }
        try AtomicFile.write(toPath: path) { writer in
            for (key, packed) in byURL.sorted(by: { ($0.key.high, $0.key.low) < ($1.key.high, $1.key.low) }) {
                let keyHex = String(format: "%016llx%016llx", key.high, key.low)
                try writer.write("\(keyHex)\t\(SHA256.hex(packed.payloadBytes))\t\(packed.seconds)\t\(packed.record.uuidString)\n")
            }
        }
    }

    private static func key(of url: String) -> Key {
        key(Array(SHA256.hash(Array(url.utf8)).prefix(16)))
    }

    private static func key(_ bytes: [UInt8]) -> Key {
        let word = { (from: Int) in bytes[from..<(from + 8)].reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
        return Key(high: word(0), low: word(8))
    }

    private static func bytes(hex: ArraySlice<UInt8>) -> [UInt8]? {
        guard hex.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            guard let high = nibble(hex[index]), let low = nibble(hex[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
