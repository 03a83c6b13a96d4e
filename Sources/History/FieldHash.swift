import Foundation
import Hashing

/// A SHA-256 of a list of texts, each fed as a present-or-absent byte, its length in bytes
/// and its bytes, so no two lists give the same input however their texts run together.
///
/// The fields gather in one buffer, hashed once: three small updates of the hash a field
/// cost more than the field's bytes (BENCHMARKS.md, "What each trick buys", row "field
/// hashes gathered, then hashed once").
struct FieldHash {
    private var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(512)
    }

    mutating func add(_ text: String?) {
        guard let text else {
            bytes.append(0)
            return
        }
        bytes.append(1)
        append(UInt64(text.utf8.count))
        bytes.append(contentsOf: text.utf8)
    }

    /// A date as its exact seconds since 1970, not as a text: formatting one costs more
    /// than hashing a comment's message (BENCHMARKS.md, "What each trick buys", row "page
    /// fingerprints from the fields").
    mutating func add(_ date: Date) {
        bytes.append(2)
        append(date.timeIntervalSince1970.bitPattern)
    }

    private mutating func append(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// The digest of what was added, in lower-case hex.
    var hex: String {
        SHA256.Digest(SHA256.hash(bytes)).hex
    }
}
