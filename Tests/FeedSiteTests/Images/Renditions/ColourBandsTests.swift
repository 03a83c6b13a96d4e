import XCTest

@testable import Images

final class ColourBandsTests: XCTestCase {
    func test_bands_ofASolidRedPictureAreRed() throws {
        let red = Bitmap(width: 5, height: 7, layout: .rgb, samples: Array([[UInt8]](repeating: [255, 0, 0], count: 35).joined()))

        XCTAssertEqual(try XCTUnwrap(ColourBands(of: red)).samples, [255, 0, 0, 255, 0, 0, 255, 0, 0])
    }

    /// Half black and half white mix, as light does, to the grey of half the light (sRGB 188),
    /// not to the samples' mean (128), which looks much darker.
    func test_bands_ofAPictureHalfBlackHalfWhiteAcrossAreTheGreyOfHalfTheLight() throws {
        let row = [UInt8](repeating: 0, count: 4 * 3) + [UInt8](repeating: 255, count: 4 * 3)
        let picture = Bitmap(width: 8, height: 6, layout: .rgb, samples: Array([[UInt8]](repeating: row, count: 6).joined()))

        XCTAssertEqual(try XCTUnwrap(ColourBands(of: picture)).samples, [UInt8](repeating: 188, count: 9))
    }

    func test_bands_goFromTheTopDown_theMiddleMixingWhatItHolds() throws {
        // Rows 0–2 black, 3–5 white: the middle band holds rows 2 and 3.
        let picture = Bitmap(width: 4, height: 6, layout: .gray, samples: [UInt8](repeating: 0, count: 12) + [UInt8](repeating: 255, count: 12))

        XCTAssertEqual(try XCTUnwrap(ColourBands(of: picture)).samples, [0, 0, 0, 188, 188, 188, 255, 255, 255])
    }

    func test_bands_ofAPictureFewerThanThreePixelsTallLendItsRowsToSeveralBands() throws {
        let one = Bitmap(width: 1, height: 1, layout: .rgb, samples: [10, 20, 30])
        let two = Bitmap(width: 1, height: 2, layout: .gray, samples: [0, 255])

        XCTAssertEqual(ColourBands(of: one)?.samples, [10, 20, 30, 10, 20, 30, 10, 20, 30])
        XCTAssertEqual(ColourBands(of: two)?.samples, [0, 0, 0, 0, 0, 0, 255, 255, 255])
    }

    func test_bands_areNoneForAPictureWithAnAlphaChannelOrWithoutPixels() {
        XCTAssertNil(ColourBands(of: Bitmap(width: 2, height: 3, layout: .rgba, filledWith: 255)))
        XCTAssertNil(ColourBands(of: Bitmap(width: 2, height: 3, layout: .grayAlpha, filledWith: 255)))
        XCTAssertNil(ColourBands(of: Bitmap(width: 0, height: 3, layout: .rgb)))
    }

    func test_bands_fromSamplesTakeNineBytesExactly() {
        XCTAssertEqual(ColourBands(samples: Array(1...9))?.samples, Array(1...9))
        XCTAssertNil(ColourBands(samples: Array(1...8)))
    }
}
