import Foundation
import Hashing

/// An image in the cache: its content address and what kind of image it is. The digest is
/// held inline (32 bytes), so 100,000 of them cost no allocations.
public struct StoredImage: Hashable, Sendable {
    public let digest: SHA256.Digest
    public let byteCount: Int
    public let format: ImageFormat

    public init(digest: SHA256.Digest, byteCount: Int, format: ImageFormat) {
        self.digest = digest
        self.byteCount = byteCount
        self.format = format
    }

    /// `sha256` must be 64 hex digits.
    public init(sha256: String, byteCount: Int, format: ImageFormat) {
        guard let digest = SHA256.Digest(hex: sha256) else { preconditionFailure("not a SHA-256 in hex: \(sha256)") }
        self.init(digest: digest, byteCount: byteCount, format: format)
    }

    /// SHA-256 of the bytes, lower-case hex.
    public var sha256: String { digest.hex }

    /// `<sha256>.<ext>`: the image's file name in the site.
    public var fileName: String { "\(sha256).\(format.fileExtension)" }
}
