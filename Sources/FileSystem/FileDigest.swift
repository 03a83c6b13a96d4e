import Foundation
import Hashing

/// SHA-256 of a file, read in chunks so memory stays flat whatever the file's size. A
/// caller that wants more from the same bytes (an image's type and size) sees each chunk
/// on the way, so the file is read once.
public enum FileDigest {
    public struct Result: Equatable, Sendable {
        public let digest: SHA256.Digest
        public let byteCount: Int
        /// The file's stamp as it was opened, before its bytes were read: a file that still
        /// has it has these bytes, unless it was changed during the read.
        public let stamp: FileStamp

        /// Lower-case hex.
        public var sha256: String { digest.hex }
    }

    /// The digest of the file at `url`, or `nil` when there is no such file.
    public static func sha256(ofFileAt url: URL) throws(FileSystemError) -> Result? {
        try sha256(ofFileAtPath: url.path)
    }

    /// The digest of the file at `path`, or `nil` when there is no such file; `reading` is
    /// handed every chunk, in order, before it is hashed.
    public static func sha256(
        ofFileAtPath path: String, reading: (UnsafeRawBufferPointer) -> Void = { _ in }
    ) throws(FileSystemError) -> Result? {
        var hasher = SHA256()
        var count = 0
        let stamp = try PlainFile.readStampedChunks(path) { chunk in
            reading(chunk)
            hasher.update(chunk)
            count += chunk.count
        }
        guard let stamp else { return nil }
        return Result(digest: SHA256.Digest(hasher.finalize()), byteCount: count, stamp: stamp)
    }
}
