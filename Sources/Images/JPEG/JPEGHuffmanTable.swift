/// One Huffman table of a JPEG: the symbol each code stands for, found in one look-up for codes
/// of up to `lookupBits` bits and by code length for longer ones.
struct JPEGHuffmanTable {
    static let lookupBits = 9

    /// For each `lookupBits`-bit prefix: the code's length in the high byte and its symbol in
    /// the low byte, or 0 when the code is longer.
    private(set) var lookup: [UInt16]
    /// The largest code of each length (1 to 16), -1 when there is none.
    private(set) var maxCode: [Int32]
    /// What to add to a code of each length to find its symbol's index in `symbols`.
    private(set) var offset: [Int32]
    private(set) var symbols: [UInt8]

    /// A table from the 16 counts of codes of each length and their symbols in order, or nil
    /// when the counts describe more codes than lengths can hold.
    init?(counts: [Int], symbols: [UInt8]) {
        guard counts.count == 16, counts.reduce(0, +) == symbols.count, symbols.count <= 256 else { return nil }
        self.symbols = symbols
        lookup = [UInt16](repeating: 0, count: 1 << Self.lookupBits)
        maxCode = [Int32](repeating: -1, count: 18)
        offset = [Int32](repeating: 0, count: 18)
        var code: Int32 = 0
        var index: Int32 = 0
        for length in 1...16 {
            let count = Int32(counts[length - 1])
            if count > 0 {
                offset[length] = index - code
                code += count
                index += count
                // Codes of a length must fit in that many bits.
                guard code <= (1 << length) else { return nil }
                maxCode[length] = code - 1
                if length <= Self.lookupBits {
                    let shift = Self.lookupBits - length
                    for c in (code - count)..<code {
                        let symbol = UInt16(symbols[Int(c + offset[length])])
                        let entry = UInt16(length) << 8 | symbol
                        let first = Int(c) << shift
                        for slot in first..<(first + (1 << shift)) { lookup[slot] = entry }
                    }
                }
            }
            code <<= 1
        }
    }
}
