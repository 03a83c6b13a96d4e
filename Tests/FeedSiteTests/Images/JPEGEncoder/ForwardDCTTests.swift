import Foundation
import TestSupport
import XCTest

@testable import Images

final class ForwardDCTTests: XCTestCase {
    func test_transform_ofAConstantBlockGivesOnlyTheDCCoefficient() {
        let coefficients = ForwardDCT().transform([Float](repeating: 50, count: 64))

        // ¼ · C(0)² · 64 samples · 50 = 8 · 50.
        XCTAssertEqual(coefficients[0], 400, accuracy: 1e-3)
        for index in 1..<64 { XCTAssertEqual(coefficients[index], 0, accuracy: 1e-3, "coefficient \(index)") }
    }

    func test_transform_ofAHorizontalCosineGivesItsOneCoefficient() {
        // 100 · cos((2x+1)·3π/16) in every row: the basis function of u = 3, v = 0.
        let samples = (0..<64).map { Float(100 * cos(Double(2 * ($0 % 8) + 1) * 3 * .pi / 16)) }

        let coefficients = ForwardDCT().transform(samples)

        // ¼ · C(3) · C(0) · 8 rows · Σx cos² (= 4) · 100 = 800 / √2.
        XCTAssertEqual(coefficients[3], Float(800 / 2.0.squareRoot()), accuracy: 1e-2)
        for index in 0..<64 where index != 3 { XCTAssertEqual(coefficients[index], 0, accuracy: 1e-2, "coefficient \(index)") }
    }

    func test_transform_ofATwoDimensionalCosineGivesItsCoefficientAtRowVColumnU() {
        // The basis function of u = 2 across, v = 5 down, amplitude 60.
        let samples = (0..<64).map { index -> Float in
            let (y, x) = index.quotientAndRemainder(dividingBy: 8)
            return Float(60 * cos(Double(2 * x + 1) * 2 * .pi / 16) * cos(Double(2 * y + 1) * 5 * .pi / 16))
        }

        let coefficients = ForwardDCT().transform(samples)

        // ¼ · 1 · 1 · 4 · 4 · 60.
        XCTAssertEqual(coefficients[5 * 8 + 2], 240, accuracy: 1e-2)
        for index in 0..<64 where index != 5 * 8 + 2 { XCTAssertEqual(coefficients[index], 0, accuracy: 1e-2, "coefficient \(index)") }
    }

    func test_transform_keepsTheEnergyOfAnyBlock() {
        // The transform is orthonormal, so the sum of squares is the same on both sides.
        var generator = SeededGenerator(seed: 29)
        let samples = (0..<64).map { _ in Float(Int.random(in: -128...127, using: &generator)) }

        let coefficients = ForwardDCT().transform(samples)

        let energy = { (values: [Float]) in values.reduce(0) { $0 + Double($1) * Double($1) } }
        XCTAssertEqual(energy(coefficients), energy(samples), accuracy: energy(samples) * 1e-5)
    }
}
