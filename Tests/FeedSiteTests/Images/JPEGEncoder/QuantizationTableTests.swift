import XCTest

@testable import Images

final class QuantizationTableTests: XCTestCase {
    func test_scaled_atQuality50IsTheStandardTableItself() {
        XCTAssertEqual(QuantizationTable.standardLuminance.scaled(quality: 50), .standardLuminance)
        XCTAssertEqual(QuantizationTable.standardChrominance.scaled(quality: 50), .standardChrominance)
    }

    func test_scaled_atQuality100IsAllOnes() {
        XCTAssertEqual(QuantizationTable.standardLuminance.scaled(quality: 100).values, [UInt16](repeating: 1, count: 64))
    }

    func test_scaled_atQuality80TakesTwoFifthsRounded() {
        let table = QuantizationTable.standardLuminance.scaled(quality: 80)

        // (16 · 40 + 50) / 100 = 6, (11 · 40 + 50) / 100 = 4, (121 · 40 + 50) / 100 = 48.
        XCTAssertEqual(table.values[0], 6)
        XCTAssertEqual(table.values[1], 4)
        XCTAssertEqual(table.values[6 * 8 + 5], 48)
    }

    func test_scaled_atLowQualityKeepsEveryDivisorWithinAByte() {
        let table = QuantizationTable.standardChrominance.scaled(quality: 1)

        // 17 · 5000 / 100 = 850 and 99 · 50 = 4950, both over a byte's 255.
        XCTAssertEqual(table.values, [UInt16](repeating: 255, count: 64))
        XCTAssertEqual(QuantizationTable.standardLuminance.scaled(quality: 10).values[0], 80)
    }

    func test_scaled_clampsQualityToOneThroughAHundred() {
        XCTAssertEqual(QuantizationTable.standardLuminance.scaled(quality: 0), QuantizationTable.standardLuminance.scaled(quality: 1))
        XCTAssertEqual(QuantizationTable.standardLuminance.scaled(quality: -7), QuantizationTable.standardLuminance.scaled(quality: 1))
        XCTAssertEqual(QuantizationTable.standardLuminance.scaled(quality: 250), QuantizationTable.standardLuminance.scaled(quality: 100))
    }
}
