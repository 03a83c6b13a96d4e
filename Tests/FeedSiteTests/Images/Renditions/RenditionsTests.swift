import ImageHeaders
import XCTest

@testable import Images

final class RenditionsTests: XCTestCase {
    private let recipe = RenditionRecipe(widths: [480, 960, 1600], quality: 80, maxPixels: 50_000_000)

    func test_make_givesAJPEGAtEachWidthNarrowerThanThePictureKeepingItsShape() throws {
        let source = JPEGEncoder.encode(gradient(width: 2000, height: 1000), quality: 90)

        let renditions = try Renditions.make(from: source, recipe: recipe).renditions

        XCTAssertEqual(renditions.map(\.width), [480, 960, 1600])
        XCTAssertEqual(renditions.map(\.height), [240, 480, 800])
        XCTAssertEqual(renditions.map(\.format), [.jpeg, .jpeg, .jpeg])
        for rendition in renditions {
            let decoded = try JPEGDecoder.decode(rendition.bytes, maxPixels: 10_000_000)
            XCTAssertEqual([decoded.width, decoded.height], [rendition.width, rendition.height])
        }
    }

    func test_make_keepsThePictureItself_aSmoothGradientComesBackCloseToTheSource() throws {
        let picture = gradient(width: 1200, height: 600)

        let rendition = try XCTUnwrap(try Renditions.make(from: JPEGEncoder.encode(picture, quality: 95), recipe: recipe).renditions.dropLast().last)

        XCTAssertEqual(rendition.width, 960)
        let decoded = try JPEGDecoder.decode(rendition.bytes, maxPixels: 10_000_000)
        // The gradient at the rendition's scale, against what came back: only the codecs'
        // rounding and the quality's loss between them.
        let expected = gradient(width: 960, height: 480)
        XCTAssertGreaterThan(psnr(decoded.samples, expected.samples), 35)
    }

    func test_make_givesAPictureNarrowerThanTheWidestWidthARenditionAtItsOwnWidthToo() throws {
        let source = JPEGEncoder.encode(gradient(width: 1080, height: 720), quality: 90)

        let renditions = try Renditions.make(from: source, recipe: recipe).renditions

        XCTAssertEqual(renditions.map { [$0.width, $0.height] }, [[480, 320], [960, 640], [1080, 720]])
        let decoded = try JPEGDecoder.decode(renditions[2].bytes, maxPixels: 10_000_000)
        XCTAssertEqual([decoded.width, decoded.height], [1080, 720])
    }

    func test_widths_areEachWidthNarrowerThanThePictureAndItsOwnUpToTheWidest() {
        let widths = [480, 960, 1600]

        XCTAssertEqual(Renditions.widths(widths, uprightWidth: 720), [480, 720])
        XCTAssertEqual(Renditions.widths(widths, uprightWidth: 1080), [480, 960, 1080])
        XCTAssertEqual(Renditions.widths(widths, uprightWidth: 3000), [480, 960, 1600])
        XCTAssertEqual(Renditions.widths(widths, uprightWidth: 960), [480, 960], "its own width is one of the widths")
        XCTAssertEqual(Renditions.widths(widths, uprightWidth: 1600), [480, 960, 1600])
        XCTAssertEqual(Renditions.widths(widths, uprightWidth: 1601), [480, 960, 1600])
        XCTAssertEqual(Renditions.widths(widths, uprightWidth: 481), [480, 481])
        XCTAssertEqual(Renditions.widths(widths, uprightWidth: 480), [], "no wider than the narrowest: the original serves")
        XCTAssertEqual(Renditions.widths(widths, uprightWidth: 300), [])
        XCTAssertEqual(Renditions.widths([], uprightWidth: 300), [])
    }

