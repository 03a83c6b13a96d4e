import Foundation

/// The inverse DCT of one 8×8 block into a square of 8, 4, 2 or 1 samples a side. The smaller
/// squares are the full transform's output averaged over 2×2, 4×4 or 8×8 pixels, worked out
/// from the coefficients directly: a picture decoded at 1/2, 1/4 or 1/8 of its size costs a
/// fraction of the full decode.
struct JPEGInverseDCT {
    /// For each output position n and frequency u: the weight of u's basis at n, already
    /// averaged and scaled. Row n holds 8 weights.
    private let weights: [SIMD8<Float>]
    let size: Int

    init(size: Int) {
        self.size = size
        let group = 8 / size
        weights = (0..<size).map { n in
            var row = SIMD8<Float>()
            for u in 0..<8 {
                let scale = u == 0 ? 0.5 / 2.0.squareRoot() : 0.5
                var sum = 0.0
                for j in 0..<group { sum += cos(Double(2 * (n * group + j) + 1) * Double(u) * Double.pi / 16) }
                row[u] = Float(scale * sum / Double(group))
            }
            return row
        }
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
        for n in 0..<size { rows[n] = SIMD8<Float>() }
        let raw = UnsafeRawPointer(coefficients)
        for v in 0..<8 {
            let coded = raw.loadUnaligned(fromByteOffset: v * 16, as: SIMD8<Int16>.self)
            if coded == SIMD8<Int16>() { continue }
            let row = SIMD8<Float>(coded) * quantization[v]
            for n in 0..<size { rows[n] += weights[n][v] * row }
        }
        // The rows' pass: each sample is a weighted sum of its row's frequencies.
        for n in 0..<size {
            let line = output + n * stride
            let row = rows[n]
            for m in 0..<size {
                let value = (weights[m] * row).sum() + 128.5
                line[m] = value <= 0 ? 0 : value >= 255 ? 255 : UInt8(value)
            }
        }
    }
}
