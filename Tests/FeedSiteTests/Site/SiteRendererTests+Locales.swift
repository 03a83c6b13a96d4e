import Basics
import FeedCore
import Foundation
import Publishing
import SiteGenerator
import TestSupport
import XCTest

/// What the pages say of themselves and in which language: the snapshot line, each locale's
/// words and dates, the links between translations, and links that stay on the site.
extension SiteRendererTests {
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

    func test_feedPage_fromTheCacheShowsTheSnapshotLineThenTheSearchThenTheOfflineNotice() throws {
        for locale in ["en", "el", "pt-BR"] {
            let renderer = try SiteFixtures.renderer(locale: locale)
            let strings = try SiteFixtures.strings(locale)
            let snapshot = try strings.string(.siteSnapshot, SiteFixtures.apiHost, CommentDateFormatter(locale: locale).dayAndTime(now))
            let notice = try strings.string(.feedCachedNotice, renderer.relative(now.adding(days: -3)))

            let html = try renderer.render(FeedPageModel(number: 1, pageCount: 1, entries: [], paths: SitePaths()), feedSavedAt: now.adding(days: -3))

            XCTAssertTrue(
                html.contains(#"<p class="snapshot">\#(HTML.escape(snapshot))</p>"# + "\n<form class=\"search\""), "\(locale):\n\(html)")
            XCTAssertTrue(html.contains("</form>\n<p class=\"notice\" role=\"status\">\(HTML.escape(notice))</p>"), "\(locale):\n\(html)")
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

    func test_pages_haveLocalizedTitles_aPhotosPageNamedByItsLocationAndTheSite() throws {
        let titles = [("en", "My Feed", "Comments"), ("pt_BR", "Meu Feed", "Comentários"), ("el", "Το Feed μου", "Σχόλια")]
        for (locale, feedTitle, commentsTitle) in titles {
            let renderer = try SiteFixtures.renderer(locale: locale)

            let feed = try renderer.render(FeedPageModel(number: 1, pageCount: 1, entries: [], paths: SitePaths()))
            let comments = try renderer.render(commentsPage(comments: []))

            XCTAssertTrue(feed.contains("<title>\(feedTitle)</title>"), feed)
            XCTAssertTrue(feed.contains("<h1>\(feedTitle)</h1>"), feed)
            XCTAssertTrue(comments.contains("<title>A location · \(feedTitle)</title>"), comments)
            XCTAssertTrue(comments.contains("<h1>\(commentsTitle)</h1>"), comments)
        }
    }

    func test_pages_nameTheSiteByItsTitle_inEveryTitleAndTheFeedsHeading() throws {
        let renderer = try SiteFixtures.renderer(locale: "el", title: "Lisbon in pictures")
        let entry = SiteEntry(image: SiteFixtures.image(description: String(repeating: "word ", count: 30), location: nil), stored: nil)

        let first = try renderer.render(FeedPageModel(number: 1, pageCount: 2, entries: [], paths: SitePaths()))
        let second = try renderer.render(FeedPageModel(number: 2, pageCount: 2, entries: [], paths: SitePaths()))
        let photo = try renderer.render(commentsPage(entry: entry, comments: []))

        XCTAssertTrue(first.contains("<title>Lisbon in pictures</title>"), first)
        XCTAssertTrue(first.contains("<h1>Lisbon in pictures</h1>"), first)
        XCTAssertTrue(second.contains("<title>Σελίδα 2 από 2 · Lisbon in pictures</title>"), second)
        let long = String(repeating: "word ", count: 13) + "word…"
        XCTAssertTrue(photo.contains("<title>\(long) · Lisbon in pictures</title>"), photo)
        XCTAssertTrue(photo.contains(#"<a class="back" href="../index.html#image-"#), photo)
        XCTAssertTrue(photo.contains("Lisbon in pictures</a>"), photo)
    }

    func test_commentsPage_showsRelativeDatesInThePagesLocale() throws {
        let renderer = try SiteFixtures.renderer(locale: "pt-BR")
        let page = CommentsPageModel(
            entry: SiteEntry(image: SiteFixtures.image(), stored: nil), comments: [SiteFixtures.comment(createdAt: now.adding(days: -1))],
            feedPage: 1, neighbours: .none, paths: SitePaths(), dates: CommentDateFormatter(locale: renderer.locale), now: now
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
                entry: SiteEntry(image: SiteFixtures.image(), stored: nil), comments: [], feedPage: 1, neighbours: .none, paths: renderers[1].paths,
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
                            entry: entry, comments: SiteFixtures.comments(), feedPage: 2, neighbours: .none, paths: renderer.paths,
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
}
