import ImageHeaders
import Images
import TestSupport
import XCTest

/// Turning a bitmap as its orientation says; reading the orientation is EXIFOrientationTests'.
final class OrientationTests: XCTestCase {
    func test_apply_matchesPillowsEXIFTransposeForEachOrientation() throws {
        let source = Bitmap(width: 5, height: 3, layout: .rgb, samples: try MetadataFixtures.bytes("orientation-source-5x3.rgb"))
        for orientation in Orientation.allCases {
            let shown = orientation.apply(to: source)
            let size = orientation.orientedSize(width: 5, height: 3)

            XCTAssertEqual([shown.width, shown.height], [size.width, size.height], "\(orientation)")
            XCTAssertEqual(shown.samples, try MetadataFixtures.bytes("orientation-\(orientation.rawValue)-shown.rgb"), "\(orientation)")
        }
    }

    func test_apply_movesWholePixelsOfEveryLayout() throws {
        // The source's RGB pixels are all different, so Pillow's result says where each came from.
        let rgb = try MetadataFixtures.bytes("orientation-source-5x3.rgb")
        let pixels = (0..<15).map { Array(rgb[$0 * 3..<$0 * 3 + 3]) }
        for layout in [Bitmap.Layout.gray, .grayAlpha, .rgba] {
            let channels = layout.channels
            let source = Bitmap(width: 5, height: 3, layout: layout, samples: (0..<15 * channels).map { UInt8($0) })
            for orientation in Orientation.allCases {
                let reference = try MetadataFixtures.bytes("orientation-\(orientation.rawValue)-shown.rgb")
                var expected: [UInt8] = []
                for shownPixel in 0..<15 {
                    let from = try XCTUnwrap(pixels.firstIndex(of: Array(reference[shownPixel * 3..<shownPixel * 3 + 3])))
                    expected += source.samples[from * channels..<from * channels + channels]
                }

                XCTAssertEqual(orientation.apply(to: source).samples, expected, "\(layout) \(orientation)")
            }
        }
    }

    func test_apply_composesIntoTheIdentityAcrossTiles() {
        let source = Bitmap(width: 131, height: 70, layout: .rgb, samples: SeededGenerator.bytes(count: 131 * 70 * 3, seed: 6))
        let right = Orientation.right.apply(to: source)

        XCTAssertEqual(Orientation.left.apply(to: right), source)
        XCTAssertEqual(Orientation.right.apply(to: right), Orientation.down.apply(to: source))
        XCTAssertEqual(Orientation.leftMirrored.apply(to: Orientation.leftMirrored.apply(to: source)), source)
        XCTAssertEqual(Orientation.rightMirrored.apply(to: Orientation.rightMirrored.apply(to: source)), source)
        XCTAssertEqual(Orientation.upMirrored.apply(to: Orientation.right.apply(to: source)), Orientation.leftMirrored.apply(to: source))
        XCTAssertEqual(Orientation.up.apply(to: source), source)
    }

    func test_apply_keepsAnEmptyBitmap() {
        let empty = Bitmap(width: 0, height: 4, layout: .rgb)

        XCTAssertEqual(Orientation.right.apply(to: empty), empty)
    }
}
