import Foundation

/// MD5 (RFC 1321), for the checksum that ends a ZIM file, which its readers check. Broken as
/// a defence against a forger: nothing of ours relies on it but that format.
///
/// Incremental: feed bytes with `update`, read the 16-byte digest with `finalize`.
public struct MD5: MessageDigest, Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476)
    private var message = MessageBlocks()

    public init() {}

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var blocks = message
        blocks.add(bytes) { compress(blocks: $0) }
        message = blocks
    }

    /// The 16-byte digest. Consumes this value's state; call on a copy to keep hashing.
    public mutating func finalize() -> [UInt8] {
        var blocks = message
        blocks.finish(littleEndianLength: true) { compress(blocks: $0) }
        message = blocks
        return withUnsafeBytes(of: state) { raw in
            (0..<4).flatMap { word -> [UInt8] in
                let value = raw.load(fromByteOffset: 4 * word, as: UInt32.self)
                return (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
            }
        }
    }

    /// The sine table: the integer part of 2³² × |sin(i + 1)|.
    private static let sines: [UInt32] = (0..<64).map { UInt32(abs(sin(Double($0 + 1))) * 4_294_967_296) }
    /// How far each step rotates, four a round.
    private static let shifts: [UInt32] = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21]

    private mutating func compress(blocks: UnsafeRawBufferPointer) {
        Self.sines.withUnsafeBufferPointer { sines in
            Self.shifts.withUnsafeBufferPointer { shifts in
                for start in stride(from: 0, to: blocks.count, by: 64) {
                    absorb(blocks, at: start, sines: sines, shifts: shifts)
                }
            }
        }
    }

    /// Mixes the 64-byte block at `start` of `bytes` into the state: four rounds of sixteen
    /// steps, each round its own function of three words and its own order of the block's words.
    private mutating func absorb(_ bytes: UnsafeRawBufferPointer, at start: Int, sines: UnsafeBufferPointer<UInt32>, shifts: UnsafeBufferPointer<UInt32>) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { words in
            for index in 0..<16 { words[index] = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: start + 4 * index, as: UInt32.self)) }
            var (a, b, c, d) = state
            for step in 0..<64 {
                let mixed: UInt32
                let word: Int
                switch step >> 4 {
                case 0: (mixed, word) = ((b & c) | (~b & d), step)
                case 1: (mixed, word) = ((b & d) | (c & ~d), (5 * step + 1) & 15)
                case 2: (mixed, word) = (b ^ c ^ d, (3 * step + 5) & 15)
                default: (mixed, word) = (c ^ (b | ~d), (7 * step) & 15)
                }
                let sum = a &+ mixed &+ sines[step] &+ words[word]
                let shift = shifts[(step >> 4) << 2 | step & 3]
                (a, d, c) = (d, c, b)
                b = b &+ (sum << shift | sum >> (32 - shift))
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
        }
    }
}
