import Foundation
import Hashing

/// An image in the cache: its content address, what kind of image it is and, when its
/// header says, its size. The digest is held inline (32 bytes), so 100,000 of them cost no
/// allocations.
public struct StoredImage: Hashable, Sendable {
    public let digest: SHA256.Digest
    public let byteCount: Int
    public let format: ImageFormat
    /// Read from the image's header when it was stored or read back; `nil` for formats
    /// without a known header and for damaged ones.
    public let dimensions: ImageDimensions?

    public init(digest: SHA256.Digest, byteCount: Int, format: ImageFormat, dimensions: ImageDimensions? = nil) {
        self.digest = digest
        self.byteCount = byteCount
        self.format = format
        self.dimensions = dimensions
    }

    /// `sha256` must be 64 hex digits.
    public init(sha256: String, byteCount: Int, format: ImageFormat, dimensions: ImageDimensions? = nil) {
        guard let digest = SHA256.Digest(hex: sha256) else { preconditionFailure("not a SHA-256 in hex: \(sha256)") }
        self.init(digest: digest, byteCount: byteCount, format: format, dimensions: dimensions)
    }

    /// SHA-256 of the bytes, lower-case hex.
    public var sha256: String { digest.hex }

    /// `<sha256>.<ext>`: the image's file name in the site.
    public var fileName: String { "\(sha256).\(format.fileExtension)" }
}