    func test_make_givesNoRenditionsButItsColourBandsForAPictureNoWiderThanTheNarrowestWidth() throws {
        let source = JPEGEncoder.encode(Bitmap(width: 480, height: 300, layout: .rgb, samples: red(pixels: 480 * 300)), quality: 90)

        let made = try Renditions.make(from: source, recipe: recipe)

        XCTAssertEqual(made.renditions, [])
        let bands = try XCTUnwrap(made.bands).samples
        for band in 0..<ColourBands.count {
            XCTAssertEqual(Int(bands[band * 3]), 254, accuracy: 2, "red, decoded at an eighth")
            XCTAssertEqual(Int(bands[band * 3 + 1]), 0, accuracy: 2)
            XCTAssertEqual(Int(bands[band * 3 + 2]), 0, accuracy: 2)
        }
    }

    /// Renditions are narrower than the upright picture, which the docs call small enough
    /// however tall. Turned a quarter, the same picture is wide.
    func test_make_givesNoneForATallPictureNoWiderThanTheNarrowestWidth_unlessItIsTurned() throws {
        let tall = JPEGEncoder.encode(gradient(width: 8, height: 2_000), quality: 80)

        XCTAssertEqual(try Renditions.make(from: tall, recipe: recipe).renditions, [])
        XCTAssertEqual(try Renditions.make(from: withEXIFOrientation(6, tall), recipe: recipe).renditions.map(\.width), [480, 960, 1600])
    }

    func test_make_takesTheColourBandsFromTheUprightPicture() throws {
        // Stored black on the left and white on the right; turned a quarter clockwise
        // (orientation 6), the black is at the top.
        var samples = [UInt8]()
        for _ in 0..<600 { samples += [UInt8](repeating: 0, count: 300 * 3) + [UInt8](repeating: 255, count: 300 * 3) }
        let stored = JPEGEncoder.encode(Bitmap(width: 600, height: 600, layout: .rgb, samples: samples), quality: 90)

        let bands = try XCTUnwrap(try Renditions.make(from: withEXIFOrientation(6, stored), recipe: recipe).bands).samples

        XCTAssertEqual(Int(bands[0]), 0, accuracy: 3, "black at the top")
        XCTAssertEqual(Int(bands[6]), 255, accuracy: 3, "white at the bottom")
    }

    func test_make_turnsThePictureUprightAsItsEXIFOrientationSays() throws {
        // Stored 40 × 20, to be turned a quarter (orientation 6): upright it is 20 × 40.
        let stored = JPEGEncoder.encode(gradient(width: 40, height: 20), quality: 90)
        let source = withEXIFOrientation(6, stored)

        let renditions = try Renditions.make(from: source, recipe: RenditionRecipe(widths: [10], quality: 80, maxPixels: 1_000)).renditions

        XCTAssertEqual(renditions.map { [$0.width, $0.height] }, [[10, 20]])
        XCTAssertEqual(Orientation.read(fromJPEG: renditions[0].bytes), .up, "no EXIF is kept: the pixels are upright")
    }

    func test_make_keepsTheICCProfileAndNothingElseOfTheMetadata() throws {
        let profile = iccProfile(bytes: 3_000)
        let source = withEXIFOrientation(1, JPEGEncoder.encode(gradient(width: 800, height: 400), quality: 80, iccProfile: profile))

        let rendition = try XCTUnwrap(try Renditions.make(from: source, recipe: recipe).renditions.first)

        XCTAssertEqual(ICCProfile.read(fromJPEG: rendition.bytes), profile)
        XCTAssertFalse(rendition.bytes.contains(subsequence: Array("Exif".utf8)), "no EXIF, so no GPS either")
    }

    func test_make_givesAPNGForAPictureWithTransparencyAndAJPEGForAnOpaqueOne() throws {
        var transparent = Bitmap(width: 1000, height: 500, layout: .rgba, filledWith: 200)
        transparent.samples[3] = 0
        let opaque = Bitmap(width: 1000, height: 500, layout: .rgba, filledWith: 255)

        let fromTransparent = try Renditions.make(from: PNGWriter.encode(transparent), recipe: recipe)
        let fromOpaque = try Renditions.make(from: PNGWriter.encode(opaque), recipe: recipe)

        XCTAssertEqual(fromTransparent.renditions.map(\.format), [.png, .png, .png])
        XCTAssertEqual(try PNGDecoder.decode(fromTransparent.renditions[0].bytes, maxPixels: 1_000_000).bitmap.layout, .rgba)
        XCTAssertNil(fromTransparent.bands, "what shows through is the page's, light or dark")
        XCTAssertEqual(fromOpaque.renditions.map(\.format), [.jpeg, .jpeg, .jpeg])
        XCTAssertEqual(fromOpaque.bands?.samples, [UInt8](repeating: 255, count: 9))
    }

