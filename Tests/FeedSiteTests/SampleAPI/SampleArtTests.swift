import Images
import XCTest

@testable import SampleAPI

/// The demo's pictures are written by `Images`' PNG writer: each decodes to the pixels drawn.
final class SampleArtTests: XCTestCase {
    func test_png_decodesToThePixelsItDrew() throws {
        for (theme, seed) in [(0, UInt64(17)), (3, 7_936), (5, 1)] {
            let png = SampleArt.png(theme: theme, seed: seed, size: 48)

            let decoded = try PNGDecoder.decode(png, maxPixels: 48 * 48).bitmap

            let drawn = SampleArt.pixels(theme: SampleArt.themes[theme], seed: seed, width: 48, height: 48)
            XCTAssertEqual(decoded, Bitmap(width: 48, height: 48, layout: .rgb, samples: drawn), "theme \(theme), seed \(seed)")
        }
    }
}
