import Basics
import TestSupport
import XCTest

final class ByteCountTextTests: XCTestCase {
    func test_describe_saysBytesWithThousandsSeparators() {
        XCTAssertEqual(ByteCountText.describe(0), "0 bytes")
        XCTAssertEqual(ByteCountText.describe(1), "1 byte")
        XCTAssertEqual(ByteCountText.describe(40), "40 bytes")
        XCTAssertEqual(ByteCountText.describe(1_024), "1,024 bytes")
        XCTAssertEqual(ByteCountText.describe(1_048_577), "1,048,577 bytes")
    }

    func test_describe_saysWholeMebibytesAsMiB() {
        XCTAssertEqual(ByteCountText.describe(16 * 1024 * 1024), "16 MiB")
        XCTAssertEqual(ByteCountText.describe(64 * 1024 * 1024), "64 MiB")
        XCTAssertEqual(ByteCountText.describe(2048 * 1024 * 1024), "2,048 MiB")
    }

    func test_approximately_saysSmallCountsExactly() {
        XCTAssertEqual(ByteCountText.approximately(0), "0 bytes")
        XCTAssertEqual(ByteCountText.approximately(1), "1 byte")
        XCTAssertEqual(ByteCountText.approximately(999), "999 bytes")
    }

    func test_approximately_saysLargerCountsInDecimalUnitsToOneDecimal() {
        XCTAssertEqual(ByteCountText.approximately(1_000), "1.0 kB")
        XCTAssertEqual(ByteCountText.approximately(4_249_000), "4.2 MB")
        XCTAssertEqual(ByteCountText.approximately(64 * 1024 * 1024), "67.1 MB")
        XCTAssertEqual(ByteCountText.approximately(3_500_000_000), "3.5 GB")
        XCTAssertEqual(ByteCountText.approximately(2_000_000_000_000_000), "2000.0 TB")
    }

    func test_approximately_takesTheNextUnitWhenTheTenthRoundsUpToAThousand() {
        XCTAssertEqual(ByteCountText.approximately(999_949), "999.9 kB")
        XCTAssertEqual(ByteCountText.approximately(999_960), "1.0 MB")
        XCTAssertEqual(ByteCountText.approximately(999_960_000), "1.0 GB")
    }
}

extension ByteCountTextTests {
    func test_symbols_saysSmallCountsInBytesWithTheSymbolAlone() {
        XCTAssertEqual(ByteCountText.symbols(0), "0 B")
        XCTAssertEqual(ByteCountText.symbols(1), "1 B")
        XCTAssertEqual(ByteCountText.symbols(999, decimalSeparator: ","), "999 B")
    }

    func test_symbols_saysLargerCountsToOneDecimalWithTheLanguagesSeparator() {
        XCTAssertEqual(ByteCountText.symbols(1_800_000), "1.8 MB")
        XCTAssertEqual(ByteCountText.symbols(1_849_999, decimalSeparator: ","), "1,8 MB")
        XCTAssertEqual(ByteCountText.symbols(999_960, decimalSeparator: ","), "1,0 MB")
        XCTAssertEqual(ByteCountText.symbols(3_500_000_000, decimalSeparator: ","), "3,5 GB")
    }
}
