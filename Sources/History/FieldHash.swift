import Foundation
import Hashing

/// A SHA-256 of a list of texts, each fed as a present-or-absent byte, its length in bytes
/// and its bytes, so no two lists give the same input however their texts run together.
struct FieldHash {
    private var sha = SHA256()

    mutating func add(_ text: String?) {
        guard let text else {
            sha.update(CollectionOfOne(UInt8(0)))
            return
        }
        var length = UInt64(text.utf8.count).littleEndian
        sha.update(CollectionOfOne(UInt8(1)))
        withUnsafeBytes(of: &length) { sha.update($0) }
        var bytes = text
        bytes.withUTF8 { sha.update(UnsafeRawBufferPointer($0)) }
    }

    /// A date as its exact seconds since 1970, not as a text: formatting one costs more
    /// than hashing a comment's message (BENCHMARKS.md, "What each trick buys", row "page
    /// fingerprints from the fields").
    mutating func add(_ date: Date) {
        var bits = date.timeIntervalSince1970.bitPattern.littleEndian
        sha.update(CollectionOfOne(UInt8(2)))
        withUnsafeBytes(of: &bits) { sha.update($0) }
    }

    /// The digest of what was added, in lower-case hex.
    var hex: String {
        var copy = sha
        return SHA256.Digest(copy.finalize()).hex
    }
}
