import FeedCore
import XCTest

final class ImageFormatMediaTypeTests: XCTestCase {
    func test_mediaType_isTheIANATypeOfEachFormat() {
        let expected: [ImageFormat: String] = [
            .png: "image/png",
            .jpeg: "image/jpeg",
            .gif: "image/gif",
            .webp: "image/webp",
            .avif: "image/avif",
            .heif: "image/heic",
            .bmp: "image/bmp",
            .ico: "image/vnd.microsoft.icon",
            .tiff: "image/tiff",
            .svg: "image/svg+xml",
            .unknown: "application/octet-stream",
        ]

        XCTAssertEqual(Set(expected.keys), Set(ImageFormat.allCases))
        for format in ImageFormat.allCases {
            XCTAssertEqual(format.mediaType, expected[format], "\(format)")
        }
    }

    func test_mediaType_ofAnUnknownFormatIsPlainBytes() {
        XCTAssertEqual(ImageFormat.unknown.mediaType, "application/octet-stream")
    }

    func test_mediaType_ofSVGIsTheTypeDetectAcceptsSVGUnder() {
        XCTAssertEqual(ImageFormat.detect(Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), mediaType: ImageFormat.svg.mediaType), .svg)
    }
}
