import Foundation
import SiteGenerator
import TestSupport
import XCTest

final class SitemapDocumentTests: XCTestCase {
    private let sitemaps = "http://www.sitemaps.org/schemas/sitemap/0.9"
    private let xhtml = "http://www.w3.org/1999/xhtml"

    // MARK: - urlset

    func test_urlSet_writesAURLSetInTheSitemapNamespace() throws {
        let root = try XMLTestTreeBuilder.parse(SitemapDocument.urlSet([SitemapDocument.Page(url: "https://site.example/", alternates: [])]))

        XCTAssertEqual(root.name, "urlset")
        XCTAssertEqual(root.namespace, sitemaps)
        XCTAssertEqual(root.attributes, [:])
    }

    func test_urlSet_listsEachPageInOrderInALocElement() throws {
        let urls = ["https://site.example/", "https://site.example/page/2.html", "https://site.example/comments/A.html"]

        let root = try XMLTestTreeBuilder.parse(SitemapDocument.urlSet(urls.map { SitemapDocument.Page(url: $0, alternates: []) }))

        XCTAssertEqual(root.childNames, ["url", "url", "url"])
        XCTAssertEqual(try root.children("url").map { try $0.child("loc").text }, urls)
        XCTAssertTrue(root.children("url").allSatisfy { $0.childNames == ["loc"] && $0.namespace == sitemaps })
        XCTAssertTrue(root.children("url").allSatisfy { $0.children[0].namespace == sitemaps && $0.children[0].attributes.isEmpty })
    }

    func test_urlSet_writesOneHreflangLinkPerAlternateAfterTheLoc() throws {
        let alternates = [
            SitemapDocument.Alternate(language: "en", url: "https://site.example/"),
            SitemapDocument.Alternate(language: "pt-BR", url: "https://site.example/pt-BR/"),
            SitemapDocument.Alternate(language: "el", url: "https://site.example/el/"),
        ]
        let page = SitemapDocument.Page(url: "https://site.example/pt-BR/", alternates: alternates)

        let url = try XMLTestTreeBuilder.parse(SitemapDocument.urlSet([page])).child("url")

        XCTAssertEqual(url.childNames, ["loc", "link", "link", "link"])
        XCTAssertEqual(try url.child("loc").text, "https://site.example/pt-BR/")
        XCTAssertEqual(url.children("link").map(\.namespace), [xhtml, xhtml, xhtml])
        XCTAssertEqual(
            url.children("link").map(\.attributes),
            [
                ["rel": "alternate", "hreflang": "en", "href": "https://site.example/"],
                ["rel": "alternate", "hreflang": "pt-BR", "href": "https://site.example/pt-BR/"],
                ["rel": "alternate", "hreflang": "el", "href": "https://site.example/el/"],
            ]
        )
    }

    func test_urlSet_writesNoLastmod() {
        let text = SitemapDocument.urlSet([SitemapDocument.Page(url: "https://site.example/", alternates: [])])

        XCTAssertFalse(text.contains("lastmod"))
    }

    func test_urlSet_escapesURLsAndLanguages() throws {
        let url = #"https://site.example/search?a=1&b=<2>&c="3"&d='4'"#
        let page = SitemapDocument.Page(url: url, alternates: [SitemapDocument.Alternate(language: #"en"&"#, url: url + "&lang=en")])

        let text = SitemapDocument.urlSet([page])
        let written = try XMLTestTreeBuilder.parse(text).child("url")

        XCTAssertEqual(try written.child("loc").text, url)
        XCTAssertEqual(try written.child("link").attributes, ["rel": "alternate", "hreflang": #"en"&"#, "href": url + "&lang=en"])
        XCTAssertTrue(text.contains("a=1&amp;b=&lt;2&gt;&amp;c=&quot;3&quot;&amp;d=&apos;4&apos;"))
    }

    func test_urlSet_takesAnySequenceOfPages() throws {
        let pages = (1...3).lazy.map { SitemapDocument.Page(url: "https://site.example/page/\($0).html", alternates: []) }

        let root = try XMLTestTreeBuilder.parse(SitemapDocument.urlSet(pages))

        XCTAssertEqual(try root.children("url").map { try $0.child("loc").text }, (1...3).map { "https://site.example/page/\($0).html" })
    }

    func test_urlSet_ofNoPagesIsAValidEmptyURLSet() throws {
        let root = try XMLTestTreeBuilder.parse(SitemapDocument.urlSet([]))

        XCTAssertEqual(root.name, "urlset")
        XCTAssertEqual(root.children, [])
    }

    func test_urlSet_isTheExpectedText() {
        let page = SitemapDocument.Page(
            url: "https://site.example/el/",
            alternates: [
                SitemapDocument.Alternate(language: "en", url: "https://site.example/"),
                SitemapDocument.Alternate(language: "el", url: "https://site.example/el/"),
            ]
        )

        XCTAssertEqual(
            SitemapDocument.urlSet([SitemapDocument.Page(url: "https://site.example/?a&b", alternates: []), page]),
            """
            <?xml version="1.0" encoding="utf-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
              <url>
                <loc>https://site.example/?a&amp;b</loc>
              </url>
              <url>
                <loc>https://site.example/el/</loc>
                <xhtml:link rel="alternate" hreflang="en" href="https://site.example/"/>
                <xhtml:link rel="alternate" hreflang="el" href="https://site.example/el/"/>
              </url>
            </urlset>

            """
        )
    }

    // MARK: - sitemapindex

    func test_index_listsEachSitemapURLInOrder() throws {
        let urls = ["https://site.example/sitemap-1.xml", "https://site.example/sitemap-2.xml?x=1&y=2"]

        let root = try XMLTestTreeBuilder.parse(SitemapDocument.index(urls))

        XCTAssertEqual(root.name, "sitemapindex")
        XCTAssertEqual(root.namespace, sitemaps)
        XCTAssertEqual(root.childNames, ["sitemap", "sitemap"])
        XCTAssertTrue(root.children.allSatisfy { $0.namespace == sitemaps && $0.childNames == ["loc"] })
        XCTAssertEqual(try root.children("sitemap").map { try $0.child("loc").text }, urls)
    }

    func test_index_ofNoSitemapsIsAValidEmptyIndex() throws {
        let root = try XMLTestTreeBuilder.parse(SitemapDocument.index([]))

        XCTAssertEqual(root.name, "sitemapindex")
        XCTAssertEqual(root.children, [])
    }

    func test_index_isTheExpectedText() {
        XCTAssertEqual(
            SitemapDocument.index(["https://site.example/sitemap-1.xml"]),
            """
            <?xml version="1.0" encoding="utf-8"?>
            <sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
              <sitemap><loc>https://site.example/sitemap-1.xml</loc></sitemap>
            </sitemapindex>

            """
        )
    }

    // MARK: - Limits

    func test_limits_areThoseOfSitemapsOrg() {
        XCTAssertEqual(SitemapDocument.maxURLs, 50_000)
        XCTAssertEqual(SitemapDocument.maxBytes, 50 * 1_024 * 1_024)
    }
}

extension SitemapDocument {
    /// A whole `<urlset>` of `pages`, put together from the pieces a run writes one at a time.
    static func urlSet(_ pages: some Sequence<Page>) -> String {
        urlSetStart + pages.map(urlElement).joined() + urlSetEnd
    }
}
