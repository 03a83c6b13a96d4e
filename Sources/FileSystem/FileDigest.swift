import FeedCore
import Foundation
import Hashing

/// SHA-256 of a file, read in chunks so memory stays flat whatever the file's size; an
/// image's dimensions are read from the same chunks on the way.
public enum FileDigest {
    public struct Result: Equatable, Sendable {
        public let digest: SHA256.Digest
        public let byteCount: Int
        /// The first bytes, for telling the file's type.
        public let head: [UInt8]
        /// The size its header gives, if it is an image with a header `ImageDimensionsReader` knows.
        public let dimensions: ImageDimensions?

        /// Lower-case hex.
        public var sha256: String { digest.hex }
    }

    /// The digest of the file at `url`, or `nil` when there is no such file.
    public static func sha256(ofFileAt url: URL) throws(FileSystemError) -> Result? {
        try sha256(ofFileAtPath: url.path)
    }

    public static func sha256(ofFileAtPath path: String) throws(FileSystemError) -> Result? {
        var hasher = SHA256()
        var count = 0
        var head: [UInt8] = []
        var dimensions = ImageDimensionsReader()
        let found = try PlainFile.readChunks(path) { chunk in
            if head.count < ImageFormat.signatureLength { head.append(contentsOf: chunk.prefix(ImageFormat.signatureLength - head.count)) }
            dimensions.consume(chunk)
            hasher.update(chunk)
            count += chunk.count
        }
        guard found else { return nil }
        return Result(digest: SHA256.Digest(hasher.finalize()), byteCount: count, head: head, dimensions: dimensions.dimensions)
    }
}
