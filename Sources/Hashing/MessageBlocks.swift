/// A message fed in pieces of any size, handed on as whole 64-byte blocks, and the padding
/// that ends it (FIPS 180-4, 5.1.1): what SHA-1, SHA-256 and MD5 share but their block
/// function (MD5 writes the length little-endian).
/// The block not yet whole is held in the value itself, so hashing allocates nothing: a run
/// hashes hundreds of thousands of small messages (BENCHMARKS.md, "What each trick buys",
/// row "hashing without allocating").
struct MessageBlocks: Sendable {
    private typealias Block = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    /// The bytes of a block not yet whole: the first `held` of it.
    private var pending: Block = (0, 0, 0, 0, 0, 0, 0, 0)
    private var held = 0
    private var length: UInt64 = 0

    /// Takes `bytes`, handing `compress` the block they complete, if an earlier piece left
    /// one begun, then their whole blocks, in the order they are to be hashed; what is left
    /// over is kept for the next piece.
    mutating func add(_ bytes: UnsafeRawBufferPointer, to compress: (UnsafeRawBufferPointer) -> Void) {
        length &+= UInt64(bytes.count)
        var at = 0
        if held > 0 {
            at = min(64 - held, bytes.count)
            keep(UnsafeRawBufferPointer(rebasing: bytes[0..<at]))
            guard held == 64 else { return }
            withUnsafeBytes(of: pending) { compress($0) }
            held = 0
        }
        let end = at + (bytes.count - at) / 64 * 64
        if end > at { compress(UnsafeRawBufferPointer(rebasing: bytes[at..<end])) }
        keep(UnsafeRawBufferPointer(rebasing: bytes[end...]))
    }

    /// How many bytes would complete the block begun: 0 when none is.
    var bytesToBlockEnd: Int { held == 0 ? 0 : 64 - held }

    /// Counts `count` bytes, whole blocks hashed elsewhere, as part of the message; only
    /// when no block is begun.
    mutating func skip(_ count: Int) {
        precondition(held == 0 && count % 64 == 0, "only whole blocks are hashed elsewhere")
        length &+= UInt64(count)
    }

    /// Ends the message: the padding after what is kept, 0x80, zeros, then the message's
    /// length in bits, big-endian (little-endian for MD5), as the last one or two blocks,
    /// handed to `compress`.
    mutating func finish(littleEndianLength: Bool = false, to compress: (UnsafeRawBufferPointer) -> Void) {
        let bits = length &* 8
        withUnsafeTemporaryAllocation(byteCount: 128, alignment: 8) { tail in
            tail.initializeMemory(as: UInt8.self, repeating: 0)
            withUnsafeBytes(of: pending) { tail.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<held])) }
            tail[held] = 0x80
            let count = held < 56 ? 64 : 128
            tail.storeBytes(of: littleEndianLength ? bits.littleEndian : bits.bigEndian, toByteOffset: count - 8, as: UInt64.self)
            compress(UnsafeRawBufferPointer(rebasing: tail[0..<count]))
        }
        held = 0
        length = 0
    }

    private mutating func keep(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        let start = held
        withUnsafeMutableBytes(of: &pending) { UnsafeMutableRawBufferPointer(rebasing: $0[start..<(start + bytes.count)]).copyMemory(from: bytes) }
        held += bytes.count
    }

    /// The first `words` 32-bit words of `state` (a tuple of them), each big-endian: a
    /// digest's bytes.
    static func bigEndianBytes<State>(of state: State, words: Int) -> [UInt8] {
        withUnsafeBytes(of: state) { raw in
            [UInt8](unsafeUninitializedCapacity: 4 * words) { digest, count in
                for index in 0..<words {
                    let word = raw.load(fromByteOffset: 4 * index, as: UInt32.self)
                    for byte in 0..<4 { digest[4 * index + byte] = UInt8(truncatingIfNeeded: word >> (24 - 8 * byte)) }
                }
                count = 4 * words
            }
        }
    }
}
