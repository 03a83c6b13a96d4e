import Basics
import FeedCore
import Foundation
import Publishing
import SiteGenerator
import TestSupport
import XCTest

/// What every rendered page guarantees, with the real templates and string tables.
final class SiteRendererTests: XCTestCase {
    private let now = fixedNow()
    private let hostile = #"<script>alert("pwned")</script> & <b>bold</b> 'quoted'"#
    private let hostileEscaped = "&lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt; &#39;quoted&#39;"

    // MARK: - Escaping

    func test_feedPage_rendersTheModelOfThatPageInTheRenderersLocale() throws {
        let renderers = try SiteFixtures.renderers(locales: ["en", "el"])
        let entries = SiteFixtures.feedEntries()
        let savedAt = fixedNow().adding(days: -2)

        let page = try renderers[1].feedPage(2, of: 3, entries: entries, firstPosition: 5, feedCount: 10, feedSavedAt: savedAt)

        let model = FeedPageModel(number: 2, pageCount: 3, entries: entries, paths: SitePaths(localePrefix: "el/"), firstPosition: 5, feedCount: 10)
        XCTAssertEqual(page.path, "el/page/2.html")
        XCTAssertEqual(page.html, try renderers[1].render(model, feedSavedAt: savedAt))
    }

    func test_commentsPage_rendersTheModelOfThatImageWithTheRunsClock() throws {
        let renderer = try SiteFixtures.renderer()
        let entry = SiteFixtures.feedEntries()[0]
        let comments = SiteFixtures.comments()

        let page = try renderer.commentsPage(for: entry, comments: comments, feedPage: 4, position: 31, feedCount: 40)

        let model = CommentsPageModel(
            entry: entry, comments: comments, feedPage: 4, position: 31, feedCount: 40, paths: SitePaths(), dates: CommentDateFormatter(locale: "en"),
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
            XCTAssertEqual(html.components(separatedBy: hostileEscaped).count - 1, 5, "2 locations, 2 descriptions, 1 alt text, in \(locale)")
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
            XCTAssertEqual(html.components(separatedBy: hostileEscaped).count - 1, 5, "location, description, alt text, username, message in \(locale)")
        }
    }

