/// The inverse DCT of one 8×8 block into a square of 8, 4, 2 or 1 samples a side. The smaller
/// squares are the full transform's output averaged over 2×2, 4×4 or 8×8 pixels, worked out
/// from the coefficients directly: a picture decoded at 1/2, 1/4 or 1/8 of its size costs a
/// fraction of the full decode.
final class JPEGInverseDCT {
    /// For each output position n: the weight of each frequency u's basis at n, already
    /// averaged and scaled.
    private let weights: UnsafeMutablePointer<SIMD8<Float>>
    /// The same weights by frequency u: lane n is the weight of u at output position n (zero
    /// past `size`), so a row's samples are summed eight at a time.
    private let columns: UnsafeMutablePointer<SIMD8<Float>>
    /// The full transform's weights, `weights` as scalars: `scalarWeights[n * 8 + u]`.
    private let scalarWeights: UnsafeMutablePointer<Float>
    /// The full transform's row weights for output samples 0 to 3 of each frequency u; the
    /// samples 7 to 4 take the same weights, negated for odd u.
    private let halves: UnsafeMutablePointer<SIMD4<Float>>
    let size: Int

    init(size: Int) {
        self.size = size
        let group = 8 / size
        weights = .allocate(capacity: size)
        for n in 0..<size {
            var row = SIMD8<Float>()
            for u in 0..<8 {
                let scale = u == 0 ? 0.5 / 2.0.squareRoot() : 0.5
                var sum = 0.0
                for j in 0..<group { sum += Self.cosine(sixteenthsOfPi: (2 * (n * group + j) + 1) * u) }
                row[u] = Float(scale * sum / Double(group))
            }
            (weights + n).initialize(to: row)
        }
        columns = .allocate(capacity: 8)
        for u in 0..<8 {
            var column = SIMD8<Float>()
            for n in 0..<size { column[n] = weights[n][u] }
            (columns + u).initialize(to: column)
        }
        scalarWeights = .allocate(capacity: 64)
        scalarWeights.initialize(repeating: 0, count: 64)
        halves = .allocate(capacity: 8)
        for u in 0..<8 {
            for n in 0..<size { scalarWeights[n * 8 + u] = weights[n][u] }
            (halves + u).initialize(to: size == 8 ? SIMD4(weights[0][u], weights[1][u], weights[2][u], weights[3][u]) : SIMD4())
        }
    }

    /// cos(kπ/16) for k from 0 to 8.
    private static let cosines: [Double] = [
        1, 0.980_785_280_403_230_4, 0.923_879_532_511_286_7, 0.831_469_612_302_545_2, 0.707_106_781_186_547_5, 0.555_570_233_019_602_2,
        0.382_683_432_365_089_8, 0.195_090_322_016_128_3, 0,
    ]

    /// cos(kπ/16) for any k ≥ 0, from the first quarter turn's values.
    static func cosine(sixteenthsOfPi k: Int) -> Double {
        var k = k % 32
        if k > 16 { k = 32 - k }
        return k > 8 ? -cosines[16 - k] : cosines[k]
    }

    deinit {
        weights.deallocate()
        columns.deallocate()
        scalarWeights.deallocate()
        halves.deallocate()
    }

    /// Transforms `coefficients` (natural order, as coded) times `quantization` (natural order)
    /// into `size × size` samples at `output`, rows `stride` apart. `rows` is room for 8 rows
    /// of the caller's.
    @inline(__always)
    func transform(
        _ coefficients: UnsafePointer<Int16>, quantization: UnsafePointer<SIMD8<Float>>, into output: UnsafeMutablePointer<UInt8>, stride: Int,
        rows: UnsafeMutablePointer<SIMD8<Float>>
    ) {
        // The columns' pass: output row n of each frequency u is a weighted sum over the
        // coefficient rows v; rows of zeros, most of a block, are skipped.
        let raw = UnsafeRawPointer(coefficients)
        let first = raw.loadUnaligned(as: SIMD8<Int16>.self)
        var acRows = false
        for v in 1..<8 where raw.loadUnaligned(fromByteOffset: v * 16, as: SIMD8<Int16>.self) != SIMD8<Int16>() {
            acRows = true
            break
        }
        if !acRows && first &* SIMD8<Int16>(0, 1, 1, 1, 1, 1, 1, 1) == SIMD8<Int16>() {
            // Only the mean: every sample the same.
            let value = Float(first[0]) * quantization[0][0] / 8 + 128.5
            let sample: UInt8 = value <= 0 ? 0 : value >= 255 ? 255 : UInt8(value)
            for n in 0..<size { (output + n * stride).update(repeating: sample, count: size) }
            return
        }
        if size == 8 {
            transformWhole(raw, quantization: quantization, into: output, stride: stride, rows: rows)
            return
        }
        for n in 0..<size { rows[n] = SIMD8<Float>() }
        var present = SIMD8<Int16>()
        for v in 0..<8 {
            let coded = raw.loadUnaligned(fromByteOffset: v * 16, as: SIMD8<Int16>.self)
            if coded == SIMD8<Int16>() { continue }
            present |= coded
            let row = SIMD8<Float>(coded) * quantization[v]
            for n in 0..<size { rows[n] += weights[n][v] * row }
        }
        // The rows' pass: each row's samples at once, a sum over its frequencies up to the
        // last one any row holds.
        let frequencies = Self.frequencies(present)
        for n in 0..<size {
            let row = rows[n]
            var sum = SIMD8<Float>(repeating: 128.5)
            for u in 0..<frequencies { sum += row[u] * columns[u] }
            sum = sum.replacing(with: 0, where: sum .< 0).replacing(with: 255, where: sum .> 255)
            let line = output + n * stride
            for m in 0..<size { line[m] = UInt8(sum[m]) }
        }
    }

