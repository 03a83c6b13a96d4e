import FeedCore
import Foundation
import TestSupport
import XCTest

final class ImageFormatTests: XCTestCase {
    func test_detect_png() {
        XCTAssertEqual(ImageFormat.detect([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]), .png)
    }

    func test_detect_jpeg() {
        XCTAssertEqual(ImageFormat.detect([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46]), .jpeg)
        XCTAssertEqual(ImageFormat.detect([0xFF, 0xD8, 0xFF, 0xE1]), .jpeg)
    }

    func test_detect_gif87aAndGif89a() {
        XCTAssertEqual(ImageFormat.detect(Array("GIF87a".utf8) + [1, 0, 1, 0]), .gif)
        XCTAssertEqual(ImageFormat.detect(Array("GIF89a".utf8) + [1, 0, 1, 0]), .gif)
    }

    func test_detect_webp() {
        XCTAssertEqual(ImageFormat.detect(Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WEBPVP8 ".utf8)), .webp)
    }

    func test_detect_riffThatIsNotWebPIsUnknown() {
        XCTAssertEqual(ImageFormat.detect(Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WAVEfmt ".utf8)), .unknown)
    }

    func test_detect_avifAndAvifSequence() {
        XCTAssertEqual(ImageFormat.detect([0, 0, 0, 0x1C] + Array("ftypavif".utf8) + [0, 0, 0, 0]), .avif)
        XCTAssertEqual(ImageFormat.detect([0, 0, 0, 0x20] + Array("ftypavis".utf8) + [0, 0, 0, 0]), .avif)
    }

    func test_detect_otherISOMediaIsUnknown() {
        XCTAssertEqual(ImageFormat.detect([0, 0, 0, 0x18] + Array("ftypmp42".utf8)), .unknown)
    }

    func test_detect_bmp() {
        XCTAssertEqual(ImageFormat.detect(Array("BM".utf8) + [0x36, 0x28, 0, 0]), .bmp)
    }

    func test_detect_unknownBytes() {
        XCTAssertEqual(ImageFormat.detect(Array("<html><body>not an image</body></html>".utf8)), .unknown)
        XCTAssertEqual(ImageFormat.detect(Array("{\"items\":[]}".utf8)), .unknown)
    }

    func test_detect_shortOrEmptyInputIsUnknown() {
        XCTAssertEqual(ImageFormat.detect([UInt8]()), .unknown)
        XCTAssertEqual(ImageFormat.detect([0x89, 0x50, 0x4E]), .unknown, "a truncated PNG signature")
        XCTAssertEqual(ImageFormat.detect([0xFF, 0xD8]), .unknown, "a truncated JPEG marker")
        XCTAssertEqual(ImageFormat.detect(Array("GIF8".utf8)), .unknown)
        XCTAssertEqual(ImageFormat.detect(Array("RIFF".utf8)), .unknown)
        XCTAssertEqual(ImageFormat.detect([0, 0, 0, 0x1C] + Array("ftypav".utf8)), .unknown)
        XCTAssertEqual(ImageFormat.detect(Array("B".utf8)), .unknown)
    }

    func test_detect_worksOnDataAndSlices() {
        let png: [UInt8] = [0xAA, 0xBB, 0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00]

        XCTAssertEqual(ImageFormat.detect(Data(png.dropFirst(2))), .png)
        XCTAssertEqual(ImageFormat.detect(png.dropFirst(2)), .png)
        XCTAssertEqual(ImageFormat.detect(Data(png).dropFirst(2)), .png)
    }

    func test_fileExtension() {
        XCTAssertEqual(ImageFormat.png.fileExtension, "png")
        XCTAssertEqual(ImageFormat.jpeg.fileExtension, "jpg")
        XCTAssertEqual(ImageFormat.gif.fileExtension, "gif")
        XCTAssertEqual(ImageFormat.webp.fileExtension, "webp")
        XCTAssertEqual(ImageFormat.avif.fileExtension, "avif")
        XCTAssertEqual(ImageFormat.bmp.fileExtension, "bmp")
        XCTAssertEqual(ImageFormat.unknown.fileExtension, "bin")
    }
}

final class ImageFormatMoreSignaturesTests: XCTestCase {
    func test_detect_heifBrands() {
        XCTAssertEqual(ImageFormat.detect([0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0]), .heif)
        XCTAssertEqual(ImageFormat.detect([0, 0, 0, 0x18] + Array("ftypmif1".utf8) + [0, 0, 0, 0]), .heif)
        XCTAssertEqual(ImageFormat.heif.fileExtension, "heic")
    }

    func test_detect_icoAndTiff() {
        XCTAssertEqual(ImageFormat.detect([0, 0, 1, 0, 1, 0, 16, 16]), .ico)
        XCTAssertEqual(ImageFormat.detect([0x49, 0x49, 0x2A, 0, 8, 0, 0, 0]), .tiff)
        XCTAssertEqual(ImageFormat.detect([0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8]), .tiff)
        XCTAssertEqual(ImageFormat.detect([0, 0, 2, 0, 1, 0]), .unknown, "a cursor is not an image")
    }

    func test_detect_svgByItsOpeningText() {
        XCTAssertEqual(ImageFormat.detect(Array("<svg xmlns=\"http://www.w3.org/2000/svg\">".utf8)), .svg)
        XCTAssertEqual(ImageFormat.detect([0xEF, 0xBB, 0xBF] + Array("\n  <?xml version=\"1.0\"?>".utf8)), .svg)
        XCTAssertEqual(ImageFormat.detect(Array("<!DOCTYPE svg PUBLIC".utf8)), .svg)
        XCTAssertEqual(ImageFormat.detect(Array("<!DOCTYPE html><html>".utf8)), .unknown)
        XCTAssertEqual(ImageFormat.detect(Array("<html><body>".utf8)), .unknown)
    }

    func test_detectWithMediaType_acceptsSVGOnlyAsImageSVGXML() {
        let svg = Array("<svg/>".utf8)

        XCTAssertEqual(ImageFormat.detect(svg, mediaType: "image/svg+xml"), .svg)
        XCTAssertEqual(ImageFormat.detect(svg, mediaType: "text/html"), .unknown)
        XCTAssertEqual(ImageFormat.detect(svg, mediaType: nil), .unknown)
        XCTAssertEqual(ImageFormat.detect([0xFF, 0xD8, 0xFF, 0xE0], mediaType: "text/html"), .jpeg, "the bytes decide for real images")
    }
}
