import FeedCore
import Foundation
import XCTest

final class ImageSnifferTests: XCTestCase {
    func test_consume_keepsTheFirstSignatureLengthBytesAcrossChunks() {
        let bytes = ImageHeaderBytes.png(width: 640, height: 427)
        var sut = ImageSniffer()

        for chunk in chunks(of: bytes, size: 5) { sut.consume(chunk) }

        XCTAssertEqual(sut.head, Array(bytes.prefix(ImageFormat.signatureLength)))
        XCTAssertEqual(sut.format, .png)
        XCTAssertEqual(sut.dimensions, ImageDimensions(width: 640, height: 427))
    }

    func test_consume_findsAJPEGsSizeBehindSegmentsLongerThanOneChunk() {
        let bytes = ImageHeaderBytes.jpeg(width: 1200, height: 800, exifPadding: 300_000)
        var sut = ImageSniffer()

        for chunk in chunks(of: bytes, size: 256 * 1024) { sut.consume(chunk) }

        XCTAssertEqual(sut.format, .jpeg)
        XCTAssertEqual(sut.dimensions, ImageDimensions(width: 1200, height: 800))
    }

    func test_format_ofBytesThatAreNoImageIsUnknownWithoutASize() {
        var sut = ImageSniffer()

        sut.consume(Array("<html>not an image</html>".utf8))

        XCTAssertEqual(sut.head, Array("<html>not an image</html>".utf8))
        XCTAssertEqual(sut.format, .unknown)
        XCTAssertNil(sut.dimensions)
    }

    func test_format_ofNothingConsumedIsUnknown() {
        let sut = ImageSniffer()

        XCTAssertEqual(sut.head, [])
        XCTAssertEqual(sut.format, .unknown)
        XCTAssertNil(sut.dimensions)
    }

    // MARK: - Helpers

    private func chunks(of bytes: [UInt8], size: Int) -> [ArraySlice<UInt8>] {
        stride(from: 0, to: bytes.count, by: size).map { bytes[$0..<min($0 + size, bytes.count)] }
    }
}
