import ImageHeaders
import XCTest

@testable import Images

final class RenditionsTests: XCTestCase {
    private let recipe = RenditionRecipe(widths: [480, 960, 1600], quality: 80, maxPixels: 50_000_000)

    func test_make_givesAJPEGAtEachWidthNarrowerThanThePictureKeepingItsShape() throws {
        let source = JPEGEncoder.encode(gradient(width: 2000, height: 1000), quality: 90)

        let renditions = try Renditions.make(from: source, recipe: recipe)

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

        let rendition = try XCTUnwrap(try Renditions.make(from: JPEGEncoder.encode(picture, quality: 95), recipe: recipe).last)

        XCTAssertEqual(rendition.width, 960)
        let decoded = try JPEGDecoder.decode(rendition.bytes, maxPixels: 10_000_000)
        // The gradient at the rendition's scale, against what came back: only the codecs'
        // rounding and the quality's loss between them.
        let expected = gradient(width: 960, height: 480)
        XCTAssertGreaterThan(psnr(decoded.samples, expected.samples), 35)
    }

    func test_make_givesNoneForAPictureNoWiderThanTheNarrowestWidth() throws {
        let source = JPEGEncoder.encode(gradient(width: 480, height: 300), quality: 80)

        XCTAssertEqual(try Renditions.make(from: source, recipe: recipe), [])
    }

    /// Renditions are narrower than the upright picture, which the docs call small enough
    /// however tall: a JPEG's header tells so before any of it is decoded (here its scan is
    /// cut short, which decoding would refuse). Turned a quarter, the same picture is wide.
    func test_make_givesNoneForATallPictureNoWiderThanTheNarrowestWidth_withoutDecodingAJPEG() throws {
        let whole = JPEGEncoder.encode(gradient(width: 8, height: 2_000), quality: 80)
        let cut = Array(whole.prefix(whole.count / 2))

        XCTAssertEqual(try Renditions.make(from: cut, recipe: recipe), [])
        XCTAssertThrowsError(try Renditions.make(from: withEXIFOrientation(6, cut), recipe: recipe), "upright it is 2,000 wide, and decoded")
    }

    func test_make_turnsThePictureUprightAsItsEXIFOrientationSays() throws {
        // Stored 40 × 20, to be turned a quarter (orientation 6): upright it is 20 × 40.
        let stored = JPEGEncoder.encode(gradient(width: 40, height: 20), quality: 90)
        let source = withEXIFOrientation(6, stored)

        let renditions = try Renditions.make(from: source, recipe: RenditionRecipe(widths: [10], quality: 80, maxPixels: 1_000))

        XCTAssertEqual(renditions.map { [$0.width, $0.height] }, [[10, 20]])
        XCTAssertEqual(Orientation.read(fromJPEG: renditions[0].bytes), .up, "no EXIF is kept: the pixels are upright")
    }

    func test_make_keepsTheICCProfileAndNothingElseOfTheMetadata() throws {
        let profile = iccProfile(bytes: 3_000)
        let source = withEXIFOrientation(1, JPEGEncoder.encode(gradient(width: 800, height: 400), quality: 80, iccProfile: profile))

        let rendition = try XCTUnwrap(try Renditions.make(from: source, recipe: recipe).first)

        XCTAssertEqual(ICCProfile.read(fromJPEG: rendition.bytes), profile)
        XCTAssertFalse(rendition.bytes.contains(subsequence: Array("Exif".utf8)), "no EXIF, so no GPS either")
    }

    func test_make_givesAPNGForAPictureWithTransparencyAndAJPEGForAnOpaqueOne() throws {
        var transparent = Bitmap(width: 1000, height: 500, layout: .rgba, filledWith: 200)
        transparent.samples[3] = 0
        let opaque = Bitmap(width: 1000, height: 500, layout: .rgba, filledWith: 255)

        let fromTransparent = try Renditions.make(from: PNGWriter.encode(transparent), recipe: recipe)
        let fromOpaque = try Renditions.make(from: PNGWriter.encode(opaque), recipe: recipe)

        XCTAssertEqual(fromTransparent.map(\.format), [.png, .png])
        XCTAssertEqual(try PNGDecoder.decode(fromTransparent[0].bytes, maxPixels: 1_000_000).bitmap.layout, .rgba)
        XCTAssertEqual(fromOpaque.map(\.format), [.jpeg, .jpeg])
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
