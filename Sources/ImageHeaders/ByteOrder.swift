/// Which end of a number its bytes start with.
public enum ByteOrder: Sendable {
    /// The most significant byte first: JPEG's and PNG's numbers, a TIFF header's "MM".
    case bigEndian
    /// The least significant byte first: GIF's and WebP's numbers, a TIFF header's "II".
    case littleEndian
}
