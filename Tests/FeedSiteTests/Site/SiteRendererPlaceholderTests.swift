import FeedCore
import Foundation
import SiteGenerator
import TestSupport
import XCTest

/// How the pages show a picture's placeholder: on its frame, in a `style`, before the picture
/// arrives, at a cost of a few dozen bytes a card.
final class SiteRendererPlaceholderTests: XCTestCase {
    private let original = StoredImage(
        sha256: String(repeating: "a", count: 64), byteCount: 1_000, format: .jpeg, dimensions: ImageDimensions(width: 300, height: 200))
    private let bands = ImagePlaceholder(samples: [0x4A, 0x90, 0xE2, 0xCF, 0xEC, 0xFF, 0x1D, 0x4E, 0x7A])

    func test_css_isAGradientFromTheTopDown_orOneColourWhenTheyAreAllTheSame() throws {
        let grey = try XCTUnwrap(ImagePlaceholder(samples: [UInt8](repeating: 0x80, count: 9)))

        XCTAssertEqual(bands?.css, "background:linear-gradient(#4a90e2,#cfecff,#1d4e7a)")
        XCTAssertEqual(grey.css, "background:#808080")
    }

    func test_feedCard_carriesItsPlaceholderOnItsFrame() throws {
        let html = try SiteFixtures.renderer().feedPage(1, of: 1, entries: [entry(placeholder: bands)], feedSavedAt: nil).html

        XCTAssertTrue(html.contains(#"<div class="frame" style="background:linear-gradient(#4a90e2,#cfecff,#1d4e7a)"><img "#), html)
    }

    func test_commentsPage_carriesItsPlaceholderOnThePhoto_whichCoversItExactlyOnceItArrives() throws {
        let html = try SiteFixtures.renderer().commentsPage(for: entry(placeholder: bands), comments: [], feedPage: 1).html

        XCTAssertTrue(html.contains(#" style="--w: 300; --h: 200; background:linear-gradient(#4a90e2,#cfecff,#1d4e7a)" "#), html)
    }

    func test_pages_withoutAPlaceholderHaveNoStyle() throws {
        let feed = try SiteFixtures.renderer().feedPage(1, of: 1, entries: [entry(placeholder: nil)], feedSavedAt: nil).html
        let comments = try SiteFixtures.renderer().commentsPage(for: entry(placeholder: nil), comments: [], feedPage: 1).html

        XCTAssertTrue(feed.contains(#"<div class="frame"><img "#), feed)
        XCTAssertTrue(comments.contains(#" style="--w: 300; --h: 200" "#), comments)
        XCTAssertFalse(feed.contains("style=") || comments.contains("background:"))
    }

    /// Three colours none of which is like another, the longest a placeholder is written:
    /// what it adds to a card, against the page without it.
    func test_feedCard_growsByNoMoreThan120Bytes() throws {
        let without = try SiteFixtures.renderer().feedPage(1, of: 1, entries: [entry(placeholder: nil)], feedSavedAt: nil).html
        let with = try SiteFixtures.renderer().feedPage(1, of: 1, entries: [entry(placeholder: bands)], feedSavedAt: nil).html

        let added = with.utf8.count - without.utf8.count
        XCTAssertEqual(added, #" style="background:linear-gradient(#4a90e2,#cfecff,#1d4e7a)""#.utf8.count)
        XCTAssertLessThanOrEqual(added, 120)
    }

    // MARK: - Helpers

    private func entry(placeholder: ImagePlaceholder?) -> SiteEntry {
        SiteEntry(image: SiteFixtures.image(), stored: original, firstSeen: fixedNow(), placeholder: placeholder)
    }
}
