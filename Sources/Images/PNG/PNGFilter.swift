/// PNG's five row filters: each byte is stored as its difference from a prediction made of
/// the byte to its left (a), the byte above (b) and the byte above-left (c), all of the same
/// channel; bytes outside the picture count as zero.
enum PNGFilter {
    static let none: UInt8 = 0
    static let sub: UInt8 = 1
    static let up: UInt8 = 2
    static let average: UInt8 = 3
    static let paeth: UInt8 = 4

    /// Of a, b and c, the one nearest to a + b − c, ties going to a, then b.
    @inline(__always)
    static func paethPredictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let ia = Int(a)
        let ib = Int(b)
        let ic = Int(c)
        let pa = abs(ib - ic)
        let pb = abs(ia - ic)
        let pc = abs(ia + ib - 2 * ic)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// Undoes `filter` in place on the `count` bytes at `row`, given the unfiltered row above
    /// (nil for a pass's first row); `stride` is the bytes of a pixel, at least 1. False for a
    /// filter type that does not exist.
    static func unfilter(
        _ filter: UInt8, row: UnsafeMutablePointer<UInt8>, prior: UnsafePointer<UInt8>?, count: Int, stride: Int
    ) -> Bool {
        switch filter {
        case none:
            return true
        case sub:
            var x = stride
            while x < count {
                row[x] = row[x] &+ row[x - stride]
                x += 1
            }
        case up:
            guard let prior else { return true }
            for x in 0..<count { row[x] = row[x] &+ prior[x] }
        case average:
            if let prior {
                for x in 0..<min(stride, count) { row[x] = row[x] &+ prior[x] >> 1 }
                var x = stride
                while x < count {
                    row[x] = row[x] &+ UInt8(truncatingIfNeeded: (Int(row[x - stride]) + Int(prior[x])) >> 1)
                    x += 1
                }
            } else {
                var x = stride
                while x < count {
                    row[x] = row[x] &+ row[x - stride] >> 1
                    x += 1
                }
            }
        case paeth:
            if let prior {
                // With nothing to the left, the predictor is the byte above.
                for x in 0..<min(stride, count) { row[x] = row[x] &+ prior[x] }
                var x = stride
                while x < count {
                    row[x] = row[x] &+ paethPredictor(row[x - stride], prior[x], prior[x - stride])
                    x += 1
                }
            } else {
                // With nothing above, the predictor is the byte to the left, as for Sub.
                var x = stride
                while x < count {
                    row[x] = row[x] &+ row[x - stride]
                    x += 1
                }
            }
        default:
            return false
        }
        return true
    }

    /// Filters the `count` bytes at `row` (the row above at `prior`, zeros for the first) with
    /// the filter whose output has the least sum of absolute values, each byte read as signed:
    /// a cheap guess at what deflate compresses best (ties go to the lower filter type). Writes
    /// the filter type and then the filtered bytes to `output`; `scratch` has room for 4 ×
    /// `count` bytes.
    static func filterBest(
        row: UnsafePointer<UInt8>, prior: UnsafePointer<UInt8>, count: Int, stride: Int,
        scratch: UnsafeMutablePointer<UInt8>, output: UnsafeMutablePointer<UInt8>
    ) {
        let subRow = scratch
        let upRow = scratch + count
        let averageRow = scratch + 2 * count
        let paethRow = scratch + 3 * count
        var sums = (0, 0, 0, 0, 0)
        @inline(__always) func cost(_ byte: UInt8) -> Int { byte < 128 ? Int(byte) : 256 - Int(byte) }
        for x in 0..<count {
            let value = row[x]
            let a = x >= stride ? row[x - stride] : 0
            let b = prior[x]
            let c = x >= stride ? prior[x - stride] : 0
            let filtered = (
                value &- a, value &- b, value &- UInt8(truncatingIfNeeded: (Int(a) + Int(b)) >> 1), value &- paethPredictor(a, b, c)
            )
            subRow[x] = filtered.0
            upRow[x] = filtered.1
            averageRow[x] = filtered.2
            paethRow[x] = filtered.3
            sums.0 += cost(value)
            sums.1 += cost(filtered.0)
            sums.2 += cost(filtered.1)
            sums.3 += cost(filtered.2)
            sums.4 += cost(filtered.3)
        }
        var best = (filter: none, sum: sums.0, bytes: row)
        for (filter, sum, bytes) in [(sub, sums.1, subRow), (up, sums.2, upRow), (average, sums.3, averageRow), (paeth, sums.4, paethRow)]
        where sum < best.sum {
            best = (filter, sum, UnsafePointer(bytes))
        }
        output[0] = best.filter
        (output + 1).update(from: best.bytes, count: count)
    }
}
