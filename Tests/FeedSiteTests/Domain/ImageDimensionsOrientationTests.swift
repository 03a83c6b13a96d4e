import FeedCore
import ImageHeaders
import Images
import XCTest

/// A JPEG's size is turned exactly when its renditions are: the dimensions reader and the
/// renditions read the orientation through the one EXIF reader, from the same segments.
final class ImageDimensionsOrientationTests: XCTestCase {
    func test_read_turnsExactlyWhenTheRenditionsTurn() {
        let cases: [(String, [UInt8], turned: Bool)] = [
            ("SHORT 6, big-endian", jpeg(before: [app1(tiff(.bigEndian, orientation: (3, 6)))]), true),
            ("SHORT 8, little-endian", jpeg(before: [app1(tiff(.littleEndian, orientation: (3, 8)))]), true),
            ("LONG 6, big-endian", jpeg(before: [app1(tiff(.bigEndian, orientation: (4, 6)))]), true),
            ("LONG 5, little-endian", jpeg(before: [app1(tiff(.littleEndian, orientation: (4, 5)))]), true),
            ("LONG 3", jpeg(before: [app1(tiff(.bigEndian, orientation: (4, 3)))]), false),
            ("SHORT 6 with a count of 0", jpeg(before: [app1(tiff(.bigEndian, orientation: (3, 6), count: 0))]), false),
            ("SHORT 6 with a count of 2", jpeg(before: [app1(tiff(.bigEndian, orientation: (3, 6), count: 2))]), false),
            ("an XMP block, then EXIF", jpeg(before: [xmp, app1(tiff(.bigEndian, orientation: (3, 6)))]), true),
            (
                "the first EXIF block says 1, a second 6",
                jpeg(before: [app1(tiff(.bigEndian, orientation: (3, 1))), app1(tiff(.bigEndian, orientation: (3, 6)))]), false
            ),
            ("an unreadable EXIF block, then one that says 6", jpeg(before: [app1([0x4D, 0x4D, 0, 42]), app1(tiff(.bigEndian, orientation: (3, 6)))]), false),
            ("EXIF after the frame header", jpeg(after: [app1(tiff(.bigEndian, orientation: (3, 6)))]), true),
            ("the directory 5,000 bytes into the EXIF block", jpeg(before: [app1(tiff(.littleEndian, orientation: (3, 8), gap: 5_000))]), true),
        ]
        for (name, bytes, turned) in cases {
            let expected = turned ? [3024, 4032] : [4032, 3024]
            XCTAssertEqual(Orientation.read(fromJPEG: bytes).swapsWidthAndHeight, turned, "the renditions: \(name)")
            XCTAssertEqual(ImageDimensions.read(from: bytes).map { [$0.width, $0.height] }, expected, name)
            var reader = ImageDimensionsReader()
            for start in stride(from: 0, to: bytes.count, by: 5) { reader.consume(bytes[start..<min(bytes.count, start + 5)]) }
            XCTAssertEqual(reader.dimensions.map { [$0.width, $0.height] }, expected, "in chunks of 5: \(name)")
        }
    }

    func test_read_isNotTurnedByEXIFAfterTheImageData() {
        let bytes = jpeg() + Array(jpeg(before: [app1(tiff(.bigEndian, orientation: (3, 6)))]).dropFirst(2))

        XCTAssertEqual(Orientation.read(fromJPEG: bytes), .up)
        XCTAssertEqual(ImageDimensions.read(from: bytes), ImageDimensions(width: 4032, height: 3024))
    }

    // MARK: - Helpers

    /// Start of image, `before`, a 4032 × 3024 frame header, `after`, a scan's header and a
    /// few bytes of its data, end of image.
    private func jpeg(before: [[UInt8]] = [], after: [[UInt8]] = []) -> [UInt8] {
        let frame = ImageHeaderBytes.segment(0xC0, [8, 0x0B, 0xD0, 0x0F, 0xC0, 1, 1, 0x11, 0])
        let scan = ImageHeaderBytes.segment(0xDA, [1, 1, 0, 0, 63, 0]) + [0x12, 0x34, 0xFF, 0xD9]
        return [0xFF, 0xD8] + before.joined() + frame + after.joined() + scan
    }

    private func app1(_ tiff: [UInt8]) -> [UInt8] {
        ImageHeaderBytes.segment(0xE1, Orientation.exifSignature + tiff)
    }

    private let xmp = ImageHeaderBytes.segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>".utf8))

    /// A TIFF header and a first directory `gap` bytes after it that holds a make and the
    /// orientation, of type and value `orientation`, `count` of them.
    private func tiff(_ order: ByteOrder, orientation: (type: Int, value: Int), count: Int = 1, gap: Int = 0) -> [UInt8] {
        func number(_ value: Int, _ size: Int) -> [UInt8] {
            order == .bigEndian ? ImageHeaderBytes.bigEndian(value, bytes: size) : ImageHeaderBytes.littleEndian(value, bytes: size)
        }
        var bytes: [UInt8] = order == .bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        bytes += number(42, 2) + number(8 + gap, 4) + Array(repeating: 0, count: gap) + number(2, 2)
        bytes += number(0x010F, 2) + number(2, 2) + number(4, 4) + Array("ACM\0".utf8)
        let field = orientation.type == 3 ? number(orientation.value, 2) + [0, 0] : number(orientation.value, 4)
        bytes += number(0x0112, 2) + number(orientation.type, 2) + number(count, 4) + field
        return bytes + number(0, 4)
    }
}
