import Foundation
import SiteGenerator
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// Pages into sitemaps within sitemaps.org's limits (50,000 URLs and 50 MB a file), here
/// with small limits so the tests stay small.
final class SitemapsTests: XCTestCase {
    func test_split_writesOneSitemapWhenEveryPageFits() throws {
        let sitemaps = Sitemaps.split(pages(5), maxURLs: 5)

        XCTAssertEqual(sitemaps.count, 1)
        XCTAssertEqual(try locs(sitemaps[0]), (0..<5).map(url))
    }

    func test_split_writesAnEmptySitemapForNoPages() throws {
        let sitemaps = Sitemaps.split(pages(0), maxURLs: 5)

        XCTAssertEqual(sitemaps.count, 1)
        XCTAssertEqual(try locs(sitemaps[0]), [])
    }

    func test_split_startsANewSitemapEveryMaxURLsPagesKeepingPageOrder() throws {
        let sitemaps = Sitemaps.split(pages(12), maxURLs: 5)

        XCTAssertEqual(try sitemaps.map { try locs($0).count }, [5, 5, 2])
        XCTAssertEqual(try sitemaps.flatMap(locs), (0..<12).map(url))
    }

    func test_split_halvesASitemapUntilEachIsWithinMaxBytes() throws {
        let twoPages = SitemapDocument.urlSet(pages(2)).utf8.count

        let sitemaps = Sitemaps.split(pages(8), maxURLs: 8, maxBytes: twoPages)

        XCTAssertEqual(try sitemaps.map { try locs($0).count }, [2, 2, 2, 2])
        XCTAssertTrue(sitemaps.allSatisfy { $0.utf8.count <= twoPages }, sitemaps.map { "\($0.utf8.count)" }.joined(separator: ", "))
        XCTAssertEqual(try sitemaps.flatMap(locs), (0..<8).map(url))
    }

    func test_split_atTheRealLimitsKeepsFiftyThousandURLsInOneSitemap() throws {
        let sitemaps = Sitemaps.split(pages(SitemapDocument.maxURLs + 1))

        XCTAssertEqual(try sitemaps.map { try locs($0).count }, [SitemapDocument.maxURLs, 1])
    }

    // MARK: - Helpers

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
