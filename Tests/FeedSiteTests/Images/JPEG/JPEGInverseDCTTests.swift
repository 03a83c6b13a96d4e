import Foundation
import TestSupport
import XCTest

@testable import Images

/// The inverse DCT against its definition, summed in double precision.
final class JPEGInverseDCTTests: XCTestCase {
    func test_transform_givesEachSampleOfTheDefinitionRoundedDownWithinOneForRandomBlocksSparseAndFull() {
        var random = SeededGenerator(seed: 29)
        let idct = JPEGInverseDCT(size: 8)
        let quantization = UnsafeMutablePointer<SIMD8<Float>>.allocate(capacity: 8)
        defer { quantization.deallocate() }
        let coefficients = UnsafeMutablePointer<Int16>.allocate(capacity: 64)
        defer { coefficients.deallocate() }
        let rows = UnsafeMutablePointer<SIMD8<Float>>.allocate(capacity: 8)
        defer { rows.deallocate() }
        var output = [UInt8](repeating: 0, count: 64)
        for trial in 0..<500 {
            let steps = (0..<64).map { _ in Float(Int.random(in: 1...16, using: &random)) }
            for v in 0..<8 { quantization[v] = SIMD8(steps[(v * 8)..<(v * 8 + 8)]) }
            // Every fifth block full, the rest with a few low frequencies, as photographs are.
            let nonzero = trial % 5 == 0 ? 64 : Int.random(in: 1...6, using: &random)
            coefficients.update(repeating: 0, count: 64)
            for _ in 0..<nonzero {
                let index = trial % 5 == 0 ? Int.random(in: 0..<64, using: &random) : Int.random(in: 0..<20, using: &random)
                coefficients[index] = Int16.random(in: -60...60, using: &random)
            }
            output.withUnsafeMutableBufferPointer { idct.transform(coefficients, quantization: quantization, into: $0.baseAddress!, stride: 8, rows: rows) }

            for y in 0..<8 {
                for x in 0..<8 {
                    var sum = 0.0
                    for v in 0..<8 {
                        for u in 0..<8 {
                            let value = Double(coefficients[v * 8 + u]) * Double(steps[v * 8 + u])
                            sum += scale(u) * scale(v) * value * cos(Double((2 * x + 1) * u) * .pi / 16) * cos(Double((2 * y + 1) * v) * .pi / 16)
                        }
                    }
                    let expected = min(255, max(0, sum + 128.5)).rounded(.down)
                    XCTAssertEqual(Double(output[y * 8 + x]), expected, accuracy: 1, "block \(trial), sample (\(x), \(y))")
                }
            }
        }
    }

    private func scale(_ frequency: Int) -> Double { frequency == 0 ? 0.5 / 2.0.squareRoot() : 0.5 }
}
