import Foundation

/// The first bytes of images of a given size, as their formats lay them out, for the
/// dimension reader's tests and the image stores'; the pixel data after them is filler.
enum ImageHeaderBytes {
    static func png(width: UInt32, height: UInt32) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13, bytes: 4) + Array("IHDR".utf8)
            + bigEndian(Int(width), bytes: 4) + bigEndian(Int(height), bytes: 4) + [8, 2, 0, 0, 0] + [0xDE, 0xAD, 0xBE, 0xEF] + filler
    }

    static func gif(width: Int, height: Int, version: String = "GIF89a") -> [UInt8] {
        Array(version.utf8) + littleEndian(width, bytes: 2) + littleEndian(height, bytes: 2) + [0xF7, 0, 0] + filler
    }

    /// A lossy WebP: a VP8 key frame.
    static func webpVP8(width: Int, height: Int) -> [UInt8] {
        riff("VP8 ", [0x50, 0x2A, 0x00, 0x9D, 0x01, 0x2A] + littleEndian(width, bytes: 2) + littleEndian(height, bytes: 2) + filler)
    }

    /// A lossless WebP.
    static func webpVP8L(width: Int, height: Int) -> [UInt8] {
        let bits = (width - 1) | (height - 1) << 14
        return riff("VP8L", [0x2F] + littleEndian(bits, bytes: 4) + filler)
    }

    /// An extended WebP (alpha, animation or metadata) with its canvas size.
    static func webpVP8X(width: Int, height: Int) -> [UInt8] {
        riff("VP8X", [0x10, 0, 0, 0] + littleEndian(width - 1, bytes: 3) + littleEndian(height - 1, bytes: 3))
            + Array("ALPH".utf8) + filler
    }

    /// A JPEG: JFIF, optionally an EXIF block (with an orientation, a LONG when
    /// `longOrientation`, and `exifPadding` bytes of APP2 segments after it, as ICC profiles
    /// are), tables, then the frame header `frameMarker` (SOF0 baseline, 0xC2 progressive) and
    /// the start of the scan.
    static func jpeg(
        width: Int, height: Int, frameMarker: UInt8 = 0xC0, orientation: Int? = nil, longOrientation: Bool = false, exifPadding: Int = 0
    ) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += segment(0xE0, Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0])
        if let orientation {
            bytes += segment(0xE1, exif(orientation: orientation, long: longOrientation))
        }
        var padding = exifPadding
        while padding > 0 {
            let length = min(padding, 65_533)
            bytes += segment(0xE2, Array(repeating: 0xFF, count: length))
            padding -= length
        }
        bytes += segment(0xDB, [0] + Array(repeating: 1, count: 64))
        bytes += [0xFF, 0xFF]  // a fill byte before the next marker
        bytes += segment(frameMarker, [8] + bigEndian(height, bytes: 2) + bigEndian(width, bytes: 2) + [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
        bytes += segment(0xC4, [0, 0, 1] + Array(repeating: 0, count: 15) + [0])
        bytes += segment(0xDA, [3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3F, 0]) + filler + [0xFF, 0xD9]
        return bytes
    }

    /// A JPEG segment: its marker, its length (two bytes counted in) and `payload`.
    static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker] + bigEndian(payload.count + 2, bytes: 2) + payload
    }

    /// An EXIF block in big-endian TIFF order, IFD0 holding a make and the orientation: a
    /// SHORT, as the format says, or a LONG when `long`, as some writers store it.
    static func exif(orientation: Int, littleEndianOrder: Bool = false, long: Bool = false) -> [UInt8] {
        func number(_ value: Int, _ count: Int) -> [UInt8] {
            littleEndianOrder ? littleEndian(value, bytes: count) : bigEndian(value, bytes: count)
        }
        var tiff: [UInt8] = littleEndianOrder ? [0x49, 0x49] : [0x4D, 0x4D]
        tiff += number(42, 2) + number(8, 4) + number(2, 2)
        tiff += number(0x010F, 2) + number(2, 2) + number(4, 4) + Array("ACM\0".utf8)  // Make, ASCII, 4 bytes inline
        let value = long ? number(4, 2) + number(1, 4) + number(orientation, 4) : number(3, 2) + number(1, 4) + number(orientation, 2) + [0, 0]
        tiff += number(0x0112, 2) + value  // Orientation: its type, a count of 1, the value inline
        tiff += number(0, 4)
        return Array("Exif\0\0".utf8) + tiff
    }

    private static func riff(_ chunk: String, _ data: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + littleEndian(data.count + 12, bytes: 4) + Array("WEBP".utf8) + Array(chunk.utf8) + littleEndian(data.count, bytes: 4) + data
    }

    private static let filler: [UInt8] = Array(repeating: 0x5A, count: 40)

    static func bigEndian(_ value: Int, bytes: Int) -> [UInt8] {
        (0..<bytes).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    static func littleEndian(_ value: Int, bytes: Int) -> [UInt8] {
        (0..<bytes).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
}
