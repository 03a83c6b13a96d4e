/// Encodes 8-bit RGB pixels as a PNG file: every row uses the "Up" filter and the zlib
/// stream is one fixed-Huffman deflate block with greedy LZ77 matching. Small and slow
/// next to libpng, but it needs nothing beyond the standard library, and the demo's
/// banded scenes compress to a few kilobytes.
public enum PNGEncoder {
    /// `pixels` holds `width * height` RGB triples, row by row from the top.
    public static func encode(width: Int, height: Int, pixels: [UInt8]) -> [UInt8] {
        precondition(pixels.count == width * height * 3, "expected \(width * height * 3) bytes of RGB")
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // bit depth 8, colour type RGB, deflate, adaptive filtering, no interlace

        let rowLength = width * 3
        var filtered: [UInt8] = []
        filtered.reserveCapacity((rowLength + 1) * height)
        for row in 0..<height {
            filtered.append(2)  // "Up": each byte minus the byte above it
            let start = row * rowLength
            for column in 0..<rowLength {
                let above = row == 0 ? 0 : pixels[start - rowLength + column]
                filtered.append(pixels[start + column] &- above)
            }
        }

        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", zlib(filtered), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        png.appendBigEndian(UInt32(data.count))
        png += typeBytes
        png += data
        png.appendBigEndian(CRC32.checksum(typeBytes + data))
    }

    static func zlib(_ data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        stream += Deflate.compress(data)
        stream.appendBigEndian(adler32(data))
        return stream
    }

    static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value),
        ])
    }
}
