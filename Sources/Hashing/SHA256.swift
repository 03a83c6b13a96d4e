import CSHA256

/// SHA-256 (FIPS 180-4), written here because the Linux toolchain ships no hashing library.
///
/// Incremental: feed bytes with `update`, read the digest with `finalize`. `hash(_:)` does
/// both for data already in memory; `hexDigest` is the lower-case hex form used for the
/// content-addressed image cache and the manifest.
///
/// On x86 CPUs with the SHA extensions the block function runs in `CSHA256`; everywhere
/// else, and in the tests that check the two agree, it is the Swift code below. It pays in
/// the image phase of offline and warm runs, which hash every cached image they read back
/// (BENCHMARKS.md, "What each trick buys", row "SHA-256 in hardware").
public struct SHA256: MessageDigest, Sendable {
    /// Whether this CPU can run the block function in hardware.
    public static let hardwareAvailable = feedsite_sha256_hardware_available() != 0

    private let usesHardware: Bool

    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a,
        0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    private var message = MessageBlocks()

    public init() {
        self.init(usingHardware: Self.hardwareAvailable)
    }

    /// `usingHardware: false` forces the Swift block function (for tests and comparisons).
    public init(usingHardware: Bool) {
        usesHardware = usingHardware && Self.hardwareAvailable
    }

    public mutating func update(_ buffer: UnsafeRawBufferPointer) {
        var blocks = message
        blocks.add(buffer) { compress(blocks: $0) }
        message = blocks
    }

    /// The 32-byte digest. Consumes this value's state; call on a copy to keep hashing.
    public mutating func finalize() -> [UInt8] {
        var blocks = message
        blocks.finish { compress(blocks: $0) }
        message = blocks
        return MessageBlocks.bigEndianBytes(of: state, words: 8)
    }

    public static func hexDigest<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        hex(hash(bytes))
    }

    /// A digest as a value: 32 bytes inline, no heap allocation (for keeping many).
    public struct Digest: Hashable, Sendable {
        private let words: (UInt64, UInt64, UInt64, UInt64)

        public init(_ bytes: [UInt8]) {
            precondition(bytes.count == 32, "a SHA-256 digest has 32 bytes")
            func word(_ offset: Int) -> UInt64 {
                bytes[offset..<offset + 8].reduce(0) { $0 << 8 | UInt64($1) }
            }
            words = (word(0), word(8), word(16), word(24))
        }

        /// Reads 64 hex digits; `nil` for anything else.
        public init?(hex: String) {
            let digits = Array(hex.utf8)
            guard digits.count == 64 else { return nil }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(32)
            for index in stride(from: 0, to: 64, by: 2) {
                guard let byte = HexDigit.byte(digits[index], digits[index + 1]) else { return nil }
                bytes.append(byte)
            }
            self.init(bytes)
        }

        /// The 32 bytes, in order.
        public var bytes: [UInt8] {
            [words.0, words.1, words.2, words.3].flatMap { word in (0..<8).reversed().map { UInt8(truncatingIfNeeded: word >> (8 * $0)) } }
        }

        /// Lower-case hex.
        public var hex: String {
            SHA256.hex(bytes)
        }

        public static func == (lhs: Digest, rhs: Digest) -> Bool {
            lhs.words == rhs.words
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(words.0)
            hasher.combine(words.1)
            hasher.combine(words.2)
            hasher.combine(words.3)
        }
    }

    public static func digest<Bytes: Sequence>(_ bytes: Bytes) -> Digest where Bytes.Element == UInt8 {
        Digest(hash(bytes))
    }

    public static func hex(_ digest: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity(digest.count * 2)
        for byte in digest {
            out.append(HexDigit.lowercase(byte >> 4))
            out.append(HexDigit.lowercase(byte & 0x0f))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Runs the block function over whole 64-byte blocks.
    private mutating func compress(blocks: UnsafeRawBufferPointer) {
        if usesHardware {
            withUnsafeMutablePointer(to: &state) { tuple in
                tuple.withMemoryRebound(to: UInt32.self, capacity: 8) { words in
                    feedsite_sha256_hardware_blocks(words, blocks.baseAddress!.assumingMemoryBound(to: UInt8.self), blocks.count / 64)
                }
            }
            return
        }
        var offset = 0
        while offset < blocks.count {
            compress(block: UnsafeRawBufferPointer(rebasing: blocks[offset..<offset + 64]))
            offset += 64
        }
    }

    private mutating func compress(block: UnsafeRawBufferPointer) {
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            for i in 0..<16 {
                let b = 4 * i
                w[i] = UInt32(block[b]) << 24 | UInt32(block[b + 1]) << 16 | UInt32(block[b + 2]) << 8 | UInt32(block[b + 3])
            }
            for i in 16..<64 {
                let s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)
                let s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10)
                w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = state
            Self.roundConstants.withUnsafeBufferPointer { k in
                for i in 0..<64 {
                    let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                    let choice = (e & f) ^ (~e & g)
                    let t1 = h &+ s1 &+ choice &+ k[i] &+ w[i]
                    let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    let t2 = s0 &+ majority
                    h = g
                    g = f
                    f = e
                    e = d &+ t1
                    d = c
                    c = b
                    b = a
                    a = t1 &+ t2
                }
            }
            state = (
                state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d,
                state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h
            )
        }
    }

    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}

@inline(__always)
private func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 {
    (x >> n) | (x << (32 &- n))
}
