import Foundation
import Hashing

/// SHA-256 of a file, read in chunks so memory stays flat whatever the file's size.
public enum FileDigest {
    public struct Result: Equatable, Sendable {
        public let sha256: String
        public let byteCount: Int
        /// The first bytes, for telling the file's type.
        public let head: [UInt8]
    }

    private static let chunkSize = 256 * 1024

    /// The digest of the file at `url`, or `nil` when there is no such file.
    public static func sha256(ofFileAt url: URL) throws(FileSystemError) -> Result? {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            let reason = FileSystemError.reason(for: error)
            if reason.isNoSuchFile { return nil }
            throw reason
        }
        defer { try? handle.close() }
        var hasher = SHA256()
        var count = 0
        var head: [UInt8] = []
        while true {
            let chunk = try FileSystemError.wrap { try handle.read(upToCount: chunkSize) ?? Data() }
            if chunk.isEmpty { break }
            if head.count < 16 { head.append(contentsOf: chunk.prefix(16 - head.count)) }
            hasher.update(chunk)
            count += chunk.count
        }
        return Result(sha256: SHA256.hex(hasher.finalize()), byteCount: count, head: head)
    }
}
