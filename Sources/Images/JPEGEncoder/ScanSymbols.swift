/// A scan's symbols and bare bits in the order the scan sends them, with a count of each
/// symbol: the counts make the scan's Huffman tables, then the recording is written with
/// them. Walking the coefficients once instead of twice (once to count, once to write)
/// spares most of an encode's entropy-coding time.
struct ScanSymbols {
    /// One entry per symbol or group of bits: a symbol is `1 << 31 | table << 8 | symbol`; bits
    /// are `count << 16 | value`.
    private var entries: [UInt32] = []
    /// 256 counts for table 0, then 256 for table 1.
    private var frequencies = [Int](repeating: 0, count: 512)

    /// A Huffman-coded symbol from table `table` (0 for luma, 1 for chroma).
    @inline(__always)
    mutating func emit(symbol: Int, table: Int) {
        let index = table &* 256 &+ symbol
        frequencies[index] &+= 1
        entries.append(1 << 31 | UInt32(truncatingIfNeeded: index))
    }

    /// The low `count` bits of `bits` (at most 16), sent as they are.
    @inline(__always)
    mutating func emit(bits: UInt32, count: Int) {
        entries.append(UInt32(truncatingIfNeeded: count) << 16 | bits & 0xFFFF)
    }

    /// Table `table`'s counts, or nil when the scan used none of its symbols.
    func frequencies(ofTable table: Int) -> [Int]? {
        let counts = Array(frequencies[table * 256..<(table + 1) * 256])
        return counts.contains { $0 > 0 } ? counts : nil
    }

    /// Writes the recording with `tables` (slot 0 and 1; nil for a slot no symbol uses).
    func write(into writer: inout JPEGBitWriter, tables: [HuffmanTable?]) {
        var codes = [UInt32](repeating: 0, count: 512)
        var lengths = [Int](repeating: 0, count: 512)
        for (slot, table) in tables.prefix(2).enumerated() {
            guard let table else { continue }
            for symbol in 0..<256 {
                codes[slot * 256 + symbol] = UInt32(table.codes[symbol])
                lengths[slot * 256 + symbol] = Int(table.lengths[symbol])
            }
        }
        codes.withUnsafeBufferPointer { codes in
            lengths.withUnsafeBufferPointer { lengths in
                for entry in entries {
                    if entry >> 31 == 1 {
                        let index = Int(entry & 0x1FF)
                        writer.write(codes[index], count: lengths[index])
                    } else {
                        writer.write(entry & 0xFFFF, count: Int(entry >> 16))
                    }
                }
            }
        }
    }

    /// Forgets the recording and the counts, keeping the room for the next scan.
    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        for index in frequencies.indices { frequencies[index] = 0 }
    }
}
