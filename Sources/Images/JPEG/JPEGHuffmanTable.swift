/// One Huffman table of a JPEG: the symbol each code stands for, found in one look-up for codes
/// of up to `lookupBits` bits and by code length for longer ones. A class over fixed buffers, so
/// the decoding loop reads it without copies or bounds checks.
final class JPEGHuffmanTable {
    static let lookupBits = 9

    /// For each `lookupBits`-bit prefix: the code's length in the high byte and its symbol in
    /// the low byte, or 0 when the code is longer.
    let lookup: UnsafeMutablePointer<UInt16>
    /// The largest code of each length (1 to 16), -1 when there is none.
    let maxCode: UnsafeMutablePointer<Int32>
    /// What to add to a code of each length to find its symbol's index in `symbols`.
    let offset: UnsafeMutablePointer<Int32>
    /// The symbols, then zeros up to 256, so any index a code of a valid length yields is in bounds.
    let symbols: UnsafeMutablePointer<UInt8>

    /// A table from the 16 counts of codes of each length and their symbols in order, or nil
    /// when the counts describe more codes than lengths can hold.
    init?(counts: [Int], symbols given: [UInt8]) {
        guard counts.count == 16, counts.reduce(0, +) == given.count, given.count <= 256 else { return nil }
        // Codes of each length must fit in that many bits: checked before anything is allocated.
        var next = 0
        for length in 1...16 {
            next += counts[length - 1]
            guard next <= 1 << length else { return nil }
            next <<= 1
        }
        lookup = .allocate(capacity: 1 << Self.lookupBits)
        lookup.initialize(repeating: 0, count: 1 << Self.lookupBits)
        maxCode = .allocate(capacity: 18)
        maxCode.initialize(repeating: -1, count: 18)
        offset = .allocate(capacity: 18)
        offset.initialize(repeating: 0, count: 18)
        symbols = .allocate(capacity: 256)
        symbols.initialize(repeating: 0, count: 256)
        for (index, symbol) in given.enumerated() { symbols[index] = symbol }
        var code: Int32 = 0
        var index: Int32 = 0
        for length in 1...16 {
            let count = Int32(counts[length - 1])
            if count > 0 {
                offset[length] = index - code
                code += count
                index += count
                maxCode[length] = code - 1
                if length <= Self.lookupBits {
                    let shift = Self.lookupBits - length
                    for c in (code - count)..<code {
                        let entry = UInt16(length) << 8 | UInt16(symbols[Int(c + offset[length])])
                        let first = Int(c) << shift
                        for slot in first..<(first + (1 << shift)) { lookup[slot] = entry }
                    }
                }
            }
            code <<= 1
        }
    }

    deinit {
        lookup.deallocate()
        maxCode.deallocate()
        offset.deallocate()
        symbols.deallocate()
    }
}
