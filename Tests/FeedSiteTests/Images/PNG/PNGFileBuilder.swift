import Deflate
import Hashing
import Images

/// PNG files put together chunk by chunk, for the decoder's tests of what tools never write.
enum PNGFileBuilder {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A chunk: length, type, data and the CRC of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc32(typeAndData))
    }

    static func ihdr(width: Int, height: Int, bitDepth: UInt8, colourType: UInt8, interlaced: Bool = false) -> [UInt8] {
        chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [bitDepth, colourType, 0, 0, interlaced ? 1 : 0])
    }

    /// The signature, IHDR, `middle` (chunks already made), IDAT holding `rows` (each row's
    /// filter byte and bytes) deflated, and IEND.
    static func png(width: Int, height: Int, bitDepth: UInt8, colourType: UInt8, middle: [UInt8] = [], rows: [UInt8]) -> [UInt8] {
        signature + ihdr(width: width, height: height, bitDepth: bitDepth, colourType: colourType) + middle
            + chunk("IDAT", Zlib.deflate(rows)) + chunk("IEND", [])
    }

    /// The CRC-32 a chunk ends with, of its type and data.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { CRC32.update(0, $0) }
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    /// `png` with every chunk's CRC made right again, so a change inside a chunk reaches the
    /// decoder past the CRC check; a chunk that runs past the end is left as it is.
    static func withCRCsFixed(_ png: [UInt8]) -> [UInt8] {
        var out = png
        var offset = 8
        while offset + 12 <= out.count {
            let length = Int(out[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            guard length <= out.count - offset - 12 else { break }
            let crc = bigEndian(crc32(Array(out[offset + 4..<offset + 8 + length])))
            out.replaceSubrange(offset + 8 + length..<offset + 12 + length, with: crc)
            offset += 12 + length
        }
        return out
    }

    /// The samples of `bitmap` as RGBA, as a viewer would show them: grey spread to red,
    /// green and blue, opaque where there is no alpha.
    static func rgba(_ bitmap: Bitmap) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bitmap.width * bitmap.height * 4)
        let channels = bitmap.layout.channels
        for pixel in 0..<bitmap.width * bitmap.height {
            let s = bitmap.samples[pixel * channels..<(pixel + 1) * channels].map { $0 }
            switch bitmap.layout {
            case .gray: out += [s[0], s[0], s[0], 255]
            case .grayAlpha: out += [s[0], s[0], s[0], s[1]]
            case .rgb: out += s + [255]
            case .rgba: out += s
            }
        }
        return out
    }
}
