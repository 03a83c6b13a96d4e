import CSHA256

/// SHA-1 (FIPS 180-4), for the digests web archives name their records by (`sha1:` in base32,
/// the convention WARC readers and CDX indexes expect). Not for anything that must resist a
/// forger: the site and its caches use SHA-256.
///
/// Incremental: feed bytes with `update`, read the 20-byte digest with `finalize`. On x86
/// CPUs with the SHA extensions the block function runs in `CSHA256`, as SHA-256's does
/// (BENCHMARKS.md, "What each trick buys", row "SHA-1 in hardware").
public struct SHA1: MessageDigest, Sendable {
    private let usesHardware: Bool
    private var h: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
    private var message = MessageBlocks()

    public init() {
        self.init(usingHardware: SHA256.hardwareAvailable)
    }

    /// `usingHardware: false` forces the Swift block function (for tests and comparisons).
    public init(usingHardware: Bool) {
        usesHardware = usingHardware && SHA256.hardwareAvailable
    }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var blocks = message
        blocks.add(bytes) { compress(blocks: $0) }
        message = blocks
    }

    /// `first` and `second` both take `bytes`. Where both run in hardware, the whole blocks
    /// they share go through it a block of each at a time, which costs little more than one
    /// message alone: a web archive hashes each body twice, in its record's block and as its
    /// payload (BENCHMARKS.md, "What each trick buys", row "a body's two SHA-1s in one pass").
    public static func update(_ first: inout SHA1, _ second: inout SHA1, with bytes: UnsafeRawBufferPointer) {
        guard first.usesHardware, second.usesHardware, let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            first.update(bytes)
            second.update(bytes)
            return
        }
        // Each first completes the block it holds part of, if any.
        let firstStart = min(bytes.count, first.message.bytesToBlockEnd)
        let secondStart = min(bytes.count, second.message.bytesToBlockEnd)
        first.update(UnsafeRawBufferPointer(rebasing: bytes[..<firstStart]))
        second.update(UnsafeRawBufferPointer(rebasing: bytes[..<secondStart]))
        let blocks = min((bytes.count - firstStart) / 64, (bytes.count - secondStart) / 64)
        if blocks > 0 {
            first.withStateWords { firstWords in
                second.withStateWords { secondWords in
                    feedsite_sha1_hardware_blocks2(firstWords, base + firstStart, secondWords, base + secondStart, blocks)
                }
            }
            first.message.skip(64 * blocks)
            second.message.skip(64 * blocks)
        }
        first.update(UnsafeRawBufferPointer(rebasing: bytes[(firstStart + 64 * blocks)...]))
        second.update(UnsafeRawBufferPointer(rebasing: bytes[(secondStart + 64 * blocks)...]))
    }

    /// The 20-byte digest. Consumes this value's state; call on a copy to keep hashing.
    public mutating func finalize() -> [UInt8] {
        var blocks = message
        blocks.finish { compress(blocks: $0) }
        message = blocks
        return MessageBlocks.bigEndianBytes(of: h, words: 5)
    }

    /// The five working words as the C block functions take them.
    private mutating func withStateWords(_ body: (UnsafeMutablePointer<UInt32>) -> Void) {
        withUnsafeMutablePointer(to: &h) { tuple in tuple.withMemoryRebound(to: UInt32.self, capacity: 5, body) }
    }

    /// Runs the block function over whole 64-byte blocks.
    private mutating func compress(blocks: UnsafeRawBufferPointer) {
        if usesHardware {
            withStateWords { feedsite_sha1_hardware_blocks($0, blocks.baseAddress!.assumingMemoryBound(to: UInt8.self), blocks.count / 64) }
            return
        }
        for start in stride(from: 0, to: blocks.count, by: 64) { absorb(blocks, at: start) }
    }

    /// Mixes the 64-byte block at `start` of `bytes` into the state. The message schedule is
    /// on the stack, not an array on the heap for each 64 bytes (BENCHMARKS.md, "What each
    /// trick buys", row "SHA-1's schedule on the stack").
    private mutating func absorb(_ bytes: UnsafeRawBufferPointer, at start: Int) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { w in
            for t in 0..<16 {
                let i = start + 4 * t
                w[t] = UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3])
            }
            for t in 16..<80 {
                let x = w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16]
                w[t] = x << 1 | x >> 31
            }
            var (a, b, c, d, e) = h
            for t in 0..<20 {
                let next = (a << 5 | a >> 27) &+ ((b & c) | (~b & d)) &+ e &+ 0x5A82_7999 &+ w[t]
                (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, next)
            }
            for t in 20..<40 {
                let next = (a << 5 | a >> 27) &+ (b ^ c ^ d) &+ e &+ 0x6ED9_EBA1 &+ w[t]
                (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, next)
            }
            for t in 40..<60 {
                let next = (a << 5 | a >> 27) &+ ((b & c) | (b & d) | (c & d)) &+ e &+ 0x8F1B_BCDC &+ w[t]
                (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, next)
            }
            for t in 60..<80 {
                let next = (a << 5 | a >> 27) &+ (b ^ c ^ d) &+ e &+ 0xCA62_C1D6 &+ w[t]
                (e, d, c, b, a) = (d, c, b << 30 | b >> 2, a, next)
            }
            h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e)
        }
    }
}