    func test_make_refusesAPictureOfMorePixelsThanTheRecipeAllowsFromItsHeaderAlone() {
        let source = JPEGEncoder.encode(gradient(width: 100, height: 100), quality: 80)

        XCTAssertThrowsError(try Renditions.make(from: source, recipe: RenditionRecipe(widths: [50], quality: 80, maxPixels: 9_999))) {
            XCTAssertEqual($0 as? ImageDecodingError, .tooManyPixels(width: 100, height: 100, limit: 9_999))
        }
    }

    func test_make_saysAKindOfFileItDoesNotReadIsUnsupported() {
        let webP = Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)

        XCTAssertThrowsError(try Renditions.make(from: webP, recipe: recipe)) { error in
            guard case .unsupported? = error as? ImageDecodingError else { return XCTFail("\(error)") }
        }
    }

    func test_decodeScale_reducesAJPEGWhileKeepingItTwiceTheWidestRendition() {
        XCTAssertEqual(Renditions.decodeScale(uprightWidth: 8000, widest: 1600), 2, "4000 pixels, not 8000, for a 1600-pixel rendition")
        XCTAssertEqual(Renditions.decodeScale(uprightWidth: 6400, widest: 1600), 2, "3200, exactly twice")
        XCTAssertEqual(Renditions.decodeScale(uprightWidth: 5120, widest: 1600), 1, "2560 would be less than 3200")
        XCTAssertEqual(Renditions.decodeScale(uprightWidth: 5120, widest: 480), 4, "1280 ≥ 960; 640 would not be")
        XCTAssertEqual(Renditions.decodeScale(uprightWidth: 12_000, widest: 480), 8)
    }

    func test_recipe_namesWidthsQualityAndTheCodecsVersionInItsKey() {
        XCTAssertEqual(
            RenditionRecipe(widths: [1600, 480, 960, 480, 0], quality: 120, maxPixels: 1).key, "v\(RenditionRecipe.codecsVersion) q100 w480,960,1600")
    }

    // MARK: - Helpers

    private func red(pixels: Int) -> [UInt8] {
        Array([[UInt8]](repeating: [255, 0, 0], count: pixels).joined())
    }

    /// Red across, green down, blue constant: smooth, so the codecs' losses stay small.
    private func gradient(width: Int, height: Int) -> Bitmap {
        var samples = [UInt8]()
        samples.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                samples += [UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), 96]
            }
        }
        return Bitmap(width: width, height: height, layout: .rgb, samples: samples)
    }

    private func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        let squared = zip(a, b).reduce(0.0) { sum, pair in
            let difference = Double(pair.0) - Double(pair.1)
            return sum + difference * difference
        }
        return 10 * log10(255 * 255 / max(squared / Double(a.count), 1e-9))
    }

    /// `jpeg` with an APP1 EXIF segment (big-endian TIFF, IFD0 holding only the
    /// orientation) right after its SOI.
    private func withEXIFOrientation(_ orientation: UInt8, _ jpeg: [UInt8]) -> [UInt8] {
        let tiff: [UInt8] = Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + jpeg.dropFirst(2)
    }

    /// Bytes shaped as an ICC profile as far as a reader checks: its size first, "acsp" at 36.
    private func iccProfile(bytes count: Int) -> [UInt8] {
        var profile = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        profile.replaceSubrange(0..<4, with: [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)])
        profile.replaceSubrange(36..<40, with: Array("acsp".utf8))
        return profile
    }
}

extension [UInt8] {
    fileprivate func contains(subsequence: [UInt8]) -> Bool {
        guard subsequence.count <= count else { return false }
        return (0...(count - subsequence.count)).contains { self[$0..<$0 + subsequence.count].elementsEqual(subsequence) }
    }
}
