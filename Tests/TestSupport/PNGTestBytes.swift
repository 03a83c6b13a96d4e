/// Reading back what the demo's PNG encoder wrote, and pixels to feed it, for the
/// encoder's tests in both test targets.
public enum PNGTestBytes {
    public struct Chunk: Sendable {
        public let type: String
        public let data: [UInt8]
        public let crc: UInt32
    }

    public struct Malformed: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// The chunks after the signature, in order.
    public static func chunks(_ png: [UInt8]) throws -> [Chunk] {
        guard png.count >= 8 else { throw Malformed(description: "shorter than the signature") }
        var chunks: [Chunk] = []
        var offset = 8
        while offset < png.count {
            guard offset + 12 <= png.count else { throw Malformed(description: "truncated chunk at \(offset)") }
            let length = Int(bigEndian(png[offset..<offset + 4]))
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            guard offset + 12 + length <= png.count else { throw Malformed(description: "chunk \(type) longer than the file") }
            let data = Array(png[offset + 8..<offset + 8 + length])
            let crc = bigEndian(png[offset + 8 + length..<offset + 12 + length])
            chunks.append(Chunk(type: type, data: data, crc: crc))
            offset += 12 + length
        }
        return chunks
    }

    public static func bigEndian<Bytes: Collection>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// Each row prefixed by filter type 2 ("Up") and holding each byte minus the one above.
    public static func upFiltered(_ pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
        let rowLength = width * 3
        var out: [UInt8] = []
        for row in 0..<height {
            out.append(2)
            for column in 0..<rowLength {
                let above = row == 0 ? 0 : pixels[(row - 1) * rowLength + column]
                out.append(pixels[row * rowLength + column] &- above)
            }
        }
        return out
    }

    /// RGB noise of a `width` by `height` picture, the same for the same size.
    public static func pixels(width: Int, height: Int) -> [UInt8] {
        noise(count: width * height * 3, seed: UInt64(width * 1000 + height))
    }

    /// SplitMix64 bytes: the same every run.
    public static func noise(count: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    }
}
