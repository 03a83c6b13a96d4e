import FeedCore
import XCTest

/// What feedsite announces an image as (a feed's enclosure, the export, `feedsite serve`) and
/// the extension it stores it under, from its bytes alone: each row is a format's opening as
/// its specification lays it out, the media type registered for it with IANA, and the file
/// extension people know it by.
final class ImageFormatMediaTypeTests: XCTestCase {
    func test_anImagesFirstBytesGiveItsRegisteredMediaTypeAndItsCustomaryExtension() {
        for image in Self.knownImages {
            let format = ImageFormat.detect(image.bytes, mediaType: image.servedAs)

            XCTAssertEqual(format.mediaType, image.mediaType, image.name)
            XCTAssertEqual(format.fileExtension, image.fileExtension, image.name)
        }
    }

    func test_everyFormatFeedsiteKnowsHasAnImageAbove() {
        let detected = Set(Self.knownImages.map { ImageFormat.detect($0.bytes, mediaType: $0.servedAs) })

        XCTAssertEqual(detected, Set(ImageFormat.allCases).subtracting([.unknown]))
    }

    func test_bytesOfNoImageAreAnnouncedAsPlainBytesAndStoredAsBin() {
        let others = [
            "an HTML page": Array("<!DOCTYPE html><html><body>moved</body></html>".utf8),
            "JSON": Array(#"{"error":"not found"}"#.utf8),
            "a PDF": Array("%PDF-1.7\n".utf8),
            "an MP4 video": [0, 0, 0, 0x18] + Array("ftypmp42".utf8) + [0, 0, 0, 0],
            "nothing": [],
        ]

        for (name, bytes) in others {
            let format = ImageFormat.detect(bytes, mediaType: "image/png")
            XCTAssertEqual(format.mediaType, "application/octet-stream", name)
            XCTAssertEqual(format.fileExtension, "bin", name)
        }
    }

    func test_svgIsAnImageOnlyWhenServedAsOne() {
        let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>"#.utf8)

        XCTAssertEqual(ImageFormat.detect(svg, mediaType: "image/svg+xml").mediaType, "image/svg+xml")
        XCTAssertEqual(ImageFormat.detect(svg, mediaType: "text/html").mediaType, "application/octet-stream")
    }

    // MARK: - Facts

    private struct KnownImage {
        let name: String
        let bytes: [UInt8]
        /// The `Content-Type` the image comes with; only SVG, which is text, depends on it.
        let servedAs: String
        let mediaType: String
        let fileExtension: String
    }

    private static let knownImages = [
        KnownImage(name: "PNG", bytes: ImageHeaderBytes.png(width: 1, height: 1), servedAs: "image/png", mediaType: "image/png", fileExtension: "png"),
        KnownImage(
            name: "JPEG (JFIF)", bytes: ImageHeaderBytes.jpeg(width: 1, height: 1), servedAs: "image/jpeg", mediaType: "image/jpeg", fileExtension: "jpg"),
        KnownImage(
            name: "JPEG (Exif)", bytes: [0xFF, 0xD8] + ImageHeaderBytes.segment(0xE1, ImageHeaderBytes.exif(orientation: 1)), servedAs: "image/jpeg",
            mediaType: "image/jpeg", fileExtension: "jpg"),
        KnownImage(name: "GIF89a", bytes: ImageHeaderBytes.gif(width: 1, height: 1), servedAs: "image/gif", mediaType: "image/gif", fileExtension: "gif"),
        KnownImage(
            name: "GIF87a", bytes: ImageHeaderBytes.gif(width: 1, height: 1, version: "GIF87a"), servedAs: "image/gif", mediaType: "image/gif",
            fileExtension: "gif"),
        KnownImage(name: "WebP", bytes: ImageHeaderBytes.webpVP8L(width: 1, height: 1), servedAs: "image/webp", mediaType: "image/webp", fileExtension: "webp"),
        KnownImage(name: "AVIF", bytes: fileTypeBox(brand: "avif"), servedAs: "image/avif", mediaType: "image/avif", fileExtension: "avif"),
        KnownImage(name: "HEIC", bytes: fileTypeBox(brand: "heic"), servedAs: "image/heic", mediaType: "image/heic", fileExtension: "heic"),
        // BITMAPFILEHEADER: "BM", the file's size, two reserved words, the pixels' offset.
        KnownImage(
            name: "BMP", bytes: Array("BM".utf8) + ImageHeaderBytes.littleEndian(58, bytes: 4) + [0, 0, 0, 0] + ImageHeaderBytes.littleEndian(54, bytes: 4),
            servedAs: "image/bmp", mediaType: "image/bmp", fileExtension: "bmp"),
        // ICONDIR: reserved 0, type 1 (icon), one image.
        KnownImage(
            name: "ICO", bytes: [0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0], servedAs: "image/x-icon", mediaType: "image/vnd.microsoft.icon",
            fileExtension: "ico"),
        // The byte order ("II" little-endian, "MM" big-endian), 42, the first IFD's offset.
        KnownImage(name: "TIFF (II)", bytes: [0x49, 0x49, 42, 0, 8, 0, 0, 0], servedAs: "image/tiff", mediaType: "image/tiff", fileExtension: "tiff"),
        KnownImage(name: "TIFF (MM)", bytes: [0x4D, 0x4D, 0, 42, 0, 0, 0, 8], servedAs: "image/tiff", mediaType: "image/tiff", fileExtension: "tiff"),
        KnownImage(
            name: "SVG", bytes: Array("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), servedAs: "image/svg+xml",
            mediaType: "image/svg+xml", fileExtension: "svg"),
    ]

    /// An ISO base media file's first box, `ftyp`, with its major brand, a minor version and
    /// the compatible brands HEIF images list (ISO/IEC 23008-12).
    private static func fileTypeBox(brand: String) -> [UInt8] {
        let body = Array(brand.utf8) + [0, 0, 0, 0] + Array("mif1".utf8) + Array(brand.utf8)
        return ImageHeaderBytes.bigEndian(8 + body.count, bytes: 4) + Array("ftyp".utf8) + body
    }
}
