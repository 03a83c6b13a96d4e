import Foundation

/// The two-dimensional DCT of an 8×8 block, computed as written: F(u,v) = ¼ C(u) C(v)
/// Σ Σ f(x,y) cos((2x+1)uπ/16) cos((2y+1)vπ/16), with C(0) = 1/√2 and C(n) = 1 otherwise.
///
/// Done as two passes of an 8×8 matrix product, rows then columns, in Float: exact to
/// Float's precision. Each pass works on whole rows of eight lanes, which the processor
/// multiplies and adds at once.
struct ForwardDCT: Sendable {
    /// `basis[u * 8 + x]` = ½ C(u) cos((2x+1)uπ/16).
    let basis: [Float]
    /// `columns[x]` holds `basis[u * 8 + x]` for every `u`: what sample `x` of a row adds to
    /// each of the row's eight frequencies.
    let columns: [SIMD8<Float>]

    init() {
        var basis = [Float](repeating: 0, count: 64)
        for u in 0..<8 {
            let scale = u == 0 ? 0.5 / 2.0.squareRoot() : 0.5
            for x in 0..<8 { basis[u * 8 + x] = Float(scale * cos(Double(2 * x + 1) * Double(u) * .pi / 16)) }
        }
        self.basis = basis
        self.columns = (0..<8).map { x in SIMD8<Float>((0..<8).map { basis[$0 * 8 + x] }) }
    }

    /// The coefficients of `samples` (64 values, row by row), in the same natural order:
    /// index `v * 8 + u`, `u` the horizontal frequency.
    func transform(_ samples: [Float]) -> [Float] {
        precondition(samples.count == 64, "a block has 64 samples")
        var rows = (0..<8).map { SIMD8<Float>(samples[($0 * 8)..<($0 * 8 + 8)]) }
        var scratch = [SIMD8<Float>](repeating: .zero, count: 8)
        basis.withUnsafeBufferPointer { basis in
            columns.withUnsafeBufferPointer { columns in
                rows.withUnsafeMutableBufferPointer { rows in
                    scratch.withUnsafeMutableBufferPointer {
                        ForwardDCT.transform(rows.baseAddress!, scratch: $0.baseAddress!, basis: basis.baseAddress!, columns: columns.baseAddress!)
                    }
                }
            }
        }
        return rows.flatMap { row in (0..<8).map { row[$0] } }
    }

    /// Transforms the block's eight rows at `rows` in place (row `v` of the result holds the
    /// frequencies `v * 8 + u`); `scratch` holds eight rows.
    @inline(__always)
    static func transform(
        _ rows: UnsafeMutablePointer<SIMD8<Float>>, scratch: UnsafeMutablePointer<SIMD8<Float>>, basis: UnsafePointer<Float>,
        columns: UnsafePointer<SIMD8<Float>>
    ) {
        for y in 0..<8 {
            let row = rows[y]
            var sum = columns[0] * row[0]
            for x in 1..<8 { sum += columns[x] * row[x] }
            scratch[y] = sum
        }
        for v in 0..<8 {
            let cosines = basis + v * 8
            var sum = scratch[0] * cosines[0]
            for y in 1..<8 { sum += scratch[y] * cosines[y] }
            rows[v] = sum
        }
    }
}
