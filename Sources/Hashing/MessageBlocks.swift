/// A message fed in pieces of any size, handed on as whole 64-byte blocks, and the padding
/// that ends it (FIPS 180-4, 5.1.1): what SHA-1 and SHA-256 share but their block function.
struct MessageBlocks: Sendable {
    /// The bytes of a block not yet whole.
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    init() {
        pending.reserveCapacity(64)
    }

    /// Takes `bytes`: the block they complete, if an earlier piece left one begun, and their
    /// whole blocks after it (`bytes` rebased, maybe empty), in the order they are to be
    /// hashed; what is left over is kept for the next piece.
    mutating func add(_ bytes: UnsafeRawBufferPointer) -> (completed: [UInt8]?, whole: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var at = 0
        var completed: [UInt8]?
        if !pending.isEmpty {
            at = min(64 - pending.count, bytes.count)
            pending.append(contentsOf: bytes[0..<at])
            guard pending.count == 64 else { return (nil, UnsafeRawBufferPointer(rebasing: bytes[at..<at])) }
            completed = pending
            pending.removeAll(keepingCapacity: true)
        }
        let end = at + (bytes.count - at) / 64 * 64
        pending.append(contentsOf: bytes[end...])
        return (completed, UnsafeRawBufferPointer(rebasing: bytes[at..<end]))
    }

    /// The last block or two: the bytes left over, the `0x80` marker, zeros, and the
    /// message's length in bits, big-endian. Consumes the message.
    mutating func finish() -> [UInt8] {
        let bits = length &* 8
        var tail = pending + [0x80]
        tail += repeatElement(0, count: (119 - pending.count) % 64)
        tail += (0..<8).reversed().map { UInt8(truncatingIfNeeded: bits >> (8 * UInt64($0))) }
        pending.removeAll()
        return tail
    }
}
