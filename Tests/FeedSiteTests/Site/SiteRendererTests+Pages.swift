import Basics
import FeedCore
import Foundation
import Publishing
import SiteGenerator
import TestSupport
import XCTest

/// The comments page and the feed page: what each shows, and how each names and sizes its
/// images.
extension SiteRendererTests {
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

    func test_commentsPage_showsThePhotoWhole_namedAPhotoAsItsCaptionIsBesideIt() throws {
        let entry = SiteEntry(image: SiteFixtures.image(description: "A lake", location: "Kew"), stored: SiteFixtures.stored("f"))

        let html = try render(commentsPage(entry: entry, comments: []))

        XCTAssertTrue(html.contains(#"<img class="photo" src="../images/\#(String(repeating: "f", count: 64)).png" alt="Photo""#), html)
        XCTAssertTrue(html.contains(#"<p class="description">A lake</p>"#), html)
    }

    // MARK: - Feed page

    func test_feedPage_showsEachItemWithItsAnchorImageAndCommentsLink() throws {
        let id = SiteFixtures.firstID.uuidString
        let entry = SiteEntry(image: SiteFixtures.image(description: nil, location: "Kew"), stored: SiteFixtures.stored("a"))

        let html = try SiteFixtures.renderer().render(FeedPageModel(number: 2, pageCount: 2, entries: [entry], paths: SitePaths()))

        XCTAssertTrue(html.contains(#"<li class="card" id="image-\#(id)">"#), html)
        XCTAssertTrue(html.contains(#"<div class="frame"><img src="../images/\#(String(repeating: "a", count: 64)).png" alt="Photo""#), html)
        XCTAssertTrue(html.contains(#"<a class="comments-link" href="../comments/\#(id).html">View comments"#), html)
        XCTAssertEqual(html.components(separatedBy: "../comments/\(id).html").count - 1, 1, "one link, one tab stop, a card")
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
        XCTAssertTrue(html.contains("<title>Page 2 of 3 · My Feed</title>"), html)
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

        let feed = try renderer.feedPage(1, of: 1, entries: entries, feedSavedAt: fixedNow())
        let page = try renderer.commentsPage(for: entries[0], comments: comments, feedPage: 1)

        XCTAssertEqual(feed.html.components(separatedBy: "<li class=\"card\"").count - 1, 10_000)
        XCTAssertEqual(page.html.components(separatedBy: "An older comment").count - 1, 1_250)
    }

    // MARK: - Images: size and text alternative

    func test_pages_giveImagesTheWidthAndHeightFromTheirHeader() throws {
        let entry = SiteEntry(image: SiteFixtures.image(), stored: SiteFixtures.stored("a", width: 1200, height: 1600))

        let feed = try SiteFixtures.renderer().render(FeedPageModel(number: 1, pageCount: 1, entries: [entry], paths: SitePaths()))
        let comments = try render(commentsPage(entry: entry, comments: []))

        XCTAssertTrue(feed.contains(#"alt="Photo" width="1200" height="1600" fetchpriority="high" decoding="async">"#), feed)
        XCTAssertTrue(comments.contains(#"alt="Photo" width="1200" height="1600" style="--w: 1200; --h: 1600" fetchpriority="high">"#), comments)
    }

    func test_feedPage_fetchesItsFirstPictureAtOnce_andTheRestAsTheyComeNear() throws {
        let entries = (1...3).map { number in
            SiteEntry(image: SiteFixtures.image(), stored: SiteFixtures.stored(Character(String(number)), width: 640, height: 480))
        }

        let feed = try SiteFixtures.renderer().render(FeedPageModel(number: 1, pageCount: 1, entries: entries, paths: SitePaths()))

        let images = feed.components(separatedBy: "<img ").dropFirst().map { $0.prefix { $0 != ">" } }
        XCTAssertEqual(images.count, 3, feed)
        XCTAssertTrue(images[0].contains(#"fetchpriority="high""#), String(images[0]))
        XCTAssertFalse(images[0].contains("loading="), String(images[0]))
        for image in images.dropFirst() {
            XCTAssertTrue(image.contains(#"loading="lazy""#), String(image))
            XCTAssertFalse(image.contains("fetchpriority"), String(image))
        }
    }

    func test_pages_leaveOutWidthAndHeightWhenTheSizeIsUnknown() throws {
        let stored = StoredImage(sha256: String(repeating: "d", count: 64), byteCount: 10, format: .svg, dimensions: nil)
        let entry = SiteEntry(image: SiteFixtures.image(), stored: stored)

        let feed = try SiteFixtures.renderer().render(FeedPageModel(number: 1, pageCount: 1, entries: [entry], paths: SitePaths()))
        let comments = try render(commentsPage(entry: entry, comments: []))

        for html in [feed, comments] {
            XCTAssertTrue(html.contains(#".svg" alt="Photo" "#), html)
            XCTAssertFalse(html.contains(#"width=""#), html)
            XCTAssertFalse(html.contains(#"height=""#), html)
        }
    }

    func test_pages_nameAPictureAPhoto_neverRepeatingTheCaptionWrittenBesideIt() throws {
        let described = SiteEntry(image: SiteFixtures.image(id: SiteFixtures.firstID, description: "A lake", location: "Kew"), stored: SiteFixtures.stored())
        let located = SiteEntry(image: SiteFixtures.image(id: SiteFixtures.secondID, description: nil, location: "Kew"), stored: SiteFixtures.stored())
        let blank = SiteEntry(image: SiteFixtures.image(id: SiteFixtures.thirdID, description: " \n ", location: "\u{7}"), stored: SiteFixtures.stored())

        let feed = try SiteFixtures.renderer(locale: "el").render(
            FeedPageModel(number: 1, pageCount: 1, entries: [described, located, blank], paths: SitePaths()))

        XCTAssertEqual(matches(of: #"alt="([^"]*)""#, in: feed), ["Φωτογραφία", "Φωτογραφία", "Εικόνα χωρίς τίτλο"])
        XCTAssertTrue(try render(commentsPage(entry: located, comments: [])).contains(#"alt="Photo""#))
    }

    func test_pages_nameAnImageWithoutDescriptionOrLocationUntitledWhereverItIsInTheFeed() throws {
        let bare = (0..<3).map { _ in SiteEntry(image: SiteFixtures.image(id: UUID(), description: nil, location: nil), stored: SiteFixtures.stored()) }
        let expected = [("en", "Untitled image"), ("el", "Εικόνα χωρίς τίτλο"), ("pt-BR", "Imagem sem título")]
        for (locale, name) in expected {
            let renderer = try SiteFixtures.renderer(locale: locale)

            let feed = try renderer.render(FeedPageModel(number: 2, pageCount: 5, entries: bare, paths: SitePaths()))
            let comments = try renderer.render(commentsPage(entry: bare[0], comments: [], locale: locale))

            XCTAssertEqual(matches(of: #"alt="([^"]*)""#, in: feed), [name, name, name], locale)
            XCTAssertEqual(matches(of: #"alt="([^"]*)""#, in: comments), [name], locale)
        }
    }

    func test_feedPageAtAPath_linksItsNeighboursAndNamesNoNumber() throws {
        let renderer = try SiteFixtures.renderers(locales: ["en", "el"])[1]
        let oldest = SiteFixtures.feedEntries()[1].id.text

        let page = try renderer.feedPage(
            at: "el/page/\(oldest).html", entries: Array(SiteFixtures.feedEntries().prefix(2)), previous: "el/index.html", next: "el/page/later.html",
            feedSavedAt: nil)

        XCTAssertEqual(page.path, "el/page/\(oldest).html")
        XCTAssertTrue(page.html.contains(#"<nav class="pagination" aria-label="Το Feed μου">"#), page.html)
        XCTAssertTrue(page.html.contains(#"<a class="previous" rel="prev" href="../index.html">"#), page.html)
        XCTAssertTrue(page.html.contains(#"<a class="next" rel="next" href="later.html">"#), page.html)
        XCTAssertTrue(page.html.contains(#"<span class="position"></span>"#), page.html)
        XCTAssertTrue(page.html.contains("<title>Το Feed μου</title>"), page.html)
    }

    func test_feedPage_neverLinksAnImageWithAnEmptyTextAlternative() throws {
        let html = try SiteFixtures.renderer().render(FeedPageModel(number: 1, pageCount: 1, entries: SiteFixtures.feedEntries(), paths: SitePaths()))

        XCTAssertFalse(html.contains(#"alt="""#), html)
        XCTAssertTrue(html.contains(#"alt="Untitled image""#), html)
    }
}
