import Basics
import FeedCore
import Foundation
import SiteGenerator
import TestSupport
import XCTest

/// What a locale's feeds say (`SiteRenderer.syndicationFeed`), which pages the sitemap lists,
/// and the links every page's head gains with `--base-url`.
final class SiteRendererSyndicationTests: XCTestCase {
    private let base = BaseURL("https://example.org/feed/")!

    // MARK: - The feeds

    func test_syndicationFeed_isNilWithoutABaseURL() throws {
        XCTAssertNil(try SiteFixtures.renderer().syndicationFeed(of: SiteFixtures.feedEntries()))
    }

    func test_syndicationFeed_describesEachLocalesFeedWithFullAddresses() throws {
        let renderers = try SiteFixtures.renderers(locales: ["en", "el"], baseURL: base)

        let english = try XCTUnwrap(try renderers[0].syndicationFeed(of: []))
        let greek = try XCTUnwrap(try renderers[1].syndicationFeed(of: []))

        XCTAssertEqual(english.title, "My Feed")
        XCTAssertEqual(english.language, "en")
        XCTAssertEqual(english.homePageURL, "https://example.org/feed/")
        XCTAssertEqual(english.jsonFeedURL, "https://example.org/feed/feed.json")
        XCTAssertEqual(english.atomFeedURL, "https://example.org/feed/feed.atom")
        XCTAssertEqual(english.author, SiteFixtures.apiHost)
        XCTAssertEqual(greek.title, "Το Feed μου")
        XCTAssertEqual(greek.language, "el")
        XCTAssertEqual(greek.homePageURL, "https://example.org/feed/el/")
        XCTAssertEqual(greek.jsonFeedURL, "https://example.org/feed/el/feed.json")
        XCTAssertEqual(greek.atomFeedURL, "https://example.org/feed/el/feed.atom")
    }

