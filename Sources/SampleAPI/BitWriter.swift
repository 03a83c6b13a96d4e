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
