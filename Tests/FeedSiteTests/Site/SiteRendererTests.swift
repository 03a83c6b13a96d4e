import Basics
import FeedCore
import Foundation
import Publishing
import SiteGenerator
import TestSupport
import XCTest

/// What every rendered page guarantees, with the real templates and string tables.
final class SiteRendererTests: XCTestCase {
    let now = fixedNow()
    let hostile = #"<script>alert("pwned")</script> & <b>bold</b> 'quoted'"#
    let hostileEscaped = "&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt; &#39;quoted&#39;"

    // MARK: - Escaping

    func test_feedPage_rendersTheModelOfThatPageInTheRenderersLocale() throws {
        let renderers = try SiteFixtures.renderers(locales: ["en", "el"])
        let entries = SiteFixtures.feedEntries()
        let savedAt = fixedNow().adding(days: -2)

        let page = try renderers[1].feedPage(2, of: 3, entries: entries, feedSavedAt: savedAt)

        let model = FeedPageModel(number: 2, pageCount: 3, entries: entries, paths: SitePaths(localePrefix: "el/"))
        XCTAssertEqual(page.path, "el/page/2.html")
        XCTAssertEqual(page.html, try renderers[1].render(model, feedSavedAt: savedAt))
    }

    func test_commentsPage_rendersTheModelOfThatImageWithTheRunsClock() throws {
        let renderer = try SiteFixtures.renderer()
        let entry = SiteFixtures.feedEntries()[0]
        let comments = SiteFixtures.comments()

        let page = try renderer.commentsPage(for: entry, comments: comments, feedPage: 4)

        let model = CommentsPageModel(
            entry: entry, comments: comments, feedPage: 4, neighbours: .none, paths: SitePaths(), dates: CommentDateFormatter(locale: "en"),
            now: fixedNow())
        XCTAssertEqual(page.path, "comments/\(entry.id.text).html")
        XCTAssertEqual(page.html, try renderer.render(model))
    }

    func test_relative_formatsAgainstTheRunsClockInTheRenderersLocale() throws {
        let renderer = try SiteFixtures.renderer(locale: "en")

        XCTAssertEqual(renderer.relative(fixedNow().adding(days: -1)), "1 day ago")
    }

    func test_feedPage_escapesTextFromTheAPI() throws {
        let entries = [
            SiteEntry(image: SiteFixtures.image(id: SiteFixtures.firstID, description: hostile, location: hostile), stored: SiteFixtures.stored()),
            SiteEntry(image: SiteFixtures.image(id: SiteFixtures.secondID, description: hostile, location: hostile), stored: nil),
        ]

        for locale in ["en", "pt-BR", "el"] {
            let html = try SiteFixtures.renderer(locale: locale).render(FeedPageModel(number: 1, pageCount: 1, entries: entries, paths: SitePaths()))

            assertNoRawMarkup(html, locale)
            XCTAssertEqual(html.components(separatedBy: hostileEscaped).count - 1, 4, "2 locations, 2 descriptions, in \(locale)")
        }
    }

    func test_feedPageFromCache_escapesTextFromTheAPI() throws {
        let entries = [SiteEntry(image: SiteFixtures.image(description: hostile, location: hostile), stored: SiteFixtures.stored())]

        let html = try SiteFixtures.renderer().render(
            FeedPageModel(number: 1, pageCount: 1, entries: entries, paths: SitePaths()), feedSavedAt: now.adding(days: -1))

        assertNoRawMarkup(html)
        XCTAssertTrue(html.contains(hostileEscaped))
    }

    func test_commentsPage_escapesTextFromTheAPI() throws {
        let entry = SiteEntry(image: SiteFixtures.image(description: hostile, location: hostile), stored: SiteFixtures.stored())
        let comments = [SiteFixtures.comment(message: hostile, createdAt: now.adding(days: -1), username: hostile)]

        for locale in ["en", "pt-BR", "el"] {
            let html = try render(commentsPage(entry: entry, comments: comments, locale: locale), locale: locale)

            assertNoRawMarkup(html, locale)
            XCTAssertEqual(html.components(separatedBy: hostileEscaped).count - 1, 5, "location, description, title, username, message in \(locale)")
        }
    }

    func test_commentsPageWithError_escapesTextFromTheAPI() throws {
        let entry = SiteEntry(image: SiteFixtures.image(description: hostile, location: hostile), stored: nil)

        let html = try render(commentsPage(entry: entry, comments: nil))

        assertNoRawMarkup(html)
        XCTAssertEqual(html.components(separatedBy: hostileEscaped).count - 1, 3, "location, description and title")
    }

    func test_commentsPageWithoutComments_escapesTextFromTheAPI() throws {
        let entry = SiteEntry(image: SiteFixtures.image(description: hostile, location: hostile), stored: SiteFixtures.stored())

        let html = try render(commentsPage(entry: entry, comments: []))

        assertNoRawMarkup(html)
        XCTAssertTrue(html.contains(hostileEscaped))
    }

