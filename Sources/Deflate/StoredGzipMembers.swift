import Hashing

/// Gzip members whose bytes are stored as they are, in deflate's stored blocks (RFC 1951,
/// 3.2.4; RFC 1952 around them): a record of pictures and short heads, which deflating
/// would barely shrink, framed without zlib, so its bytes are copied once, to `sink`, and
/// read once more for the CRC-32 (`CRC32`) (BENCHMARKS.md, "What each trick buys", row "small
/// records stored").
public final class StoredGzipMembers: GzipMemberMaker {
    private let sink: (UnsafeRawBufferPointer) throws -> Void
    private var crc: UInt32 = 0
    private var count: UInt32 = 0
    private var begun = false

    public init(sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.sink = sink
    }

    /// The member's header: deflate, no name or time, from an unknown system.
    private static let header: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
    /// The largest stored block.
    private static let largestBlock = 65_535

    public func add(_ bytes: UnsafeRawBufferPointer) throws {
        try begin()
        var at = 0
        while at < bytes.count {
            let piece = UnsafeRawBufferPointer(rebasing: bytes[at..<min(bytes.count, at + Self.largestBlock)])
            try block(final: false, piece)
            crc = CRC32.update(crc, piece)
            count &+= UInt32(truncatingIfNeeded: piece.count)
            at += piece.count
        }
    }

    public func storeTheRest() throws {}

    /// Ends the member with an empty final block, then the CRC-32 and the length (modulo
    /// 2³²) of what it holds.
    public func endMember() throws {
        defer { dropMember() }
        try begin()
        try block(final: true, UnsafeRawBufferPointer(start: nil, count: 0))
        let trailer = (crc.littleEndian, count.littleEndian)
        try withUnsafeBytes(of: trailer) { try sink($0) }
    }

    public func dropMember() {
        crc = 0
        count = 0
        begun = false
    }

    /// The member's header, unless it was written already.
    private func begin() throws {
        guard !begun else { return }
        begun = true
        try Self.header.withUnsafeBytes { try sink($0) }
    }

    /// A stored block: its header byte (`BFINAL`, `BTYPE` 00, the rest of the byte unused),
    /// its length and the length's complement, little-endian, then its bytes.
    private func block(final: Bool, _ bytes: UnsafeRawBufferPointer) throws {
        let length = UInt16(bytes.count)
        let head: (UInt8, UInt8, UInt8, UInt8, UInt8) = (
            final ? 1 : 0, UInt8(truncatingIfNeeded: length), UInt8(length >> 8), UInt8(truncatingIfNeeded: ~length), UInt8(~length >> 8)
        )
        try withUnsafeBytes(of: head) { try sink($0) }
        if !bytes.isEmpty { try sink(bytes) }
    }
}
