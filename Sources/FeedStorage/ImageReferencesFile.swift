import FeedCore
import FileSystem
import Foundation
import Hashing

/// `ImageReferences` on disk (`<cache>/images/references`): a header line, then one
/// 36-byte record per blob, sorted by digest:
///
///     feedsite image references 1\n
///     <32 bytes: the blob's SHA-256> <4 bytes: hours since 1970, little-endian> …
///
/// Binary and fixed-width because it is read every run and rewritten whenever it changes:
/// at 100,000 blobs it is 3.6 MB, half of the same as hex text, and parsed without a
/// scanner. The same record gives the same bytes, so it can be compared and left alone.
/// Written atomically (`AtomicFile`); a file that is missing, damaged or from another
/// version reads as `nil`, which the rules take as "every stored blob referred to now".
struct ImageReferencesFile {
    let path: String

    static let header = Array("feedsite image references 1\n".utf8)
    static let recordSize = 36

    func read() throws(CacheError) -> ImageReferences? {
        try PlainFile.readCacheFile(path).flatMap(Self.decode)
    }

    func write(_ references: ImageReferences) throws(CacheError) {
        do {
            try AtomicFile.write(Self.encode(references), to: URL(fileURLWithPath: path))
        } catch {
            throw .file(.write, path, reason: "\(error)")
        }
    }

    static func encode(_ references: ImageReferences) -> Data {
        let records = references.lastReferred.map { (bytes: $0.key.bytes, hour: $0.value) }
            .sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
        var data = Data(capacity: header.count + records.count * recordSize)
        data.append(contentsOf: header)
        for record in records {
            data.append(contentsOf: record.bytes)
            withUnsafeBytes(of: record.hour.littleEndian) { data.append(contentsOf: $0) }
        }
        return data
    }

    static func decode(_ data: Data) -> ImageReferences? {
        guard data.count >= header.count, data.prefix(header.count).elementsEqual(header),
            (data.count - header.count) % recordSize == 0
        else { return nil }
        let bytes = [UInt8](data.dropFirst(header.count))
        var lastReferred: [SHA256.Digest: ImageReferences.Hour] = [:]
        lastReferred.reserveCapacity(bytes.count / recordSize)
        for start in stride(from: 0, to: bytes.count, by: recordSize) {
            let digest = SHA256.Digest(Array(bytes[start..<start + 32]))
            let hour = bytes[start + 32..<start + recordSize].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            lastReferred[digest] = ImageReferences.Hour(bitPattern: hour)
        }
        return ImageReferences(lastReferred: lastReferred)
    }
}
