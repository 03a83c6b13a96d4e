import FeedCore
import XCTest

@testable import FeedSiteCLI

final class SiteMediaTypeTests: XCTestCase {
    func test_of_namesEachFileTheSiteHolds() {
        let expected = [
            "index.html": "text/html; charset=utf-8",
            "style.css": "text/css; charset=utf-8",
            "search-ab.js": "text/javascript; charset=utf-8",
            "feed.json": "application/feed+json",
            "manifest.json": "application/json",
            "feed.atom": "application/atom+xml; charset=utf-8",
            "sitemap.xml": "application/xml; charset=utf-8",
            "sitemap-2.xml": "application/xml; charset=utf-8",
            "items.jsonl": "application/jsonl",
            "robots.txt": "text/plain; charset=utf-8",
        ]

        for (name, type) in expected {
            XCTAssertEqual(SiteMediaType.of(fileName: name), type, name)
        }
    }

    func test_of_namesEveryImageByTheExtensionItsBytesGaveIt() {
        for format in ImageFormat.allCases where format != .unknown {
            let name = "0b94830458720.\(format.fileExtension)"
            XCTAssertEqual(SiteMediaType.of(fileName: name), format.mediaType, name)
        }
        let images = [
            "a.png": "image/png", "a.jpg": "image/jpeg", "a.jpeg": "image/jpeg", "a.gif": "image/gif", "a.webp": "image/webp", "a.avif": "image/avif",
            "a.svg": "image/svg+xml", "a.ico": "image/vnd.microsoft.icon", "a.bmp": "image/bmp", "a.tiff": "image/tiff", "a.tif": "image/tiff",
            "a.heic": "image/heic", "a.PNG": "image/png",
        ]
        for (name, type) in images {
            XCTAssertEqual(SiteMediaType.of(fileName: name), type, name)
        }
    }

    func test_of_givesAnythingElseAsPlainBytes() {
        for name in ["0b94830458720.bin", "README", "archive.tar", "x.exe", "html", ".html", "a.", ""] {
            XCTAssertEqual(SiteMediaType.of(fileName: name), "application/octet-stream", name)
        }
    }
}
