/// Entropy-coded bits packed into bytes, most significant bit first, each 0xFF byte
/// followed by a 0x00 so it cannot be read as a marker.
struct JPEGBitWriter {
    private(set) var bytes: [UInt8]
    private var accumulator: UInt64 = 0
    private var pending = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Appends the low `count` bits of `value` (at most 32 bits).
    @inline(__always)
    mutating func write(_ value: UInt32, count: Int) {
        accumulator = accumulator << UInt64(count) | UInt64(value) & ((1 << UInt64(count)) - 1)
        pending += count
        while pending >= 8 {
            pending -= 8
            let byte = UInt8(truncatingIfNeeded: accumulator >> UInt64(pending))
            bytes.append(byte)
            if byte == 0xFF { bytes.append(0) }
        }
    }

    /// Fills the last byte with 1-bits, as a scan's data ends.
    mutating func flush() {
        if pending > 0 { write(0x7F, count: 8 - pending) }
        accumulator = 0
    }

    /// Appends bytes as they are: markers and segments between scans.
    mutating func append(_ segment: [UInt8]) {
        precondition(pending == 0, "a segment starts on a byte boundary")
        bytes.append(contentsOf: segment)
    }
}
