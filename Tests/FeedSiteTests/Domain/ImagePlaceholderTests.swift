import FeedCore
import XCTest

final class ImagePlaceholderTests: XCTestCase {
    func test_hex_isEachColoursDigitsInTurnAndReadsBack() throws {
        let placeholder = try XCTUnwrap(ImagePlaceholder(samples: [0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF, 0xFF]))

        XCTAssertEqual(placeholder.hex, "0123456789abcdefff")
        XCTAssertEqual(ImagePlaceholder(hex: placeholder.hex), placeholder)
        XCTAssertEqual(placeholder.colours.map(\.hex), ["012345", "6789ab", "cdefff"])
    }

    func test_init_refusesWhatIsNotAWholeNumberOfColours() {
        XCTAssertNil(ImagePlaceholder(samples: []))
        XCTAssertNil(ImagePlaceholder(samples: [1, 2, 3, 4]))
        XCTAssertNil(ImagePlaceholder(hex: ""))
        XCTAssertNil(ImagePlaceholder(hex: "0123456"))
        XCTAssertNil(ImagePlaceholder(hex: "01234"))
        XCTAssertNil(ImagePlaceholder(hex: "ABCDEF"), "lowercase only, as it is written")
        XCTAssertNil(ImagePlaceholder(hex: "01234g"))
    }
}
