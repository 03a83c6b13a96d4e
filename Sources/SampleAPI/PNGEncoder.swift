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

/// CRC-32 (ISO 3309), as PNG chunks use it.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 {
            c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1
        }
        return c
    }

    static func checksum(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }
}

/// One fixed-Huffman deflate block (RFC 1951 §3.2.6) with greedy LZ77 over a 32 KiB window.
enum Deflate {
    private static let lengthBases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtraBits = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBases = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385,
        24577,
    ]
    private static let distanceExtraBits = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    static func compress(_ data: [UInt8]) -> [UInt8] {
        var bits = BitWriter()
        bits.write(1, count: 1)  // final block
        bits.write(1, count: 2)  // fixed Huffman codes
        var head = [Int](repeating: -1, count: 1 << 15)
        var position = 0
        while position < data.count {
            var matchLength = 0
            var matchDistance = 0
            if position + 2 < data.count {
                let key = (Int(data[position]) << 10 ^ Int(data[position + 1]) << 5 ^ Int(data[position + 2])) & 0x7FFF
                let candidate = head[key]
                head[key] = position
                if candidate >= 0, position - candidate <= 32768 {
                    let limit = min(258, data.count - position)
                    var length = 0
                    while length < limit, data[candidate + length] == data[position + length] { length += 1 }
                    if length >= 3 {
                        matchLength = length
                        matchDistance = position - candidate
                    }
                }
            }
            if matchLength > 0 {
                writeLength(matchLength, to: &bits)
                writeDistance(matchDistance, to: &bits)
                for skipped in position + 1..<position + matchLength where skipped + 2 < data.count {
                    head[(Int(data[skipped]) << 10 ^ Int(data[skipped + 1]) << 5 ^ Int(data[skipped + 2])) & 0x7FFF] = skipped
                }
                position += matchLength
            } else {
                writeLiteral(Int(data[position]), to: &bits)
                position += 1
            }
        }
        writeLiteral(256, to: &bits)  // end of block
        return bits.finish()
    }

    private static func writeLiteral(_ symbol: Int, to bits: inout BitWriter) {
        switch symbol {
        case 0...143: bits.writeHuffman(0x30 + symbol, count: 8)
        case 144...255: bits.writeHuffman(0x190 + symbol - 144, count: 9)
        case 256...279: bits.writeHuffman(symbol - 256, count: 7)
        default: bits.writeHuffman(0xC0 + symbol - 280, count: 8)
        }
    }

    private static func writeLength(_ length: Int, to bits: inout BitWriter) {
        let index = lengthBases.lastIndex(where: { $0 <= length })!
        writeLiteral(257 + index, to: &bits)
        bits.write(length - lengthBases[index], count: lengthExtraBits[index])
    }

    private static func writeDistance(_ distance: Int, to bits: inout BitWriter) {
        let index = distanceBases.lastIndex(where: { $0 <= distance })!
        bits.writeHuffman(index, count: 5)
        bits.write(distance - distanceBases[index], count: distanceExtraBits[index])
    }
}

/// Packs bits least-significant first, as deflate wants them.
struct BitWriter {
    private var bytes: [UInt8] = []
    private var buffer: UInt32 = 0
    private var filled = 0

    mutating func write(_ value: Int, count: Int) {
        guard count > 0 else { return }
        buffer |= UInt32(value) << UInt32(filled)
        filled += count
        while filled >= 8 {
            bytes.append(UInt8(buffer & 0xFF))
            buffer >>= 8
            filled -= 8
        }
    }

    /// Huffman codes go most-significant bit first.
    mutating func writeHuffman(_ code: Int, count: Int) {
        var reversed = 0
        for bit in 0..<count where code & (1 << bit) != 0 {
            reversed |= 1 << (count - 1 - bit)
        }
        write(reversed, count: count)
    }

    mutating func finish() -> [UInt8] {
        if filled > 0 { bytes.append(UInt8(buffer & 0xFF)) }
        buffer = 0
        filled = 0
        return bytes
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value),
        ])
    }
}
