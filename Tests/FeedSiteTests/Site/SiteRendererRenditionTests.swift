import BuiltInTemplates
import FeedCore
import Foundation
import FeedSiteCLI
import SiteGenerator
import TestSupport
import XCTest

/// How the pages show an image that has renditions: `srcset` and `sizes` on the feed card
/// and the comments page, the rendition each shows by default, and the link to the original.
final class SiteRendererRenditionTests: XCTestCase {
    /// The stylesheet's cards: four across from 75rem, three from 60rem, else one in the
    /// 600px column, or the window less 20px of padding each side, or 14px below 30rem.
    let sizes =
        "(min-width: 75rem) 340px, (min-width: 60rem) 31vw, (max-width: 30rem) calc(100vw - 28px), (max-width: 40rem) calc(100vw - 40px), 600px"
    let original = StoredImage(
        sha256: String(repeating: "a", count: 64), byteCount: 1_800_000, format: .jpeg, dimensions: ImageDimensions(width: 3840, height: 2400))

    func rendition(_ character: Character, width: Int, height: Int) -> StoredImage {
        StoredImage(
            sha256: String(repeating: character, count: 64), byteCount: 1_000, format: .jpeg, dimensions: ImageDimensions(width: width, height: height))
    }

    func file(_ character: Character) -> String {
        String(repeating: character, count: 64) + ".jpg"
    }

    /// 480, 960 and 1600 pixels wide, as the default widths make them.
    func threeRenditions() -> [StoredImage] {
        [rendition("d", width: 480, height: 300), rendition("e", width: 960, height: 600), rendition("f", width: 1600, height: 1000)]
    }

    func entry(renditions: [StoredImage]) -> SiteEntry {
        SiteEntry(image: SiteFixtures.image(), stored: original, firstSeen: fixedNow(), renditions: renditions)
    }

    // MARK: - Feed card

    func test_feedCard_offersEveryRenditionWithItsWidthAndShowsTheMiddleOneAtItsSize() throws {
        let renderer = try SiteFixtures.renderer()

        let first = try renderer.feedPage(1, of: 2, entries: [entry(renditions: threeRenditions())], feedSavedAt: nil)
        let second = try renderer.feedPage(2, of: 2, entries: [entry(renditions: threeRenditions())], feedSavedAt: nil)

        XCTAssertTrue(
            first.html.contains(
                #"<img src="images/\#(file("e"))" srcset="images/\#(file("d")) 480w, images/\#(file("e")) 960w, images/\#(file("f")) 1600w" sizes="\#(sizes)" alt="Photo" width="960" height="600" fetchpriority="high" decoding="async">"#
            ), first.html)
        XCTAssertTrue(
            second.html.contains(
                #"<img src="../images/\#(file("e"))" srcset="../images/\#(file("d")) 480w, ../images/\#(file("e")) 960w, ../images/\#(file("f")) 1600w" sizes="#
            ), second.html)
        XCTAssertFalse(first.html.contains(file("a")), "the card never loads the original")
    }

    func test_feedCard_showsTheRenditionAtHalfTheCountWhateverOrderTheyCameIn() throws {
        let two = [rendition("e", width: 960, height: 600), rendition("d", width: 480, height: 300)]

        let item = try XCTUnwrap(FeedPageModel(number: 1, pageCount: 1, entries: [entry(renditions: two)], paths: SitePaths()).items.first)

        XCTAssertEqual(item.imageSource, "images/\(file("e"))")
        XCTAssertEqual(item.imageSize, ImageDimensions(width: 960, height: 600))
        XCTAssertEqual(item.imageSourceSet?.srcset, "images/\(file("d")) 480w, images/\(file("e")) 960w")
    }

    // MARK: - Comments page

    func test_commentsPage_showsTheWidestRenditionWhole_withEveryRenditionInItsSrcset_sizedToTheWindow() throws {
        let html = try commentsPage(entry(renditions: threeRenditions()))

        XCTAssertTrue(
            html.contains(
                #"<img class="photo" src="../images/\#(file("f"))" srcset="../images/\#(file("d")) 480w, ../images/\#(file("e")) 960w, ../images/\#(file("f")) 1600w" sizes="(min-aspect-ratio: 1600/1000) calc((100vh - 9rem) * 1600 / 1000), 100vw" alt="Photo" width="1600" height="1000" style="--w: 1600; --h: 1000" fetchpriority="high">"#
            ), html)
        XCTAssertFalse(html.contains("object-fit"), "never cropped")
    }

