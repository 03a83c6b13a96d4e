/// Walks a PNG's chunks after its signature: each one's length is checked against the bytes
/// the file holds and its CRC against its type and data before the chunk is handed out.
struct PNGChunkReader {
    struct Chunk {
        let type: UInt32
        /// Where the chunk's data lies in the file.
        let data: Range<Int>
    }

    let bytes: [UInt8]
    private var position = PNGChunk.signature.count

    init(_ bytes: [UInt8]) throws(ImageDecodingError) {
        guard bytes.starts(with: PNGChunk.signature) else { throw .malformed("no PNG signature") }
        self.bytes = bytes
    }

    /// The next chunk, or nil where the file ends between chunks.
    mutating func next() throws(ImageDecodingError) -> Chunk? {
        let remaining = bytes.count - position
        if remaining == 0 { return nil }
        guard remaining >= 12 else { throw .malformed("the file ends inside a chunk") }
        let length = Int(readUInt32(at: position))
        let type = readUInt32(at: position + 4)
        guard length <= 0x7FFF_FFFF else { throw .malformed("a chunk length over 2³¹ − 1") }
        guard (4..<8).allSatisfy({ Self.isLetter(bytes[position + $0]) }) else { throw .malformed("a chunk type that is not four letters") }
        guard length <= remaining - 12 else { throw .malformed("the file ends inside the \(PNGChunk.name(type)) chunk") }
        let dataStart = position + 8
        let dataEnd = dataStart + length
        guard PNGChunk.crc(bytes, position + 4..<dataEnd) == readUInt32(at: dataEnd) else { throw .malformed("the \(PNGChunk.name(type)) chunk fails its CRC") }
        position = dataEnd + 4
        return Chunk(type: type, data: dataStart..<dataEnd)
    }

    /// The type of the next chunk, not yet checked; nil where fewer than its length and type
    /// are left.
    func peekType() -> UInt32? {
        bytes.count - position >= 8 ? readUInt32(at: position + 4) : nil
    }

    /// The big-endian number of the four bytes at `offset`, which the caller has checked lie in the file.
    func readUInt32(at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) }
}