    /// The whole 8 × 8 transform, each pass in halves: a basis of even frequency is the same
    /// at positions n and 7 − n, one of odd frequency is negated, so the sums over the even
    /// and the odd frequencies for positions 0 to 3 give all eight (their sum and their
    /// difference), in half the multiplications. Rows of zeros are skipped, and each row's
    /// frequencies stop at the last one any row holds (BENCHMARKS.md, "What each trick buys",
    /// "the whole inverse DCT in even and odd halves").
    @inline(__always)
    private func transformWhole(
        _ raw: UnsafeRawPointer, quantization: UnsafePointer<SIMD8<Float>>, into output: UnsafeMutablePointer<UInt8>, stride: Int,
        rows: UnsafeMutablePointer<SIMD8<Float>>
    ) {
        var even0 = SIMD8<Float>()
        var even1 = SIMD8<Float>()
        var even2 = SIMD8<Float>()
        var even3 = SIMD8<Float>()
        var odd0 = SIMD8<Float>()
        var odd1 = SIMD8<Float>()
        var odd2 = SIMD8<Float>()
        var odd3 = SIMD8<Float>()
        var present = SIMD8<Int16>()
        for v in 0..<8 {
            let coded = raw.loadUnaligned(fromByteOffset: v * 16, as: SIMD8<Int16>.self)
            if coded == SIMD8<Int16>() { continue }
            present |= coded
            let row = SIMD8<Float>(coded) * quantization[v]
            let w = scalarWeights + v
            if v & 1 == 0 {
                even0 += w[0] * row
                even1 += w[8] * row
                even2 += w[16] * row
                even3 += w[24] * row
            } else {
                odd0 += w[0] * row
                odd1 += w[8] * row
                odd2 += w[16] * row
                odd3 += w[24] * row
            }
        }
        rows[0] = even0 + odd0
        rows[7] = even0 - odd0
        rows[1] = even1 + odd1
        rows[6] = even1 - odd1
        rows[2] = even2 + odd2
        rows[5] = even2 - odd2
        rows[3] = even3 + odd3
        rows[4] = even3 - odd3
        let frequencies = Self.frequencies(present)
        for n in 0..<8 {
            let row = rows[n]
            var even = SIMD4<Float>(repeating: 128.5)
            var odd = SIMD4<Float>()
            var u = 0
            while u < frequencies {
                even += row[u] * halves[u]
                if u + 1 < frequencies { odd += row[u + 1] * halves[u + 1] }
                u += 2
            }
            var front = even + odd
            var back = even - odd
            front = front.replacing(with: 0, where: front .< 0).replacing(with: 255, where: front .> 255)
            back = back.replacing(with: 0, where: back .< 0).replacing(with: 255, where: back .> 255)
            let line = output + n * stride
            line[0] = UInt8(front[0])
            line[1] = UInt8(front[1])
            line[2] = UInt8(front[2])
            line[3] = UInt8(front[3])
            line[4] = UInt8(back[3])
            line[5] = UInt8(back[2])
            line[6] = UInt8(back[1])
            line[7] = UInt8(back[0])
        }
    }

    /// How many of a row's frequencies a pass sums: up to the last one `present` (the
    /// coefficient rows or'ed together) holds, at least one.
    @inline(__always)
    private static func frequencies(_ present: SIMD8<Int16>) -> Int {
        var frequencies = 8
        while frequencies > 1 && present[frequencies - 1] == 0 { frequencies -= 1 }
        return frequencies
    }
}
