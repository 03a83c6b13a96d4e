import FeedCore
import Foundation
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
