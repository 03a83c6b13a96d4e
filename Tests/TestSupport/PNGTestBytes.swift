/// A PNG file's chunks read back, for the tests of what writes and reads them.
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
}
