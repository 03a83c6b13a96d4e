import Foundation

/// An image's size in pixels as a browser shows it, read from its header, for the `width`
/// and `height` of `<img>` so a page does not move while its images load.
///
/// Known for PNG, JPEG (the frame header, past any EXIF block; turned by the EXIF
/// orientation, as browsers turn the picture), GIF and WebP (VP8, VP8L, VP8X); other
/// formats, and headers that are cut short, damaged or say zero, have none.
public struct ImageDimensions: Hashable, Sendable {
    // 32 bits each keep `StoredImage` small; no format here allows more.
    private let storedWidth: UInt32
    private let storedHeight: UInt32

    public var width: Int { Int(storedWidth) }
    public var height: Int { Int(storedHeight) }

    /// `nil` unless both are from 1 to 2^31 - 1.
    public init?(width: Int, height: Int) {
        guard (1...Int(Int32.max)).contains(width), (1...Int(Int32.max)).contains(height) else { return nil }
        self.storedWidth = UInt32(width)
        self.storedHeight = UInt32(height)
    }

    /// The dimensions of a whole file, or of as much of its start as there is.
    public static func read<Bytes: Collection<UInt8>>(from bytes: Bytes) -> ImageDimensions? {
        var reader = ImageDimensionsReader()
        reader.consume(bytes)
        return reader.dimensions
    }

    /// PNG, GIF and WebP keep their size within the first `fixedHeaderLength` bytes.
    static let fixedHeaderLength = 30

    /// PNG, GIF or WebP dimensions from the file's first bytes; `nil` for too few bytes.
    static func fromFixedHeader(_ head: [UInt8]) -> ImageDimensions? {
        func starts(_ prefix: String, at offset: Int = 0) -> Bool {
            let bytes = Array(prefix.utf8)
            return head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
        }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            // The IHDR chunk comes first: length, "IHDR", width and height (big-endian).
            guard head.count >= 24, starts("IHDR", at: 12) else { return nil }
            return ImageDimensions(width: Int(head.bigEndian32(at: 16)), height: Int(head.bigEndian32(at: 20)))
        }
        if starts("GIF87a") || starts("GIF89a") {
            guard head.count >= 10 else { return nil }
            return ImageDimensions(width: head.littleEndian(at: 6, bytes: 2), height: head.littleEndian(at: 8, bytes: 2))
        }
        guard starts("RIFF"), starts("WEBP", at: 8) else { return nil }
        // The first chunk is the image: its data starts at byte 20.
        if starts("VP8 ", at: 12) {
            // A key frame: 3 bytes of frame tag, the start code, then 14-bit width and height.
            guard head.count >= 30, head[20] & 1 == 0, Array(head[23..<26]) == [0x9D, 0x01, 0x2A] else { return nil }
            return ImageDimensions(width: head.littleEndian(at: 26, bytes: 2) & 0x3FFF, height: head.littleEndian(at: 28, bytes: 2) & 0x3FFF)
        }
        if starts("VP8L", at: 12) {
            // The signature 0x2F, then width - 1 and height - 1 in 14 bits each.
            guard head.count >= 25, head[20] == 0x2F else { return nil }
            let bits = head.littleEndian(at: 21, bytes: 4)
            return ImageDimensions(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        }
        if starts("VP8X", at: 12) {
            // Flags and reserved bytes, then the canvas's width - 1 and height - 1 in 24 bits each.
            guard head.count >= 30 else { return nil }
            return ImageDimensions(width: head.littleEndian(at: 24, bytes: 3) + 1, height: head.littleEndian(at: 27, bytes: 3) + 1)
        }
        return nil
    }
}

extension Array where Element == UInt8 {
    /// The caller checks that `offset + 4 <= count`.
    func bigEndian32(at offset: Int) -> UInt32 {
        self[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// `bytes` (at most 4) bytes at `offset`, least significant first; the caller checks the bounds.
    func littleEndian(at offset: Int, bytes: Int) -> Int {
        self[offset..<offset + bytes].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
