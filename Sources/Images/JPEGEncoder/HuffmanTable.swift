/// A Huffman table made for the symbols one scan uses: shorter codes for frequent symbols,
/// no code longer than 16 bits and none made of 1-bits only.
struct HuffmanTable: Equatable, Sendable {
    /// `counts[n]` codes are `n + 1` bits long.
    let counts: [UInt8]
    /// The symbols, from the shortest code to the longest.
    let symbols: [UInt8]
    /// The code of each of the 256 symbols, right-aligned; its length in `lengths`.
    let codes: [UInt16]
    /// The length of each symbol's code in bits; 0 for a symbol without a code.
    let lengths: [UInt8]

    /// The table for these counts of each of the 256 symbols (symbols counted 0 get no code).
    ///
    /// Code lengths come from the classic pairing of the two least frequent entries, with one
    /// extra symbol that takes the longest code so no real code is all ones; lengths over 16
    /// are then folded back, each pair of longest codes trading places with a shorter one, and
    /// codes are numbered in order of length, then of symbol.
    init(frequencies: [Int]) {
        precondition(frequencies.count == 256, "a Huffman table counts 256 symbols")
        var frequency = frequencies + [1]
        var codeSize = [Int](repeating: 0, count: 257)
        var next = [Int](repeating: -1, count: 257)
        while true {
            var least = -1
            var second = -1
            for symbol in 0..<257 where frequency[symbol] > 0 {
                // Among equal counts the larger symbol is taken, so the result is always the same.
                if least < 0 || frequency[symbol] <= frequency[least] {
                    second = least
                    least = symbol
                } else if second < 0 || frequency[symbol] <= frequency[second] {
                    second = symbol
                }
            }
            guard second >= 0 else { break }
            frequency[least] += frequency[second]
            frequency[second] = 0
            var member = least
            codeSize[member] += 1
            while next[member] >= 0 {
                member = next[member]
                codeSize[member] += 1
            }
            next[member] = second
            member = second
            codeSize[member] += 1
            while next[member] >= 0 {
                member = next[member]
                codeSize[member] += 1
            }
        }
        var bits = [Int](repeating: 0, count: 258)
        for size in codeSize where size > 0 { bits[size] += 1 }
        var length = 257
        while length > 16 {
            while bits[length] > 0 {
                var shorter = length - 2
                while bits[shorter] == 0 { shorter -= 1 }
                bits[length] -= 2
                bits[length - 1] += 1
                bits[shorter + 1] += 2
                bits[shorter] -= 1
            }
            length -= 1
        }
        // The extra symbol holds one of the longest codes: drop it.
        while length > 0 && bits[length] == 0 { length -= 1 }
        if length > 0 { bits[length] -= 1 }

        var ordered = [UInt8]()
        for size in 1..<258 {
            for symbol in 0..<256 where codeSize[symbol] == size { ordered.append(UInt8(symbol)) }
        }
        var codes = [UInt16](repeating: 0, count: 256)
        var lengths = [UInt8](repeating: 0, count: 256)
        var code = 0
        var index = 0
        for size in 1...16 {
            for _ in 0..<bits[size] {
                codes[Int(ordered[index])] = UInt16(code)
                lengths[Int(ordered[index])] = UInt8(size)
                code += 1
                index += 1
            }
            code <<= 1
        }
        self.counts = (1...16).map { UInt8(bits[$0]) }
        self.symbols = ordered
        self.codes = codes
        self.lengths = lengths
    }
}
