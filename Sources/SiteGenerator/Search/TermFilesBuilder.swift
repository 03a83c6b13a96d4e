import Basics

/// Splits the sorted terms into leaves and unions, depth first, numbering the files in key
/// order. Neighbouring leaves share a file while it stays within the budget, so a small feed's
/// index is a file or two, not one per first letter.
struct TermFilesBuilder {
    let entries: [SearchIndex.Entry]
    let itemCount: Int
    let leafBudget: Int
    var terms = SearchIndex.Terms()
    /// Leaves waiting to be written together: their keys, terms and bytes.
    private var pack: (keys: [String], terms: [Range<Int>], bytes: Int) = ([], [], 0)
    private var leafFileCount = 0

    init(entries: [SearchIndex.Entry], itemCount: Int, leafBudget: Int) {
        self.entries = entries
        self.itemCount = itemCount
        self.leafBudget = leafBudget
    }

    /// The terms of `range` share their first `depth` scalars (every term at depth 0); each
    /// group of them that shares one more becomes a leaf, or a union and what is under it.
    mutating func split(_ range: Range<Int>, depth: Int) {
        var start = range.lowerBound
        // Terms no longer than the prefix are found through its union.
        while start < range.upperBound, entries[start].scalarCount <= depth { start += 1 }
        while start < range.upperBound {
            let next = entries[start].scalar(at: depth)
            var end = start + 1
            while end < range.upperBound, entries[end].scalar(at: depth) == next { end += 1 }
            add(start..<end, depth: depth + 1)
            start = end
        }
        if depth == 0 { writePack() }
    }

    /// The terms of `range`, which share their first `depth` scalars: a leaf while they fit
    /// in the budget (or are one term), else a union and the leaves and unions under it.
    private mutating func add(_ range: Range<Int>, depth: Int) {
        let key = entries[range.lowerBound].prefix(depth)
        let bytes = range.reduce(0) { $0 + entries[$1].leafBytes }
        if framing + bytes <= leafBudget || range.count == 1 {
            if framing + pack.bytes + bytes > leafBudget { writePack() }
            pack.keys.append(key)
            pack.terms.append(range)
            pack.bytes += bytes
            return
        }
        writePack()
        var union = [UInt64](repeating: 0, count: (itemCount + 63) / 64)
        for index in range {
            for item in entries[index].items.list { union[Int(item / 64)] |= 1 << (item % 64) }
        }
        var items: [UInt32] = []
        for (word, bits) in union.enumerated() where bits != 0 {
            for bit in 0..<64 where bits & (1 << bit) != 0 { items.append(UInt32(word * 64 + bit)) }
        }
        let number = terms.unions.count
        terms.unions.append((key, number))
        terms.files.append(.init(name: "u\(number)", text: SearchIndex.call("u\(number)", "\"" + SearchPostings.encode(items) + "\"")))
        split(range, depth: depth)
    }

    /// A leaf file's bytes besides its terms' (less the ", " after the last one), for a number
    /// no shorter than that of the file the terms go to: the pack waiting or the one after.
    private var framing: Int { SearchIndex.call("t\(leafFileCount + 1)", "[]").utf8.count - 2 }

    /// Writes the leaves waiting as one file.
    private mutating func writePack() {
        guard !pack.keys.isEmpty else { return }
        let number = leafFileCount
        leafFileCount += 1
        var value = "["
        value.reserveCapacity(pack.bytes + 2)
        for index in pack.terms.joined() {
            if value.utf8.count > 1 { value += ", " }
            value += JSONText.quoted(entries[index].term) + ", \"" + SearchPostings.encode(entries[index].items.list) + "\""
        }
        value += "]"
        for key in pack.keys { terms.leaves.append((key, number)) }
        terms.files.append(.init(name: "t\(number)", text: SearchIndex.call("t\(number)", value)))
        pack = ([], [], 0)
    }
}