    func test_syndicationFeed_givesEachItemItsPageImageTextTitleAndFirstSeenDate() throws {
        let feed = try XCTUnwrap(try SiteFixtures.renderer(baseURL: base).syndicationFeed(of: SiteFixtures.feedEntries()))

        XCTAssertEqual(
            feed.items,
            [
                SyndicationFeed.Item(
                    id: SiteFixtures.firstID, title: "Kew Gardens, London",
                    pageURL: "https://example.org/feed/comments/\(SiteFixtures.firstID.uuidString).html",
                    image: SyndicationFeed.Image(
                        url: "https://example.org/feed/images/\(String(repeating: "a", count: 64)).png", mediaType: "image/png", byteCount: 1_024),
                    text: "Kew Gardens, London\n\nTulips & <roses>\nby the lake", date: fixedNow()),
                SyndicationFeed.Item(
                    id: SiteFixtures.secondID, title: "Untitled image",
                    pageURL: "https://example.org/feed/comments/\(SiteFixtures.secondID.uuidString).html",
                    image: SyndicationFeed.Image(
                        url: "https://example.org/feed/images/\(String(repeating: "b", count: 64)).jpg", mediaType: "image/jpeg", byteCount: 1_024),
                    text: #"A "quiet" morning"#, date: fixedNow()),
                SyndicationFeed.Item(
                    id: SiteFixtures.thirdID, title: "Ελλάδα · São Paulo",
                    pageURL: "https://example.org/feed/comments/\(SiteFixtures.thirdID.uuidString).html", image: nil,
                    text: "Ελλάδα · São Paulo", date: fixedNow()),
                SyndicationFeed.Item(
                    id: SiteFixtures.fourthID, title: "Untitled image",
                    pageURL: "https://example.org/feed/comments/\(SiteFixtures.fourthID.uuidString).html",
                    image: SyndicationFeed.Image(
                        url: "https://example.org/feed/images/\(String(repeating: "c", count: 64)).webp", mediaType: "image/webp", byteCount: 1_024),
                    text: "", date: fixedNow()),
            ])
        XCTAssertEqual(feed.updated, fixedNow())
    }

    func test_syndicationFeed_listsItemsNewestFirstAndItemsOfTheSameDateInFeedOrder() throws {
        let entries = [entry(day: -3), entry(day: -1), entry(day: -2), entry(day: -1), entry(day: -3)]

        let feed = try XCTUnwrap(try SiteFixtures.renderer(baseURL: base).syndicationFeed(of: entries))

        XCTAssertEqual(feed.items.map(\.id), [1, 3, 2, 0, 4].map { entries[$0].id })
        XCTAssertEqual(feed.updated, fixedNow().adding(days: -1), "the feed's date is its newest item's")
    }

    func test_syndicationFeed_listsAnItemTheFeedRepeatsOnce() throws {
        let repeated = entry(day: -1)

        let feed = try XCTUnwrap(try SiteFixtures.renderer(baseURL: base).syndicationFeed(of: [repeated, entry(day: -2), repeated]))

        XCTAssertEqual(feed.items.map(\.id), [repeated.id, feed.items[1].id])
        XCTAssertEqual(Set(feed.items.map(\.id)).count, 2)
    }

    func test_syndicationFeed_holdsTheNewestHundredItems() throws {
        let entries = (0..<250).map { entry(seconds: Double($0)) }

        let feed = try XCTUnwrap(try SiteFixtures.renderer(baseURL: base).syndicationFeed(of: entries))

        XCTAssertEqual(SiteRenderer.feedItemLimit, 100)
        XCTAssertEqual(feed.items.map(\.id), entries.suffix(100).reversed().map(\.id))
    }

    func test_syndicationFeed_ofAnEmptyFeedIsDatedByTheRunsClock() throws {
        let feed = try XCTUnwrap(try SiteFixtures.renderer(now: fixedNow().adding(days: 2), baseURL: base).syndicationFeed(of: []))

        XCTAssertEqual(feed.items, [])
        XCTAssertEqual(feed.updated, fixedNow().adding(days: 2))
    }

    func test_documents_carryHostileItemTextAsText() throws {
        let hostile = "</content><script>alert(1)</script> & \"quotes\" \u{1} ]]>\nline two"
        let entries = [SiteEntry(image: SiteFixtures.image(description: hostile, location: nil), stored: SiteFixtures.stored())]
        let feed = try XCTUnwrap(try SiteFixtures.renderer(baseURL: base).syndicationFeed(of: entries))

        let json = try JSONReader.read(Data(JSONFeedDocument.render(feed).utf8))
        let atom = try XMLTestTreeBuilder.parse(AtomDocument.render(feed))

        let shown = hostile.replacingOccurrences(of: "\u{1}", with: "")
        XCTAssertEqual(json["items"]?.array?.first?["content_text"]?.string, shown, "what the pages show, as the Atom feed says it")
        XCTAssertEqual(try atom.child("entry").child("content").text, shown)
    }

    func test_documents_sayTheSameTextAndTitleWithoutTheCharactersNoPageMayHold() throws {
        let entries = [
            SiteEntry(image: SiteFixtures.image(description: "Sun\u{1B}[31mset\u{85}", location: "Lis\u{0C}bon\u{FFFE}"), stored: SiteFixtures.stored()),
            SiteEntry(image: SiteFixtures.image(id: SiteFixtures.secondID, description: "\u{0B}", location: "\u{1}"), stored: SiteFixtures.stored()),
        ]
        let feed = try XCTUnwrap(try SiteFixtures.renderer(baseURL: base).syndicationFeed(of: entries))

        let json = try JSONReader.read(Data(JSONFeedDocument.render(feed).utf8))
        let atom = try XMLTestTreeBuilder.parse(AtomDocument.render(feed))

        XCTAssertEqual(feed.items.map(\.title), ["Lisbon", "Untitled image"])
        XCTAssertEqual(feed.items.map(\.text), ["Lisbon\n\nSun[31mset", ""])
        XCTAssertEqual(json["items"]?.array?.first?["content_text"]?.string, "Lisbon\n\nSun[31mset")
        XCTAssertEqual(try atom.children("entry").first?.child("content").text, "Lisbon\n\nSun[31mset")
    }

    // MARK: - The sitemap

    func test_sitemapPages_listEveryFeedAndCommentsPageOfOneLanguageWithoutAlternates() {
        let ids = [SiteFixtures.firstID, SiteFixtures.secondID]

        let pages = Array(SiteRenderer.sitemapPages(languages: [("en", SitePaths())], baseURL: base, feedPageCount: 2, imageIDs: ids))

        XCTAssertEqual(
            pages.map(\.url),
            [
                "https://example.org/feed/", "https://example.org/feed/page/2.html",
                "https://example.org/feed/comments/\(ids[0].uuidString).html", "https://example.org/feed/comments/\(ids[1].uuidString).html",
            ])
        XCTAssertEqual(pages.flatMap(\.alternates), [])
    }

    func test_sitemapPages_giveEveryPageOfSeveralLanguagesItsVersionInEach() {
        let languages = [("en", SitePaths()), ("pt-BR", SitePaths(localePrefix: "pt-BR/"))]

        let pages = Array(SiteRenderer.sitemapPages(languages: languages, baseURL: base, feedPageCount: 1, imageIDs: [SiteFixtures.firstID]))

        let comments = "comments/\(SiteFixtures.firstID.uuidString).html"
        XCTAssertEqual(
            pages.map(\.url),
            [
                "https://example.org/feed/", "https://example.org/feed/\(comments)", "https://example.org/feed/pt-BR/",
                "https://example.org/feed/pt-BR/\(comments)",
            ])
        for page in pages {
            let expected =
                page.url.hasSuffix(comments)
                ? [
                    .init(language: "en", url: "https://example.org/feed/\(comments)"),
                    .init(language: "pt-BR", url: "https://example.org/feed/pt-BR/\(comments)"),
                ]
                : [
                    SitemapDocument.Alternate(language: "en", url: "https://example.org/feed/"),
                    .init(language: "pt-BR", url: "https://example.org/feed/pt-BR/"),
                ]
            XCTAssertEqual(page.alternates, expected, page.url)
        }
    }

    // MARK: - Every page's head

    func test_render_linksBothFeedsAndTheCanonicalAddressWithABaseURL() throws {
        let renderers = try SiteFixtures.renderers(locales: ["en", "el"], baseURL: base)
        let entries = SiteFixtures.feedEntries()

        let feedPage = try renderers[1].feedPage(2, of: 2, entries: entries, feedSavedAt: nil)
        let commentsPage = try renderers[0].commentsPage(for: entries[0], comments: [], feedPage: 1)

        XCTAssertTrue(feedPage.html.contains(#"<link rel="canonical" href="https://example.org/feed/el/page/2.html">"#), feedPage.html)
        XCTAssertTrue(feedPage.html.contains(#"<link rel="alternate" type="application/feed+json" title="Το Feed μου" href="../feed.json">"#))
        XCTAssertTrue(feedPage.html.contains(#"<link rel="alternate" type="application/atom+xml" title="Το Feed μου" href="../feed.atom">"#))
        XCTAssertTrue(feedPage.html.contains(#"<link rel="alternate" hreflang="en" href="https://example.org/feed/page/2.html">"#))
        XCTAssertTrue(
            commentsPage.html.contains(#"<link rel="canonical" href="https://example.org/feed/comments/\#(SiteFixtures.firstID.uuidString).html">"#))
        XCTAssertTrue(commentsPage.html.contains(#"<link rel="alternate" type="application/feed+json" title="My Feed" href="../feed.json">"#))
    }

    func test_render_addsNoFeedOrCanonicalLinkWithoutABaseURL() throws {
        let renderers = try SiteFixtures.renderers(locales: ["en", "el"])

        let page = try renderers[1].feedPage(1, of: 1, entries: SiteFixtures.feedEntries(), feedSavedAt: nil)

        XCTAssertFalse(page.html.contains("canonical"))
        XCTAssertFalse(page.html.contains("feed.json"))
        XCTAssertFalse(page.html.contains("feed.atom"))
        XCTAssertTrue(page.html.contains(#"<link rel="alternate" hreflang="en" href="../index.html">"#), "alternates stay relative")
    }

    // MARK: - Helpers

    private func entry(day: Int) -> SiteEntry {
        SiteEntry(image: uniqueImage(), stored: nil, firstSeen: fixedNow().adding(days: day))
    }

    private func entry(seconds: TimeInterval) -> SiteEntry {
        SiteEntry(image: uniqueImage(), stored: nil, firstSeen: fixedNow().adding(seconds: seconds))
    }
}
