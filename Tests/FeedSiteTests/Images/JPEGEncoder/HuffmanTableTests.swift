import XCTest

@testable import Images

final class HuffmanTableTests: XCTestCase {
    func test_init_givesAKnownHistogramItsHuffmanLengths() {
        // Each symbol twice as frequent as the next: lengths 1, 2, 3, 4. The reserved symbol
        // takes the other 4-bit code, 1111, so no real code is all ones.
        let table = HuffmanTable(frequencies: histogram([0x10: 8, 0x21: 4, 0x05: 2, 0xF0: 1]))

        XCTAssertEqual(table.counts, [1, 1, 1, 1] + [UInt8](repeating: 0, count: 12))
        XCTAssertEqual(table.symbols, [0x10, 0x21, 0x05, 0xF0])
        XCTAssertEqual(codes(of: table), ["0", "10", "110", "1110"])
    }

    func test_init_givesTheSmallerOfTwoEqualSymbolsTheShorterCode() {
        let table = HuffmanTable(frequencies: histogram([3: 10, 9: 10]))

        XCTAssertEqual(table.symbols, [3, 9])
        XCTAssertEqual(codes(of: table), ["0", "10"])
    }

    func test_init_givesOneSymbolAOneBitCodeOfZero() {
        let table = HuffmanTable(frequencies: histogram([0: 500]))

        XCTAssertEqual(table.counts.first, 1)
        XCTAssertEqual(codes(of: table), ["0"])
    }

    func test_init_limitsCodesTo16BitsAndKeepsThemAPrefixCode() {
        // Fibonacci counts make the deepest possible tree: 39 levels before the limit.
        var counts = [1, 1]
        while counts.count < 40 { counts.append(counts[counts.count - 1] + counts[counts.count - 2]) }
        var frequencies = [Int](repeating: 0, count: 256)
        for (index, count) in counts.enumerated() { frequencies[index * 3] = count }

        let table = HuffmanTable(frequencies: frequencies)

        let lengths = table.symbols.map { Int(table.lengths[Int($0)]) }
        XCTAssertEqual(lengths.count, 40)
        XCTAssertLessThanOrEqual(lengths.max() ?? 99, 16)
        XCTAssertEqual(Set(table.symbols), Set((0..<40).map { UInt8($0 * 3) }))
        // Kraft's sum stays below 1: the codes fit in a prefix code with the all-ones code left over.
        let kraft = lengths.reduce(0) { $0 + (1 << (16 - $1)) }
        XCTAssertLessThan(kraft, 1 << 16)
        let words = codes(of: table)
        XCTAssertFalse(words.contains { !$0.contains("0") }, "no code is all ones")
        for (index, word) in words.enumerated() {
            for other in words[(index + 1)...] { XCTAssertFalse(other.hasPrefix(word), "\(word) is a prefix of \(other)") }
        }
        // The most frequent symbol still gets the shortest code.
        XCTAssertEqual(table.lengths[39 * 3], UInt8(lengths.min() ?? 0))
    }

    func test_init_leavesUncountedSymbolsWithoutACode() {
        let table = HuffmanTable(frequencies: histogram([1: 5, 2: 3]))

        XCTAssertEqual(table.lengths.enumerated().filter { $0.element > 0 }.map(\.offset), [1, 2])
    }

    private func histogram(_ counts: [Int: Int]) -> [Int] {
        var frequencies = [Int](repeating: 0, count: 256)
        for (symbol, count) in counts { frequencies[symbol] = count }
        return frequencies
    }

    /// The table's codes as strings of bits, in the order of its symbols.
    private func codes(of table: HuffmanTable) -> [String] {
        table.symbols.map { symbol in
            let length = Int(table.lengths[Int(symbol)])
            let bits = String(table.codes[Int(symbol)], radix: 2)
            return String(repeating: "0", count: length - bits.count) + bits
        }
    }
}