    func test_pages_escapeAmpersandsInTheOriginalImageURL() throws {
        let entry = SiteEntry(image: SiteFixtures.image(url: "https://images.example/a.png?size=large&v=2"), stored: nil)
        let feed = try SiteFixtures.renderer().render(FeedPageModel(number: 1, pageCount: 1, entries: [entry], paths: SitePaths()))
        let comments = try render(commentsPage(entry: entry, comments: []))

        for html in [feed, comments] {
            XCTAssertTrue(html.contains(#"href="https://images.example/a.png?size=large&amp;v=2""#), html)
            XCTAssertFalse(html.contains("size=large&v=2"), html)
        }
    }

    func test_pages_dropTheCharactersNoPageMayHoldFromTheAPIsText() throws {
        let entry = SiteEntry(
            image: SiteFixtures.image(description: "Sun\u{1B}[31mset\u{0}\u{0B}", location: "Lis\u{7}bon\u{85}\u{FFFF}"), stored: SiteFixtures.stored())
        let comments = [SiteFixtures.comment(message: "hi\u{0C}there\u{7F}", createdAt: now.adding(days: -1), username: "ana\u{1}")]

        let feed = try SiteFixtures.renderer().render(FeedPageModel(number: 1, pageCount: 1, entries: [entry], paths: SitePaths()))
        let page = try render(commentsPage(entry: entry, comments: comments))

        for html in [feed, page] {
            XCTAssertEqual(html.unicodeScalars.filter(DocumentText.isDropped).map(\.value), [], html)
            XCTAssertTrue(html.contains(#"<p class="description">Sun[31mset</p>"#), html)
            XCTAssertTrue(html.contains("<span>Lisbon</span>"), html)
            XCTAssertTrue(html.contains(#"alt="Photo""#), html)
        }
        XCTAssertTrue(page.contains(#"<span class="username">ana</span>"#), page)
        XCTAssertTrue(page.contains(#"<p class="message">hithere</p>"#), page)
    }

    func test_pages_nameAnImageUntitledWhenItsTextIsOnlyCharactersNoPageMayHold() throws {
        let entry = SiteEntry(image: SiteFixtures.image(description: "\u{1}\u{2}", location: "\u{7F}\u{0}"), stored: SiteFixtures.stored())

        let feed = try SiteFixtures.renderer().render(
            FeedPageModel(number: 1, pageCount: 1, entries: [entry], paths: SitePaths()))
        let page = try render(commentsPage(entry: entry, comments: []))

        for html in [feed, page] {
            XCTAssertTrue(html.contains(#"alt="Untitled image""#), html)
        }
    }

    func test_pages_showNoLocationOrDescriptionWhoseTextIsOnlyCharactersNoPageMayHold() throws {
        let entry = SiteEntry(image: SiteFixtures.image(description: "\u{1}\u{2}", location: "\u{7F}"), stored: SiteFixtures.stored())

        let feed = try SiteFixtures.renderer().render(FeedPageModel(number: 1, pageCount: 1, entries: [entry], paths: SitePaths()))
        let page = try render(commentsPage(entry: entry, comments: []))

        for html in [feed, page] {
            XCTAssertFalse(html.contains(#"class="location""#), html)
            XCTAssertFalse(html.contains(#"class="description""#), html)
        }
    }

    // MARK: - Helpers

    func render(_ page: CommentsPageModel, locale: String = "en") throws -> String {
        try SiteFixtures.renderer(locale: locale).render(page)
    }

    func commentsPage(
        entry: SiteEntry = SiteEntry(image: SiteFixtures.image(), stored: SiteFixtures.stored()),
        comments: [ImageComment]?,
        feedPage: Int = 1,
        locale: String = "en"
    ) -> CommentsPageModel {
        CommentsPageModel(
            entry: entry, comments: comments, feedPage: feedPage, neighbours: .none, paths: SitePaths(),
            dates: CommentDateFormatter(locale: locale), now: now)
    }

    /// The first capture group of every match of `pattern`.
    func matches(of pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// Checks that no markup from the API is in `html`; the feed pages' own search script
    /// element, with its escaped attributes, is the site's.
    func assertNoRawMarkup(_ html: String, _ context: String = "", file: StaticString = #filePath, line: UInt = #line) {
        let html = html.replacingOccurrences(
            of: #"<script src="(\.\./)*assets/(search|viewer)\.js" defer[^<>]*></script>"#, with: "", options: .regularExpression)
        for raw in ["<script", "</script>", "<b>", "alert(\"pwned\")", "'quoted'"] {
            XCTAssertFalse(html.contains(raw), "\(raw) appears unescaped \(context)", file: file, line: line)
        }
    }

    /// Every `name="value"` attribute with one of `names`, with the tag it is in.
    func attributes(named names: [String], in html: String) -> [(String, String, String)] {
        var found: [(String, String, String)] = []
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            let tag = String(rest[open...close])
            for name in names {
                var tail = Substring(tag)
                while let start = tail.range(of: " \(name)=\"") {
                    let valueStart = start.upperBound
                    guard let end = tail[valueStart...].firstIndex(of: "\"") else { break }
                    found.append((name, String(tail[valueStart..<end]), tag))
                    tail = tail[tail.index(after: end)...]
                }
            }
            rest = rest[rest.index(after: close)...]
        }
        return found
    }
}
