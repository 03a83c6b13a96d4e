import FeedCore
import Foundation
import Images
import SampleAPI
import TestSupport
import XCTest

/// A run over the sample API with pictures large enough to have renditions: the pages'
/// srcset, the files in the site, a warm run that decodes nothing, `--image-widths none`.
final class RenditionsTests: XCTestCase {
    func test_generate_makesRenditionsOfEachLargePictureAndThePagesOfferThem() async throws {
        let (server, run) = (try makeServer(PictureFeed()), try makeRunFolder())

        let result = await run.generate(api: server.apiRoot, ["--image-widths", "100,200,400"])

        XCTAssertEqual(result.code, .success, result.diagnostics)
        XCTAssertTrue(
            result.diagnostics.contains("renditions: 2 images made, 0 from the cache (6 files), 1 shown as they are (1 small enough)"), result.diagnostics)
        XCTAssertTrue(result.output.contains("pictures 2 resized (2 made, 6 files) / 1 shown as they are"), result.output)
        let index = try read(run.file("index.html"))
        let sources = try srcsets(in: index)
        XCTAssertEqual(sources.map(\.widths), [[100, 200, 300], [100, 200, 400]], "the photo is 300 wide, the transparent picture 500")
        XCTAssertEqual(
            placeholders(in: index), ["background:linear-gradient(", nil, "background:#323232"],
            "the photo's bands, none for the transparent picture, the small picture's one grey")
        for path in sources.flatMap(\.paths) {
            let bytes = try [UInt8](Data(contentsOf: run.file(path)))
            XCTAssertTrue(bytes.starts(with: [0xFF, 0xD8]) || bytes.starts(with: [0x89, 0x50]), path)
        }
        XCTAssertTrue(sources[0].paths.allSatisfy { $0.hasSuffix(".jpg") }, "an opaque picture's renditions are JPEGs")
        XCTAssertTrue(sources[1].paths.allSatisfy { $0.hasSuffix(".png") }, "a transparent one's are PNGs")
        XCTAssertEqual(try srcsets(in: try read(run.file("comments/\(PictureFeed.id(2).uuidString).html"))).count, 0, "the small picture has none")
    }

    func test_generate_aSecondRunTakesEveryRenditionFromTheCacheAndPublishesTheSameSite() async throws {
        let (server, run) = (try makeServer(PictureFeed()), try makeRunFolder())
        _ = await run.generate(api: server.apiRoot, ["--image-widths", "100,200,400"])
        let first = try read(run.file("index.html"))

        let result = await run.generate(api: server.apiRoot, ["--image-widths", "100,200,400"])

        XCTAssertEqual(result.code, .success, result.diagnostics)
        XCTAssertTrue(
            result.diagnostics.contains("renditions: 0 images made, 2 from the cache (6 files), 1 shown as they are (1 small enough)"), result.diagnostics)
        XCTAssertEqual(try read(run.file("index.html")), first)
    }

    func test_generate_withImageWidthsNoneMakesNoRenditionsAndThePagesShowTheOriginals() async throws {
        let (server, run) = (try makeServer(PictureFeed()), try makeRunFolder())

        let result = await run.generate(api: server.apiRoot, ["--image-widths", "none"])

        XCTAssertEqual(result.code, .success, result.diagnostics)
        XCTAssertFalse(result.diagnostics.contains("renditions"), result.diagnostics)
        XCTAssertFalse(try read(run.file("index.html")).contains("srcset"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: run.file("images").path).count, 3, "the three originals")
    }

    // MARK: - Helpers

    /// The start of each card frame's `style`, up to its gradient's first colour; `nil` for a
    /// frame without one.
    private func placeholders(in html: String) -> [String?] {
        html.components(separatedBy: "<div class=\"frame\"").dropFirst().map { rest in
            let tag = rest.prefix { $0 != ">" }
            guard let style = tag.range(of: "style=\"") else { return nil }
            let value = tag[style.upperBound...].prefix { $0 != "\"" }
            return value.hasPrefix("background:linear-gradient(") ? "background:linear-gradient(" : String(value)
        }
    }

    /// Each `srcset` of `html`, its candidates' paths and widths.
    private func srcsets(in html: String) throws -> [(paths: [String], widths: [Int])] {
        html.components(separatedBy: "srcset=\"").dropFirst().map { rest in
            let candidates = rest.prefix { $0 != "\"" }.components(separatedBy: ", ").map { $0.split(separator: " ") }
            return (candidates.map { String($0[0]) }, candidates.compactMap { Int($0[1].dropLast()) })
        }
    }
}

/// Three items: a 300 × 150 JPEG photo, a 500 × 500 PNG with transparency, a 90-pixel grey
/// PNG.
private struct PictureFeed: SampleFeedSource {
    static func id(_ index: Int) -> UUID { UUID(text: String(format: "9E11D1C0-0000-4000-8000-%012lX", index + 1))! }

    var itemCount: Int { 3 }

    func item(at index: Int) -> SampleItem {
        SampleItem(id: Self.id(index), description: "picture \(index + 1)", location: nil, imagePath: ["/p/photo.jpg", "/p/clear.png", "/p/small.png"][index])
    }

    func index(of id: UUID) -> Int? { (0..<3).first { Self.id($0) == id } }

    func comments(forItemAt index: Int) -> [ImageComment] { [] }

    func image(at path: String) -> [UInt8]? {
        switch path {
        case "/p/photo.jpg":
            var photo = Bitmap(width: 300, height: 150, layout: .rgb)
            for index in photo.samples.indices { photo.samples[index] = UInt8(truncatingIfNeeded: index / 7) }
            return JPEGEncoder.encode(photo, quality: 85)
        case "/p/clear.png":
            var clear = Bitmap(width: 500, height: 500, layout: .rgba, filledWith: 200)
            for index in stride(from: 3, to: clear.samples.count, by: 8) { clear.samples[index] = 0 }
            return PNGWriter.encode(clear)
        case "/p/small.png": return PNGWriter.encode(Bitmap(width: 90, height: 90, layout: .rgb, filledWith: 50))
        default: return nil
        }
    }
}
