/// Where a scan's symbols and extra bits go: counted, to make the scan's Huffman tables, or
/// coded with those tables into the file. The same walk over the coefficients feeds both,
/// so the tables fit the symbols exactly.
protocol EntropySink {
    /// A Huffman-coded symbol from table `table` (0 for luma, 1 for chroma).
    mutating func emit(symbol: Int, table: Int)
    /// The low `count` bits of `bits`, sent as they are.
    mutating func emit(bits: UInt32, count: Int)
}

/// Counts each table's symbols; ignores the bits.
struct SymbolCounter: EntropySink {
    /// 256 counts for table 0, then 256 for table 1.
    private(set) var frequencies = [Int](repeating: 0, count: 512)

    @inline(__always)
    mutating func emit(symbol: Int, table: Int) { frequencies[table &* 256 &+ symbol] &+= 1 }

    @inline(__always)
    mutating func emit(bits: UInt32, count: Int) {}

    /// Table `table`'s counts, or nil when the scan used none of its symbols.
    func frequencies(ofTable table: Int) -> [Int]? {
        let counts = Array(frequencies[table * 256..<(table + 1) * 256])
        return counts.contains { $0 > 0 } ? counts : nil
    }
}

/// Codes symbols with the scan's tables into a bit writer.
struct SymbolWriter: EntropySink {
    var writer: JPEGBitWriter
    /// The codes and lengths of table 0's 256 symbols, then table 1's.
    private let codes: [UInt16]
    private let lengths: [UInt8]

    init(writer: JPEGBitWriter, tables: [HuffmanTable?]) {
        self.writer = writer
        var codes = [UInt16](repeating: 0, count: 512)
        var lengths = [UInt8](repeating: 0, count: 512)
        for (slot, table) in tables.prefix(2).enumerated() {
            guard let table else { continue }
            codes.replaceSubrange(slot * 256..<(slot + 1) * 256, with: table.codes)
            lengths.replaceSubrange(slot * 256..<(slot + 1) * 256, with: table.lengths)
        }
        self.codes = codes
        self.lengths = lengths
    }

    @inline(__always)
    mutating func emit(symbol: Int, table: Int) {
        let index = table &* 256 &+ symbol
        writer.write(UInt32(codes[index]), count: Int(lengths[index]))
    }

    @inline(__always)
    mutating func emit(bits: UInt32, count: Int) { writer.write(bits, count: count) }
}
