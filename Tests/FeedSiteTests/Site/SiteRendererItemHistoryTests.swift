import FeedCore
import Foundation
import SiteGenerator
import TestSupport
import XCTest

/// What a comments page gives the history's script about its item, and the calendar's
/// search over every snapshot.
final class SiteRendererItemHistoryTests: XCTestCase {
    func test_commentsPage_withoutHistory_hasNoItemHistory() throws {
        let html = try commentsPage(try SiteFixtures.renderer())

        XCTAssertFalse(html.contains("item-history"), html)
    }

    func test_liveCommentsPage_namesItsItemTheHistoryFromItsFolderAndLoadsTheScript() throws {
        let html = try commentsPage(try SiteFixtures.renderers(locales: ["en", "el"])[1].inHistory(.live))

        let section = try XCTUnwrap(html.components(separatedBy: "<section class=\"item-history\"").last)
        XCTAssertTrue(section.contains(#"data-root="../../history/" data-locale="el/" data-item="\#(SiteFixtures.firstID.uuidString)""#), section)
        XCTAssertTrue(section.contains(#"data-in="Σε %1$@ από %2$@ στιγμιότυπα""#), section)
        XCTAssertTrue(html.contains(#"<script src="../../history/history.js" defer></script>"#), html)
    }

    func test_snapshotsCommentsPage_findsTheHistoryFromUnderItsSnapshot_andLoadsTheScriptOnce() throws {
        let html = try commentsPage(try SiteFixtures.renderer().inHistory(.archived))

        XCTAssertTrue(html.contains(#"data-root="../../" data-locale="" data-item=""#), html)
        XCTAssertEqual(html.components(separatedBy: "history.js").count - 1, 1, html)
    }

    func test_calendar_searchesTheHistorysIndex_withItsResultsInTheirSnapshots() throws {
        let greek = try SiteFixtures.renderers(locales: ["en", "el"])[1].inHistory(.live)

        let page = try greek.historyCalendar(["summary": .text("none yet"), "years": .list([]), "days": .list([])])

        XCTAssertEqual(page.path, "history/el/index.html")
        XCTAssertTrue(page.html.contains(#"<script src="../../assets/search.js" defer data-index="../search/index.js""#), page.html)
        XCTAssertTrue(page.html.contains(#"data-label="Αναζήτηση σε όλα τα στιγμιότυπα""#), page.html)
        XCTAssertTrue(page.html.contains(#" data-snapshots="../" data-locale="el/"></script>"#), page.html)
    }

    func test_snapshotsFeedPage_searchesTheHistorysIndexForItsSnapshotsItems_withTheLiveScript() throws {
        let greek = try SiteFixtures.renderers(locales: ["en", "el"])[1].inHistory(.archived)

        let page = try greek.feedPage(at: "el/page/later.html", entries: [], previous: "el/index.html", next: nil, feedSavedAt: nil)

        XCTAssertTrue(page.html.contains(#"<script src="../../../../assets/search.js" defer data-index="../../../search/index.js""#), page.html)
        XCTAssertTrue(page.html.contains(#" data-snapshots="../../../" data-locale="el/" data-within></script>"#), page.html)
    }

    private func commentsPage(_ renderer: SiteRenderer) throws -> String {
        let entry = SiteFixtures.feedEntries()[0]
        return try renderer.commentsPage(for: entry, comments: [], feedPage: 1).html
    }
}