    func test_commentsPage_sizesAPortraitByTheWindowsHeight() throws {
        let portrait = [rendition("d", width: 480, height: 720), rendition("e", width: 720, height: 1080)]

        let html = try commentsPage(entry(renditions: portrait))

        XCTAssertTrue(html.contains(#"<img class="photo" src="../images/\#(file("e"))" srcset="#), html)
        XCTAssertTrue(html.contains(#" sizes="(min-aspect-ratio: 720/1080) calc((100vh - 9rem) * 720 / 1080), 100vw" "#), html)
    }

    func test_commentsPage_linksTheOriginalWithItsSizeInPixelsAndBytesInThePagesLanguage() throws {
        let expected = [
            "en": "Original, 3840 × 2400, 1.8 MB",
            "el": "Πρωτότυπο, 3840 × 2400, 1,8 MB",
            "pt-BR": "Original, 3840 × 2400, 1,8 MB",
        ]

        for (locale, label) in expected {
            let html = try commentsPage(entry(renditions: threeRenditions()), locale: locale)

            XCTAssertTrue(html.contains(#"<p class="original"><a href="../images/\#(file("a"))">\#(label)</a></p>"#), "\(locale): \(html)")
        }
    }

    func test_pages_ofAnImageWhoseRenditionsHaveNoKnownSizeShowTheOriginalAsWithoutRenditions() throws {
        let unsized = StoredImage(sha256: String(repeating: "d", count: 64), byteCount: 10, format: .jpeg, dimensions: nil)
        let renderer = try SiteFixtures.renderer()

        XCTAssertEqual(
            try renderer.commentsPage(for: entry(renditions: [unsized]), comments: [], feedPage: 1),
            try renderer.commentsPage(for: entry(renditions: []), comments: [], feedPage: 1))
        XCTAssertEqual(
            try renderer.feedPage(1, of: 1, entries: [entry(renditions: [unsized])], feedSavedAt: nil),
            try renderer.feedPage(1, of: 1, entries: [entry(renditions: [])], feedSavedAt: nil))
    }

    func test_pages_ofAnImageWithoutRenditionsShowTheOriginalWithoutSrcsetOrLinkToIt() throws {
        let renderer = try SiteFixtures.renderer()

        let feed = try renderer.feedPage(1, of: 1, entries: [entry(renditions: [])], feedSavedAt: nil).html
        let comments = try commentsPage(entry(renditions: []))

        XCTAssertTrue(feed.contains(#"<img src="images/\#(file("a"))" alt="Photo" width="3840" height="2400" fetchpriority="high""#), feed)
        XCTAssertTrue(
            comments.contains(
                #"<img class="photo" src="../images/\#(file("a"))" alt="Photo" width="3840" height="2400" style="--w: 3840; --h: 2400" fetchpriority="high">"#),
            comments)
        for html in [feed, comments] {
            XCTAssertFalse(html.contains("srcset"), html)
            XCTAssertFalse(html.contains("class=\"original\""), html)
        }
    }

    // MARK: - Themes

    func test_aThemeWrittenBeforeRenditionsTakesTheOriginalsLinkTextFromTheDefaults() throws {
        let name = "el.lproj/ImageComments.strings"
        let table = String(decoding: try XCTUnwrap(TemplatesFolder(repositoryTemplates()).read(name)), as: UTF8.self)
        let lines = table.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("\"IMAGE_COMMENTS_ORIGINAL\"") }
        let theme = ChangedTemplates(changes: [name: lines.joined(separator: "\n")])

        let tables = try StringTables<SiteString>.load(locale: "el", from: theme, defaults: TemplatesFolder(repositoryTemplates()))

        XCTAssertEqual(try tables.string(.imageCommentsOriginal), "Πρωτότυπο, %1$@ × %2$@, %3$@")
        XCTAssertThrowsError(try StringTables<SiteString>.load(locale: "el", from: theme), "without defaults the key is missing")
    }

    func test_rehearsal_failsForATemplateThatNamesAValueTheImageOfAFeedCardLacks() throws {
        let feed = String(decoding: try XCTUnwrap(TemplatesFolder(repositoryTemplates()).read("feed.html")), as: UTF8.self)
        let theme = ChangedTemplates(changes: ["feed.html": feed.replacingOccurrences(of: "{{#srcset}}", with: "{{#srcset}}{{original.label}}")])
        let renderer = SiteRenderer(
            templates: try SiteTemplates.load(from: theme, defaults: BuiltInTemplates()), strings: try SiteFixtures.strings("en"), paths: SitePaths(),
            languages: [], now: fixedNow(),
            apiHost: SiteFixtures.apiHost)

        XCTAssertThrowsError(try renderer.rehearse()) { error in
            XCTAssertTrue("\(error)".contains("no value named 'original.label'"), "\(error)")
        }
    }

    private func commentsPage(_ entry: SiteEntry, locale: String = "en") throws -> String {
        try SiteFixtures.renderer(locale: locale).commentsPage(for: entry, comments: [], feedPage: 1).html
    }
}
