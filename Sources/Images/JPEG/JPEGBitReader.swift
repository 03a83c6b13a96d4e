/// Reads the entropy-coded bits of a scan: a 0xFF byte in the data is followed by a stuffed 0x00,
/// and any other byte after 0xFF is a marker that ends the data. Past the end it feeds zero bits
/// and counts them, so a scan that reads beyond its data is caught without reading out of bounds.
struct JPEGBitReader {
    /// The next byte of the file to take into `buffer`.
    private(set) var position: Int
    /// Unread bits, the next one highest.
    private var buffer: UInt64 = 0
    private var count = 0
    /// Whether a marker (or the file's end) was reached: from there on only zero bits come.
    private(set) var reachedMarker = false
    /// Zero bits fed after the marker, part of `count`.
    private var paddingBits = 0

    init(position: Int) {
        self.position = position
    }

    /// Whether more bits were read than the data holds.
    var isOverrun: Bool { count < paddingBits }

    @inline(__always)
    private mutating func fill(_ bytes: UnsafeBufferPointer<UInt8>) {
        while count <= 56 {
            var byte: UInt64 = 0
            if !reachedMarker {
                if position < bytes.count {
                    let b = bytes[position]
                    if b != 0xFF {
                        position += 1
                        byte = UInt64(b)
                    } else if position + 1 < bytes.count && bytes[position + 1] == 0 {
                        position += 2
                        byte = 0xFF
                    } else {
                        reachedMarker = true
                    }
                } else {
                    reachedMarker = true
                }
            }
            if reachedMarker { paddingBits += 8 }
            buffer |= byte << UInt64(56 - count)
            count += 8
        }
    }

    /// The next `n` bits (0 to 16) as a number, consumed.
    @inline(__always)
    mutating func bits(_ n: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        if n == 0 { return 0 }
        if count < n { fill(bytes) }
        let value = Int32(truncatingIfNeeded: buffer >> UInt64(64 - n))
        buffer <<= UInt64(n)
        count -= n
        return value
    }

    /// The next `n` bits read as a signed value of that size class: the difference or
    /// coefficient a JPEG codes as its size and then its bits.
    @inline(__always)
    mutating func signed(_ n: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        if n == 0 { return 0 }
        let value = bits(n, bytes)
        return value < Int32(1) << Int32(n - 1) ? value - (Int32(1) << Int32(n)) + 1 : value
    }

    /// The next symbol of `table`, or nil when the bits are no code of it.
    @inline(__always)
    mutating func symbol(_ table: JPEGHuffmanTable, _ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        if count < 16 { fill(bytes) }
        let entry = table.lookup[Int(buffer >> UInt64(64 - JPEGHuffmanTable.lookupBits))]
        if entry != 0 {
            let length = Int(entry >> 8)
            buffer <<= UInt64(length)
            count -= length
            return Int(entry & 0xFF)
        }
        for length in (JPEGHuffmanTable.lookupBits + 1)...16 {
            let code = Int32(truncatingIfNeeded: buffer >> UInt64(64 - length))
            if code <= table.maxCode[length] {
                buffer <<= UInt64(length)
                count -= length
                let index = Int(code + table.offset[length])
                return index >= 0 && index < 256 ? Int(table.symbols[index]) : nil
            }
        }
        return nil
    }

    /// Drops the bits left and steps over the restart marker that must come next; false when
    /// another marker or the file's end comes instead.
    mutating func restart(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        buffer = 0
        count = 0
        paddingBits = 0
        reachedMarker = false
        while position < bytes.count && bytes[position] == 0xFF && position + 1 < bytes.count && bytes[position + 1] == 0xFF {
            position += 1
        }
        guard position + 1 < bytes.count, bytes[position] == 0xFF, (0xD0...0xD7).contains(bytes[position + 1]) else { return false }
        position += 2
        return true
    }
}
