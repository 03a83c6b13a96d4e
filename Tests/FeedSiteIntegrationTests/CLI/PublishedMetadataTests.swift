import Basics
import FeedCore
import Foundation
import Hashing
import Images
import Publishing
import SampleAPI
import TestSupport
import XCTest

/// A run over the sample API whose photo carries a camera's EXIF (GPS, a serial number) and
/// XMP, and whose PNG carries text: what the site publishes, links and lists, and what the
/// cache keeps; `--keep-metadata`.
final class PublishedMetadataTests: XCTestCase {
    func test_generate_publishesTheOriginalsWithoutTheirMetadata_theCacheKeepsThemAsFetched() async throws {
        let (server, run) = (try makeServer(CameraFeed()), try makeRunFolder())

        let result = await run.generate(api: server.apiRoot, ["--image-widths", "100", "--base-url", "https://example.org/feed/", "--export-data"])

        XCTAssertEqual(result.code, .success, result.diagnostics)
        let dropped = CameraFeed.photo.count - CameraFeed.cleanPhoto.count + CameraFeed.pngText.count
        XCTAssertTrue(result.output.contains(", metadata dropped from 2 originals (\(ByteCountText.approximately(dropped))), "), result.output)
        let manifest = try Manifest.read(from: run.site)
        for (index, clean) in [CameraFeed.cleanPhoto, CameraFeed.cleanPNG].enumerated() {
            let (path, label) = try originalLink(run, item: index)
            let published = try [UInt8](Data(contentsOf: run.file(path)))
            XCTAssertEqual(published, clean, path)
            XCTAssertNil(published.firstRange(of: CameraFeed.serial), path)
            XCTAssertTrue(label.hasSuffix(", \(ByteCountText.symbols(clean.count))"), "the label gives the published size: \(label)")
            XCTAssertEqual(manifest.files.first { $0.path == path }?.size, clean.count, path)
            XCTAssertTrue(try read(run.file("feed.json")).contains("\"url\": \"https://example.org/feed/\(path)\", \"mime_type\""), path)
            XCTAssertTrue(
                try read(run.file("feed.json")).contains(
                    "\(path)\", \"mime_type\": \"\(index == 0 ? "image/jpeg" : "image/png")\", \"size_in_bytes\": \(clean.count)}"), path)
            XCTAssertTrue(try read(run.file("data/items.jsonl")).contains("\"path\": \"\(path)\""), path)
        }
        let card = try XCTUnwrap(try read(run.file("index.html")).components(separatedBy: "<li class=\"card\"").dropFirst().first)
        XCTAssertTrue(card.contains(#"<div class="frame" style="background:"#), "the photo keeps its placeholder: \(card)")
        let blobs = try CacheContents(folder: run.cache).blobNames()
        XCTAssertTrue(blobs.contains(SHA256.digest(Data(CameraFeed.photo)).hex), "the cache keeps the photo as fetched")
        XCTAssertTrue(blobs.contains(SHA256.digest(Data(CameraFeed.png)).hex), "and the PNG")
    }

    func test_generate_aSecondRunPublishesTheSameCopiesWithoutMakingThemAgain() async throws {
        let (server, run) = (try makeServer(CameraFeed()), try makeRunFolder())
        _ = await run.generate(api: server.apiRoot, ["--image-widths", "100"])
        let first = try originalLink(run, item: 0).path
        let copies = try CacheContents(folder: run.cache).rows("SELECT sha256 FROM renditions WHERE recipe LIKE 'metadata-dropped-%'")

        let result = await run.generate(api: server.apiRoot, ["--image-widths", "100"])

        XCTAssertEqual(result.code, .success, result.diagnostics)
        XCTAssertTrue(result.output.contains(", metadata dropped from 2 originals ("), result.output)
        XCTAssertEqual(try originalLink(run, item: 0).path, first)
        XCTAssertEqual(try CacheContents(folder: run.cache).rows("SELECT sha256 FROM renditions WHERE recipe LIKE 'metadata-dropped-%'"), copies)
        XCTAssertEqual(copies.count, 2)
    }

    func test_generate_withKeepMetadataPublishesTheOriginalsAsFetched() async throws {
        let (server, run) = (try makeServer(CameraFeed()), try makeRunFolder())

        let result = await run.generate(api: server.apiRoot, ["--image-widths", "100", "--keep-metadata"])

        XCTAssertEqual(result.code, .success, result.diagnostics)
        XCTAssertFalse(result.output.contains("metadata"), result.output)
        for (index, fetched) in [CameraFeed.photo, CameraFeed.png].enumerated() {
            let path = try originalLink(run, item: index).path
            XCTAssertEqual(try [UInt8](Data(contentsOf: run.file(path))), fetched, path)
        }
    }

    // MARK: - Helpers

    /// The comments page's link to the item's original: its path from the site root, and its text.
    private func originalLink(_ run: RunFolder, item: Int) throws -> (path: String, label: String) {
        let page = try read(run.file("comments/\(CameraFeed.id(item).uuidString).html"))
        let link = try XCTUnwrap(page.components(separatedBy: "<p class=\"original\"><a href=\"").dropFirst().first, "no link to the original")
        let href = String(link.prefix { $0 != "\"" })
        let label = String(link.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" })
        return (href.replacingOccurrences(of: "../", with: ""), label)
    }
}

/// Two items: a 300 × 150 JPEG with a camera's EXIF and XMP, a 200 × 200 PNG with a text chunk.
private struct CameraFeed: SampleFeedSource {
    static let serial = Array("SN-4711-0815".utf8)

    static let cleanPhoto: [UInt8] = {
        var photo = Bitmap(width: 300, height: 150, layout: .rgb)
        for index in photo.samples.indices { photo.samples[index] = UInt8(truncatingIfNeeded: index / 7) }
        return JPEGEncoder.encode(photo, quality: 85)
    }()

    /// `cleanPhoto` with an APP1 EXIF segment (GPS latitude reference, body serial number)
    /// and an APP1 XMP segment after its JFIF segment.
    static let photo: [UInt8] = {
        // Little-endian TIFF: IFD0 with a GPS pointer and the serial; the GPS IFD with "N".
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 2, 0]
        tiff += [0x25, 0x88, 4, 0, 1, 0, 0, 0, 38, 0, 0, 0]
        tiff += [0x31, 0xA4, 2, 0, UInt8(serial.count + 1), 0, 0, 0, 56, 0, 0, 0, 0, 0, 0, 0]
        tiff += [1, 0, 1, 0, 2, 0, 2, 0, 0, 0, 0x4E, 0, 0, 0, 0, 0, 0, 0] + serial + [0]
        let exif = segment(0xE1, Array("Exif\0\0".utf8) + tiff)
        let xmp = segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>52,31N</exif:GPSLatitude></x:xmpmeta>".utf8))
        return Array(cleanPhoto[..<20]) + exif + xmp + cleanPhoto[20...]
    }()

    static let cleanPNG = PNGWriter.encode(Bitmap(width: 200, height: 200, layout: .rgb, filledWith: 90))

    /// A tEXt chunk ("Author", the serial): length, type, data, CRC.
    static let pngText: [UInt8] = {
        let typeAndData = Array("tEXtAuthor\0".utf8) + serial
        let crc = typeAndData.withUnsafeBytes { CRC32.update(0, $0) }
        return bigEndian(UInt32(typeAndData.count - 4)) + typeAndData + bigEndian(crc)
    }()

    /// `cleanPNG` with `pngText` after its IHDR chunk.
    static let png = Array(cleanPNG[..<33]) + pngText + cleanPNG[33...]

    static func id(_ index: Int) -> UUID { UUID(text: String(format: "C0FFEE00-0000-4000-8000-%012lX", index + 1))! }

    var itemCount: Int { 2 }

    func item(at index: Int) -> SampleItem {
        SampleItem(id: Self.id(index), description: "picture \(index + 1)", location: nil, imagePath: ["/p/photo.jpg", "/p/text.png"][index])
    }

    func index(of id: UUID) -> Int? { (0..<2).first { Self.id($0) == id } }

    func comments(forItemAt index: Int) -> [ImageComment] { [] }

    func image(at path: String) -> [UInt8]? {
        switch path {
        case "/p/photo.jpg": Self.photo
        case "/p/text.png": Self.png
        default: nil
        }
    }

    private static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
    }
}