    func test_commentsPageWithError_escapesTextFromTheAPI() throws {
        let entry = SiteEntry(image: SiteFixtures.image(description: hostile, location: hostile), stored: nil)

        let html = try render(commentsPage(entry: entry, comments: nil))

        assertNoRawMarkup(html)
        XCTAssertEqual(html.components(separatedBy: hostileEscaped).count - 1, 2, "location and description")
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
            XCTAssertTrue(html.contains(#"alt="Sun[31mset""#), html)
        }
        XCTAssertTrue(page.contains(#"<span class="username">ana</span>"#), page)
        XCTAssertTrue(page.contains(#"<p class="message">hithere</p>"#), page)
    }

    func test_pages_nameAnImageByItsPlaceInTheFeedWhenItsTextIsOnlyCharactersNoPageMayHold() throws {
        let entry = SiteEntry(image: SiteFixtures.image(description: "\u{1}\u{2}", location: "\u{7F}\u{0}"), stored: SiteFixtures.stored())

        let feed = try SiteFixtures.renderer().render(
            FeedPageModel(number: 1, pageCount: 1, entries: [entry], paths: SitePaths(), firstPosition: 3, feedCount: 45))
        let page = try render(commentsPage(entry: entry, comments: [], position: 3, feedCount: 45))

        for html in [feed, page] {
            XCTAssertTrue(html.contains(#"alt="Image 3 of 45""#), html)
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

    // MARK: - Comments page

    func test_commentsPage_showsTheConnectionErrorInPlaceOfUnavailableComments() throws {
        for locale in ["en", "pt-BR", "el"] {
            let message = try SiteFixtures.strings(locale).string(.genericConnectionError)

            let html = try render(commentsPage(comments: nil, locale: locale), locale: locale)

            XCTAssertTrue(html.contains(#"<p class="error" role="alert">\#(HTML.escape(message))</p>"#), "\(locale):\n\(html)")
            XCTAssertFalse(html.contains(#"<ol class="comments">"#), locale)
            XCTAssertFalse(html.contains(#"<p class="empty">"#), "no 'no comments yet' when they could not be loaded, in \(locale)")
        }
    }

    func test_commentsPage_withEmptyCommentsSaysSoWithoutAnError() throws {
        let html = try render(commentsPage(comments: []))

        XCTAssertTrue(html.contains(#"<p class="empty">No comments yet.</p>"#), html)
        XCTAssertFalse(html.contains(#"class="error""#), html)
        XCTAssertFalse(html.contains(#"<ol class="comments">"#), html)
    }

    func test_commentsPage_showsCommentsInServerOrderWithoutError() throws {
        let html = try render(commentsPage(comments: SiteFixtures.comments()))

        XCTAssertFalse(html.contains(#"class="error""#), html)
        XCTAssertFalse(html.contains(#"<p class="empty">"#), html)
        let positions = ["ada_l", "alan &lt;turing&gt;", "grace", "linus"].map { html.range(of: $0)?.lowerBound }
        XCTAssertFalse(positions.contains(nil), html)
        XCTAssertEqual(positions.compactMap { $0 }, positions.compactMap { $0 }.sorted())
    }

    func test_commentsPage_wrapsRelativeDatesInTimeElements() throws {
        let createdAt = now.adding(days: -1)
        let dates = CommentDateFormatter(locale: "en")

        let html = try render(commentsPage(comments: [SiteFixtures.comment(createdAt: createdAt)]))

        XCTAssertTrue(html.contains(#"<time datetime="2024-05-19T11:24:59Z" title="\#(HTML.escape(dates.absolute(createdAt)))">1 day ago</time>"#), html)
    }

    func test_commentsPage_linksBackToTheFeedPageHoldingTheImage() throws {
        let html = try render(commentsPage(comments: [], feedPage: 3))

        XCTAssertTrue(html.contains(#"<a class="back" href="../page/3.html#image-\#(SiteFixtures.firstID.uuidString)">"#), html)
        XCTAssertTrue(html.contains("My Feed</a>"), html)
    }

    func test_commentsPage_showsTheImageWithItsDescriptionAsAlternativeText() throws {
        let entry = SiteEntry(image: SiteFixtures.image(description: "A lake", location: "Kew"), stored: SiteFixtures.stored("f"))

        let html = try render(commentsPage(entry: entry, comments: []))

        XCTAssertTrue(html.contains(#"<img src="../images/\#(String(repeating: "f", count: 64)).png" alt="A lake""#), html)
    }

    // MARK: - Feed page

    func test_feedPage_showsEachItemWithItsAnchorImageAndCommentsLink() throws {
        let id = SiteFixtures.firstID.uuidString
        let entry = SiteEntry(image: SiteFixtures.image(description: nil, location: "Kew"), stored: SiteFixtures.stored("a"))

        let html = try SiteFixtures.renderer().render(FeedPageModel(number: 2, pageCount: 2, entries: [entry], paths: SitePaths()))

        XCTAssertTrue(html.contains(#"<li class="card" id="image-\#(id)">"#), html)
        XCTAssertTrue(
            html.contains(#"<a class="frame" href="../comments/\#(id).html"><img src="../images/\#(String(repeating: "a", count: 64)).png" alt="Kew""#), html)
        XCTAssertTrue(html.contains(#"<a class="comments-link" href="../comments/\#(id).html">View comments"#), html)
        XCTAssertFalse(html.contains(#"class="description""#), "no description when there is none")
    }

    func test_feedPage_showsPlaceholderAndOriginalLinkForMissingImage() throws {
        let entry = SiteEntry(image: SiteFixtures.image(url: "https://images.example/gone.png"), stored: nil)

        let html = try SiteFixtures.renderer().render(FeedPageModel(number: 1, pageCount: 1, entries: [entry], paths: SitePaths()))

        XCTAssertTrue(
            html.contains(
                #"<div class="frame missing"><p>Image unavailable</p><a href="https://images.example/gone.png" rel="noopener noreferrer">Open original</a></div>"#
            ), html)
        XCTAssertFalse(html.contains("<img"), html)
    }

    func test_feedPage_showsLocationAndDescriptionOnlyWhenPresent() throws {
        let with = SiteEntry(image: SiteFixtures.image(description: "D", location: "L"), stored: nil)
        let without = SiteEntry(image: SiteFixtures.image(description: nil, location: nil), stored: nil)
        let renderer = try SiteFixtures.renderer()

        let shown = try renderer.render(FeedPageModel(number: 1, pageCount: 1, entries: [with], paths: SitePaths()))
        let hidden = try renderer.render(FeedPageModel(number: 1, pageCount: 1, entries: [without], paths: SitePaths()))

        XCTAssertTrue(shown.contains("<span>L</span></p>"), shown)
        XCTAssertTrue(shown.contains(#"<p class="description">D</p>"#), shown)
        XCTAssertFalse(hidden.contains(#"class="location""#), hidden)
        XCTAssertFalse(hidden.contains(#"class="description""#), hidden)
    }

    func test_feedPage_keepsLineBreaksOfMultiLineText() throws {
        let entry = SiteEntry(image: SiteFixtures.image(description: "first line\nsecond line"), stored: nil)
        let stylesheet = String(decoding: try SiteFixtures.templates().stylesheet, as: UTF8.self)

        let html = try SiteFixtures.renderer().render(FeedPageModel(number: 1, pageCount: 1, entries: [entry], paths: SitePaths()))

        XCTAssertTrue(html.contains("<p class=\"description\">first line\nsecond line</p>"), html)
        XCTAssertTrue(stylesheet.contains("white-space: pre-line"))
    }

    func test_feedPage_withoutItemsShowsTheEmptyMessage() throws {
        let html = try SiteFixtures.renderer().render(FeedPageModel(number: 1, pageCount: 1, entries: [], paths: SitePaths()))

        XCTAssertTrue(html.contains(#"<p class="empty">No images in this feed yet.</p>"#), html)
        XCTAssertFalse(html.contains(#"<ol class="feed">"#), html)
    }

    func test_feedPage_ofASinglePageHasNoPagination() throws {
        let html = try SiteFixtures.renderer().render(FeedPageModel(number: 1, pageCount: 1, entries: SiteFixtures.feedEntries(), paths: SitePaths()))

        XCTAssertFalse(html.contains("pagination"), html)
        XCTAssertTrue(html.contains("<title>My Feed</title>"), html)
    }

    func test_feedPage_linksToPreviousAndNextPages() throws {
        let html = try SiteFixtures.renderer().render(FeedPageModel(number: 2, pageCount: 3, entries: [], paths: SitePaths()))

        XCTAssertTrue(html.contains(#"<a class="previous" rel="prev" href="../index.html">"#), html)
        XCTAssertTrue(html.contains(#"<a class="next" rel="next" href="3.html">"#), html)
        XCTAssertTrue(html.contains(#"<span class="position">Page 2 of 3</span>"#), html)
        XCTAssertTrue(html.contains("<title>My Feed · Page 2 of 3</title>"), html)
    }

    func test_feedPage_firstOfSeveralHasOnlyANextLinkAndThePlainTitle() throws {
        let html = try SiteFixtures.renderer().render(FeedPageModel(number: 1, pageCount: 3, entries: [], paths: SitePaths()))

        XCTAssertFalse(html.contains(#"rel="prev""#), html)
        XCTAssertTrue(html.contains(#"<a class="next" rel="next" href="page/2.html">"#), html)
        XCTAssertTrue(html.contains("<title>My Feed</title>"), html)
    }

    func test_feedPage_fromTheCacheSaysWhenTheFeedWasSaved() throws {
        let page = FeedPageModel(number: 1, pageCount: 1, entries: [], paths: SitePaths())

        let cached = try SiteFixtures.renderer().render(page, feedSavedAt: now.adding(days: -3))
        let live = try SiteFixtures.renderer().render(page)
        let portuguese = try SiteFixtures.renderer(locale: "pt-BR").render(page, feedSavedAt: now.adding(days: -3))

        XCTAssertTrue(cached.contains(#"<p class="notice" role="status">Offline copy: this feed was saved 3 days ago.</p>"#), cached)
        XCTAssertFalse(live.contains("notice"), live)
        XCTAssertTrue(portuguese.contains("Cópia offline: este feed foi salvo há 3 dias."), portuguese)
    }

    /// The templates' bound on a render's steps must never stop a real page: the largest
    /// feed page `--page-size` allows, and a comments page of thousands of comments.
    func test_pages_asLargeAsARunMakesRenderWithTheBuiltInTemplates() throws {
        let renderer = try SiteFixtures.renderer()
        let entries = (0..<10_000).map { SiteFixtures.feedEntries()[$0 % 4] }
        let comments = (0..<5_000).map { SiteFixtures.comments()[$0 % 4] }

        let feed = try renderer.feedPage(1, of: 1, entries: entries, firstPosition: 1, feedCount: entries.count, feedSavedAt: fixedNow())
        let page = try renderer.commentsPage(for: entries[0], comments: comments, feedPage: 1, position: 1, feedCount: 1)

        XCTAssertEqual(feed.html.components(separatedBy: "<li class=\"card\"").count - 1, 10_000)
        XCTAssertEqual(page.html.components(separatedBy: "An older comment").count - 1, 1_250)
    }

    // MARK: - Images: size and text alternative

    func test_pages_giveImagesTheWidthAndHeightFromTheirHeader() throws {
        let entry = SiteEntry(image: SiteFixtures.image(), stored: SiteFixtures.stored("a", width: 1200, height: 1600))

        let feed = try SiteFixtures.renderer().render(FeedPageModel(number: 1, pageCount: 1, entries: [entry], paths: SitePaths()))
        let comments = try render(commentsPage(entry: entry, comments: []))

        XCTAssertTrue(feed.contains(#"alt="A description" width="1200" height="1600" loading="lazy" decoding="async">"#), feed)
        XCTAssertTrue(comments.contains(#"alt="A description" width="1200" height="1600" decoding="async">"#), comments)
    }

    func test_pages_leaveOutWidthAndHeightWhenTheSizeIsUnknown() throws {
        let stored = StoredImage(sha256: String(repeating: "d", count: 64), byteCount: 10, format: .svg, dimensions: nil)
        let entry = SiteEntry(image: SiteFixtures.image(), stored: stored)

        let feed = try SiteFixtures.renderer().render(FeedPageModel(number: 1, pageCount: 1, entries: [entry], paths: SitePaths()))
        let comments = try render(commentsPage(entry: entry, comments: []))

        for html in [feed, comments] {
            XCTAssertTrue(html.contains(#".svg" alt="A description" "#), html)
            XCTAssertFalse(html.contains(#"width=""#), html)
            XCTAssertFalse(html.contains(#"height=""#), html)
        }
    }

    func test_pages_nameAnImageByItsDescriptionElseItsLocation() throws {
        let described = SiteEntry(image: SiteFixtures.image(id: SiteFixtures.firstID, description: "A lake", location: "Kew"), stored: SiteFixtures.stored())
        let located = SiteEntry(image: SiteFixtures.image(id: SiteFixtures.secondID, description: nil, location: "Kew"), stored: SiteFixtures.stored())
        let blank = SiteEntry(image: SiteFixtures.image(id: SiteFixtures.thirdID, description: " \n ", location: "Kew"), stored: SiteFixtures.stored())

        let feed = try SiteFixtures.renderer().render(FeedPageModel(number: 1, pageCount: 1, entries: [described, located, blank], paths: SitePaths()))

        XCTAssertEqual(matches(of: #"alt="([^"]*)""#, in: feed), ["A lake", "Kew", "Kew"])
        XCTAssertTrue(try render(commentsPage(entry: located, comments: [])).contains(#"alt="Kew""#))
    }

    func test_pages_nameAnImageWithoutDescriptionOrLocationByItsPlaceInTheWholeFeed() throws {
        let bare = (0..<3).map { _ in SiteEntry(image: SiteFixtures.image(id: UUID(), description: nil, location: nil), stored: SiteFixtures.stored()) }
        let expected = [
            ("en", ["Image 11 of 45", "Image 12 of 45", "Image 13 of 45"], "Image 3 of 45"),
            ("el", ["Εικόνα 11 από 45", "Εικόνα 12 από 45", "Εικόνα 13 από 45"], "Εικόνα 3 από 45"),
            ("pt-BR", ["Imagem 11 de 45", "Imagem 12 de 45", "Imagem 13 de 45"], "Imagem 3 de 45"),
        ]
        for (locale, feedAlts, commentsAlt) in expected {
            let renderer = try SiteFixtures.renderer(locale: locale)

            let feed = try renderer.render(FeedPageModel(number: 2, pageCount: 5, entries: bare, paths: SitePaths(), firstPosition: 11, feedCount: 45))
            let comments = try renderer.render(commentsPage(entry: bare[0], comments: [], position: 3, feedCount: 45, locale: locale))

            XCTAssertEqual(matches(of: #"alt="([^"]*)""#, in: feed), feedAlts, locale)
            XCTAssertEqual(matches(of: #"alt="([^"]*)""#, in: comments), [commentsAlt], locale)
        }
    }

    func test_feedPage_neverLinksAnImageWithAnEmptyTextAlternative() throws {
        let html = try SiteFixtures.renderer().render(FeedPageModel(number: 1, pageCount: 1, entries: SiteFixtures.feedEntries(), paths: SitePaths()))

        XCTAssertFalse(html.contains(#"alt="""#), html)
        XCTAssertTrue(html.contains(#"alt="Image 4 of 4""#), html)
    }

    // MARK: - Snapshot line

    func test_pages_sayWhatTheyAreASnapshotOfAndWhenInThePagesLocale() throws {
        let lines = [
            ("en", "Snapshot of ile-api.essentialdeveloper.com, May 20, 2024 at 11:24\u{202F}AM UTC"),
            ("el", "Στιγμιότυπο του ile-api.essentialdeveloper.com, 20 Μαΐου 2024 στις 11:24\u{202F}πμ UTC"),
            ("pt-BR", "Cópia de ile-api.essentialdeveloper.com em 20 de maio de 2024 às 11:24 UTC"),
        ]
        for (locale, line) in lines {
            let renderer = try SiteFixtures.renderer(locale: locale)

            let feed = try renderer.render(FeedPageModel(number: 1, pageCount: 1, entries: SiteFixtures.feedEntries(), paths: SitePaths()))
            let empty = try renderer.render(FeedPageModel(number: 1, pageCount: 1, entries: [], paths: SitePaths()))
            let comments = try renderer.render(commentsPage(comments: SiteFixtures.comments(), locale: locale))
            let unavailable = try renderer.render(commentsPage(comments: nil, locale: locale))

            for html in [feed, empty, comments, unavailable] {
                XCTAssertTrue(html.contains("<main>\n<p class=\"snapshot\">\(line)</p>\n"), "\(locale):\n\(html)")
            }
        }
    }

    func test_pages_sayTheSnapshotsTimeInUTCWhateverTheRunsZone() throws {
        let renderer = SiteRenderer(
            templates: try SiteFixtures.templates(), strings: try SiteFixtures.strings("en"), paths: SitePaths(), languages: [],
            now: ISO8601Date.parse("2026-11-01T23:59:59-02:00")!, apiHost: "api.example")

        let html = try renderer.render(FeedPageModel(number: 1, pageCount: 1, entries: [], paths: SitePaths()))

        XCTAssertTrue(html.contains("<p class=\"snapshot\">Snapshot of api.example, November 2, 2026 at 1:59\u{202F}AM UTC</p>"), html)
    }

    func test_feedPage_fromTheCacheShowsTheSnapshotLineRightBeforeTheOfflineNotice() throws {
        for locale in ["en", "el", "pt-BR"] {
            let renderer = try SiteFixtures.renderer(locale: locale)
            let strings = try SiteFixtures.strings(locale)
            let snapshot = try strings.string(.siteSnapshot, SiteFixtures.apiHost, CommentDateFormatter(locale: locale).dayAndTime(now))
            let notice = try strings.string(.feedCachedNotice, renderer.relative(now.adding(days: -3)))

            let html = try renderer.render(FeedPageModel(number: 1, pageCount: 1, entries: [], paths: SitePaths()), feedSavedAt: now.adding(days: -3))

            XCTAssertTrue(
                html.contains("<p class=\"snapshot\">\(HTML.escape(snapshot))</p>\n<p class=\"notice\" role=\"status\">\(HTML.escape(notice))</p>"),
                "\(locale):\n\(html)")
        }
    }

    // MARK: - Language

    func test_pages_haveTheLocaleAsLangAttribute() throws {
        for (requested, lang) in [("en", "en"), ("pt_BR", "pt-BR"), ("EL", "el")] {
            let renderer = try SiteFixtures.renderer(locale: requested)

            XCTAssertTrue(
                try renderer.render(FeedPageModel(number: 1, pageCount: 1, entries: [], paths: SitePaths())).contains(#"<html lang="\#(lang)">"#), requested)
            XCTAssertTrue(try renderer.render(commentsPage(comments: [])).contains(#"<html lang="\#(lang)">"#), requested)
        }
    }

    func test_pages_haveLocalizedTitles() throws {
        let titles = [("en", "My Feed", "Comments"), ("pt_BR", "Meu Feed", "Comentários"), ("el", "Το Feed μου", "Σχόλια")]
        for (locale, feedTitle, commentsTitle) in titles {
            let renderer = try SiteFixtures.renderer(locale: locale)

            let feed = try renderer.render(FeedPageModel(number: 1, pageCount: 1, entries: [], paths: SitePaths()))
            let comments = try renderer.render(commentsPage(comments: []))

            XCTAssertTrue(feed.contains("<title>\(feedTitle)</title>"), feed)
            XCTAssertTrue(feed.contains("<h1>\(feedTitle)</h1>"), feed)
            XCTAssertTrue(comments.contains("<title>\(commentsTitle)</title>"), comments)
            XCTAssertTrue(comments.contains("<h1>\(commentsTitle)</h1>"), comments)
        }
    }

    func test_commentsPage_showsRelativeDatesInThePagesLocale() throws {
        let renderer = try SiteFixtures.renderer(locale: "pt-BR")
        let page = CommentsPageModel(
            entry: SiteEntry(image: SiteFixtures.image(), stored: nil), comments: [SiteFixtures.comment(createdAt: now.adding(days: -1))],
            feedPage: 1, position: 1, feedCount: 4, paths: SitePaths(), dates: CommentDateFormatter(locale: renderer.locale), now: now
        )

        XCTAssertTrue(try renderer.render(page).contains(">há 1 dia</time>"))
    }

    func test_connectionErrorMessage_isLocalized() throws {
        XCTAssertEqual(try SiteFixtures.renderer(locale: "en").connectionErrorMessage, "Couldn't connect to server")
        XCTAssertEqual(
            try SiteFixtures.renderer(locale: "pt-BR").connectionErrorMessage,
            try SiteFixtures.strings("pt-BR").string(.genericConnectionError))
        XCTAssertEqual(
            try SiteFixtures.renderer(locale: "el").connectionErrorMessage, try SiteFixtures.strings("el").string(.genericConnectionError))
    }

    func test_singleLanguageSite_hasNoAlternatesOrSwitcher() throws {
        let html = try SiteFixtures.renderer().render(FeedPageModel(number: 1, pageCount: 1, entries: [], paths: SitePaths()))

        XCTAssertFalse(html.contains("hreflang"), html)
        XCTAssertFalse(html.contains(#"class="languages""#), html)
    }

    func test_twoLanguageSite_linksEveryPageToItsTranslations() throws {
        let renderers = try SiteFixtures.renderers(locales: ["en", "el"])
        let id = SiteFixtures.firstID.uuidString

        let englishFeed = try renderers[0].render(FeedPageModel(number: 2, pageCount: 2, entries: [], paths: renderers[0].paths))
        let greekComments = try renderers[1].render(
            CommentsPageModel(
                entry: SiteEntry(image: SiteFixtures.image(), stored: nil), comments: [], feedPage: 1, position: 1, feedCount: 4, paths: renderers[1].paths,
                dates: CommentDateFormatter(locale: renderers[1].locale), now: now)
        )

        XCTAssertTrue(englishFeed.contains(#"<link rel="alternate" hreflang="en" href="2.html">"#), englishFeed)
        XCTAssertTrue(englishFeed.contains(#"<link rel="alternate" hreflang="el" href="../el/page/2.html">"#), englishFeed)
        XCTAssertTrue(englishFeed.contains(#"<span class="language current" lang="en" aria-current="page">English</span>"#), englishFeed)
        XCTAssertTrue(englishFeed.contains(#"<a class="language" lang="el" hreflang="el" href="../el/page/2.html">Ελληνικά</a>"#), englishFeed)
        XCTAssertTrue(englishFeed.contains(#"<nav class="languages" aria-label="Language">"#), englishFeed)

        XCTAssertTrue(greekComments.contains(#"<html lang="el">"#), greekComments)
        XCTAssertTrue(greekComments.contains(#"<link rel="alternate" hreflang="en" href="../../comments/\#(id).html">"#), greekComments)
        XCTAssertTrue(greekComments.contains(#"<link rel="alternate" hreflang="el" href="\#(id).html">"#), greekComments)
        XCTAssertTrue(greekComments.contains(#"<a class="language" lang="en" hreflang="en" href="../../comments/\#(id).html">English</a>"#), greekComments)
        XCTAssertTrue(greekComments.contains(#"<span class="language current" lang="el" aria-current="page">Ελληνικά</span>"#), greekComments)
        XCTAssertTrue(greekComments.contains(#"<link rel="stylesheet" href="../../assets/style.css">"#), greekComments)
        XCTAssertTrue(greekComments.contains(#"<a class="back" href="../index.html#image-\#(id)">"#), greekComments)
    }

    // MARK: - Links

    func test_pages_useOnlyRelativeLinksAndLoadNothingFromAnotherHost() throws {
        for renderer in try SiteFixtures.renderers(locales: ["en", "el", "pt-BR"]) {
            let entries = SiteFixtures.feedEntries()
            var pages = [
                try renderer.render(FeedPageModel(number: 1, pageCount: 3, entries: entries, paths: renderer.paths)),
                try renderer.render(FeedPageModel(number: 2, pageCount: 3, entries: entries, paths: renderer.paths), feedSavedAt: now.adding(days: -1)),
            ]
            for entry in entries {
                pages.append(
                    try renderer.render(
                        CommentsPageModel(
                            entry: entry, comments: SiteFixtures.comments(), feedPage: 2, position: 1, feedCount: 4, paths: renderer.paths,
                            dates: CommentDateFormatter(locale: renderer.locale), now: now)))
            }

            for html in pages {
                for (attribute, value, tag) in attributes(named: ["href", "src"], in: html) {
                    if tag.contains(#"rel="noopener noreferrer""#) {
                        XCTAssertTrue(value.hasPrefix("https://images.example/"), "only the original image may be linked absolutely: \(tag)")
                        continue
                    }
                    XCTAssertFalse(
                        value.contains("://") || value.hasPrefix("/") || value.isEmpty, "\(attribute)=\"\(value)\" in \(renderer.paths.localePrefix): \(tag)")
                }
            }
        }
    }

    // MARK: - Helpers

    private func render(_ page: CommentsPageModel, locale: String = "en") throws -> String {
        try SiteFixtures.renderer(locale: locale).render(page)
    }

    private func commentsPage(
        entry: SiteEntry = SiteEntry(image: SiteFixtures.image(), stored: SiteFixtures.stored()),
        comments: [ImageComment]?,
        feedPage: Int = 1,
        position: Int = 1,
        feedCount: Int = 1,
        locale: String = "en"
    ) -> CommentsPageModel {
        CommentsPageModel(
            entry: entry, comments: comments, feedPage: feedPage, position: position, feedCount: feedCount, paths: SitePaths(),
            dates: CommentDateFormatter(locale: locale), now: now)
    }

    /// The first capture group of every match of `pattern`.
    private func matches(of pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            Range(match.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    /// Checks that no markup from the API is in `html`; the feed pages' own search script
    /// element, with its escaped attributes, is the site's.
    private func assertNoRawMarkup(_ html: String, _ context: String = "", file: StaticString = #filePath, line: UInt = #line) {
        let html = html.replacingOccurrences(of: #"<script src="(\.\./)*assets/search\.js" defer[^<>]*></script>"#, with: "", options: .regularExpression)
        for raw in ["<script", "</script>", "<b>", "alert(\"pwned\")", "'quoted'"] {
            XCTAssertFalse(html.contains(raw), "\(raw) appears unescaped \(context)", file: file, line: line)
        }
    }

    /// Every `name="value"` attribute with one of `names`, with the tag it is in.
    private func attributes(named names: [String], in html: String) -> [(String, String, String)] {
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
