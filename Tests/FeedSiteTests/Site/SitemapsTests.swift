import Foundation
import SiteGenerator
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// Pages into sitemaps within sitemaps.org's limits (50,000 URLs and 50 MB a file), here
/// with small limits so the tests stay small.
final class SitemapsTests: XCTestCase {
    func test_make_writesOneSitemapWhenEveryPageFits() throws {
        let sitemaps = try split(pages(5), maxURLs: 5)

        XCTAssertEqual(sitemaps.count, 1)
        XCTAssertEqual(try locs(sitemaps[0]), (0..<5).map(url))
    }

    func test_make_writesAnEmptySitemapForNoPages() throws {
        let sitemaps = try split(pages(0), maxURLs: 5)

        XCTAssertEqual(sitemaps.count, 1)
        XCTAssertEqual(try locs(sitemaps[0]), [])
    }

    func test_make_startsANewSitemapEveryMaxURLsPagesKeepingPageOrder() throws {
        let sitemaps = try split(pages(12), maxURLs: 5)

        XCTAssertEqual(try sitemaps.map { try locs($0).count }, [5, 5, 2])
        XCTAssertEqual(try sitemaps.flatMap(locs), (0..<12).map(url))
    }

    func test_make_startsANewSitemapBeforeOneWouldPassMaxBytes() throws {
        let twoPages = SitemapDocument.urlSet(pages(2)).utf8.count

        let sitemaps = try split(pages(8), maxURLs: 8, maxBytes: twoPages)

        XCTAssertEqual(try sitemaps.map { try locs($0).count }, [2, 2, 2, 2])
        XCTAssertTrue(sitemaps.allSatisfy { $0.utf8.count <= twoPages }, sitemaps.map { "\($0.utf8.count)" }.joined(separator: ", "))
        XCTAssertEqual(try sitemaps.flatMap(locs), (0..<8).map(url))
    }

    func test_make_atTheRealLimitsKeepsFiftyThousandShortURLsInOneSitemap() throws {
        let sitemaps = try split(pages(SitemapDocument.maxURLs + 1))

        XCTAssertEqual(try sitemaps.map { try locs($0).count }, [SitemapDocument.maxURLs, 1])
        XCTAssertLessThanOrEqual(Sitemaps.maxBytes, SitemapDocument.maxBytes)
    }

    func test_make_writesAPageLargerThanMaxBytesAloneRatherThanDroppingIt() throws {
        let sitemaps = try split(pages(3), maxURLs: 10, maxBytes: 10)

        XCTAssertEqual(try sitemaps.map(locs), [[url(0)], [url(1)], [url(2)]])
    }

    func test_make_numbersTheSitemapsFromOneAndSaysHowManyItMade() throws {
        var numbers: [Int] = []

        let count = try Sitemaps.make(pages(12), maxURLs: 5) { _, number in numbers.append(number) }

        XCTAssertEqual(count, 3)
        XCTAssertEqual(numbers, [1, 2, 3])
    }

    func test_make_stopsAtTheFirstSitemapThatCannotBeWritten() {
        var numbers: [Int] = []

        XCTAssertThrowsError(
            try Sitemaps.make(pages(12), maxURLs: 5) { _, number in
                numbers.append(number)
                if number == 2 { throw anyError() }
            })
        XCTAssertEqual(numbers, [1, 2])
    }

    func test_publish_writesOneSitemapAsSitemapXML() throws {
        var files: [(path: String, text: String)] = []

        let paths = try Sitemaps.publish(pages(3), baseURL: BaseURL("https://example.org/feed/")!, maxURLs: 5) { files.append(($1, $0)) }

        XCTAssertEqual(paths, ["sitemap.xml"])
        XCTAssertEqual(files.map(\.path), ["sitemap.xml"])
        XCTAssertEqual(try locs(files[0].text), (0..<3).map(url))
    }

    func test_publish_writesThePartsAsTheyComeAndSitemapXMLAsTheirIndex() throws {
        var files: [(path: String, text: String)] = []

        let paths = try Sitemaps.publish(pages(12), baseURL: BaseURL("https://example.org/feed/")!, maxURLs: 5) { files.append(($1, $0)) }

        XCTAssertEqual(paths, ["sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml", "sitemap.xml"])
        XCTAssertEqual(files.map(\.path), paths)
        XCTAssertEqual(try files.dropLast().flatMap { try locs($0.text) }, (0..<12).map(url))
        let index = try XMLTestTreeBuilder.parse(files[3].text)
        XCTAssertEqual(index.name, "sitemapindex")
        XCTAssertEqual(
            try index.children("sitemap").map { try $0.child("loc").text },
            ["https://example.org/feed/sitemap-1.xml", "https://example.org/feed/sitemap-2.xml", "https://example.org/feed/sitemap-3.xml"])
    }

    // MARK: - Helpers

    /// Every sitemap `make` writes, in order.
    private func split(_ pages: [SitemapDocument.Page], maxURLs: Int = SitemapDocument.maxURLs, maxBytes: Int = SitemapDocument.maxBytes) throws
        -> [String]
    {
        var sitemaps: [String] = []
        _ = try Sitemaps.make(pages, maxURLs: maxURLs, maxBytes: maxBytes) { text, _ in sitemaps.append(text) }
        return sitemaps
    }

    private func url(_ index: Int) -> String {
        "https://example.org/feed/comments/\(index).html"
    }

    private func pages(_ count: Int) -> [SitemapDocument.Page] {
        (0..<count).map { SitemapDocument.Page(url: url($0), alternates: []) }
    }

    private func locs(_ sitemap: String) throws -> [String] {
        try XMLTestTreeBuilder.parse(sitemap).children("url").map { try $0.child("loc").text }
    }
}
