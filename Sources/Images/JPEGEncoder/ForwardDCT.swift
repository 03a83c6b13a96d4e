import Foundation

/// The two-dimensional DCT of an 8×8 block, computed as written: F(u,v) = ¼ C(u) C(v)
/// Σ Σ f(x,y) cos((2x+1)uπ/16) cos((2y+1)vπ/16), with C(0) = 1/√2 and C(n) = 1 otherwise.
///
/// Done as two passes of an 8×8 matrix product, rows then columns, in Float: exact to
/// Float's precision, and quick enough that the encoder's time goes elsewhere.
struct ForwardDCT: Sendable {
    /// `basis[u * 8 + x]` = ½ C(u) cos((2x+1)uπ/16).
    let basis: [Float]

    init() {
        var basis = [Float](repeating: 0, count: 64)
        for u in 0..<8 {
            let scale = u == 0 ? 0.5 / 2.0.squareRoot() : 0.5
            for x in 0..<8 { basis[u * 8 + x] = Float(scale * cos(Double(2 * x + 1) * Double(u) * .pi / 16)) }
        }
        self.basis = basis
    }

    /// The coefficients of `samples` (64 values, row by row), in the same natural order:
    /// index `v * 8 + u`, `u` the horizontal frequency.
    func transform(_ samples: [Float]) -> [Float] {
        precondition(samples.count == 64, "a block has 64 samples")
        var block = samples
        var scratch = [Float](repeating: 0, count: 64)
        basis.withUnsafeBufferPointer { basis in
            block.withUnsafeMutableBufferPointer { block in
                scratch.withUnsafeMutableBufferPointer { ForwardDCT.transform(block.baseAddress!, scratch: $0.baseAddress!, basis: basis.baseAddress!) }
            }
        }
        return block
    }

    /// Transforms the 64 samples at `block` in place; `scratch` holds 64 Floats.
    @inline(__always)
    static func transform(_ block: UnsafeMutablePointer<Float>, scratch: UnsafeMutablePointer<Float>, basis: UnsafePointer<Float>) {
        for y in 0..<8 {
            let row = block + y * 8
            for u in 0..<8 {
                let cosines = basis + u * 8
                var sum: Float = 0
                for x in 0..<8 { sum += row[x] * cosines[x] }
                scratch[y * 8 + u] = sum
            }
        }
        for v in 0..<8 {
            let cosines = basis + v * 8
            for u in 0..<8 {
                var sum: Float = 0
                for y in 0..<8 { sum += scratch[y * 8 + u] * cosines[y] }
                block[v * 8 + u] = sum
            }
        }
    }
}
