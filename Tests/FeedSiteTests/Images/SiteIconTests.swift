import Images
import XCTest

/// The site's icon, drawn at any size: the accent blue square with rounded corners, a white
/// sun and hills inside.
final class SiteIconTests: XCTestCase {
    func test_bitmap_isTransparentAtItsCorners_blueAtItsEdges_andWhiteInItsHills() {
        let icon = SiteIcon.bitmap(size: 48)

        XCTAssertEqual(icon.width, 48)
        XCTAssertEqual(icon.height, 48)
        XCTAssertEqual(pixel(icon, 0, 0), [0, 0, 0, 0], "a rounded corner")
        XCTAssertEqual(pixel(icon, 24, 2), [0x0A, 0x66, 0xD8, 255], "the blue above the sun and hills")
        XCTAssertEqual(pixel(icon, 18, 34), [255, 255, 255, 255], "inside the tall hill")
        XCTAssertEqual(pixel(icon, 32, 15), [255, 255, 255, 255], "the sun")
    }

    func test_png_decodesToTheBitmap_atTheSizeAsked() throws {
        for size in [16, 48] {
            let decoded = try PNGDecoder.decode(SiteIcon.png(size: size), maxPixels: 10_000).bitmap

            XCTAssertEqual(decoded.width, size)
            XCTAssertEqual(decoded.samples, SiteIcon.bitmap(size: size).samples)
        }
    }

    private func pixel(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [UInt8] {
        let at = (y * bitmap.width + x) * 4
        return Array(bitmap.samples[at..<at + 4])
    }
}
