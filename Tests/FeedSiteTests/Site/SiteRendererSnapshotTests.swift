import FeedCore
import Foundation
import Publishing
import SiteGenerator
import TestSupport
import XCTest

/// Whole pages rendered with the repository's real templates and string tables at a pinned
/// clock, compared with golden files in `__Snapshots__` (`RECORD_SNAPSHOTS=1` re-records).
final class SiteRendererSnapshotTests: XCTestCase {
    func test_feedPage_secondOfThreeWithEveryKindOfItem() throws {
        let page = FeedPageModel(number: 2, pageCount: 3, entries: SiteFixtures.feedEntries(), paths: SitePaths())

        assertSiteSnapshot(try SiteFixtures.renderer().render(page), named: "feed-page-2-of-3.en")
    }

    func test_feedPage_fromTheCacheShowsWhenItWasSaved() throws {
        let page = FeedPageModel(number: 1, pageCount: 1, entries: Array(SiteFixtures.feedEntries().prefix(2)), paths: SitePaths())

        assertSiteSnapshot(try SiteFixtures.renderer().render(page, feedSavedAt: fixedNow().adding(days: -3)), named: "feed-from-cache.en")
    }

    func test_feedPage_lastPageInBrazilianPortuguese() throws {
        let page = FeedPageModel(
            number: 3, pageCount: 3, entries: Array(SiteFixtures.feedEntries().suffix(2)), paths: SitePaths())

        assertSiteSnapshot(try SiteFixtures.renderer(locale: "pt-BR").render(page), named: "feed-page-3-of-3.pt-BR")
    }

    func test_commentsPage_withComments_betweenTheItemsBeforeAndAfterIt() throws {
        let entries = SiteFixtures.feedEntries()
        let page = commentsPage(entry: entries[1], comments: SiteFixtures.comments(), feedPage: 2, neighbours: PhotoNeighbours(of: 1, in: entries))

        assertSiteSnapshot(try SiteFixtures.renderer().render(page), named: "comments-with-comments.en")
    }

    func test_commentsPage_withCommentsUnavailableShowsTheError() throws {
        let page = commentsPage(entry: SiteFixtures.feedEntries()[2], comments: nil, feedPage: 2)

        assertSiteSnapshot(try SiteFixtures.renderer().render(page), named: "comments-unavailable.en")
    }

    func test_commentsPage_withoutComments() throws {
        let page = commentsPage(entry: SiteFixtures.feedEntries()[3], comments: [], feedPage: 1)

        assertSiteSnapshot(try SiteFixtures.renderer().render(page), named: "comments-empty.en")
    }

    func test_twoLanguageSite_feedPageOfTheFirstLanguage() throws {
        let renderer = try SiteFixtures.renderers(locales: ["en", "el"])[0]
        let page = FeedPageModel(number: 1, pageCount: 2, entries: Array(SiteFixtures.feedEntries().prefix(2)), paths: renderer.paths)

        assertSiteSnapshot(try renderer.render(page), named: "two-languages.feed-page-1.en")
    }

    func test_twoLanguageSite_commentsPageOfTheSecondLanguage() throws {
        let renderer = try SiteFixtures.renderers(locales: ["en", "el"])[1]
        let page = CommentsPageModel(
            entry: SiteFixtures.feedEntries()[0], comments: SiteFixtures.comments(), feedPage: 2,
            neighbours: PhotoNeighbours(of: 0, in: SiteFixtures.feedEntries()), paths: renderer.paths, dates: CommentDateFormatter(locale: renderer.locale),
            now: fixedNow()
        )

        assertSiteSnapshot(try renderer.render(page), named: "two-languages.comments.el")
    }

    // MARK: - Helpers

    private func commentsPage(entry: SiteEntry, comments: [ImageComment]?, feedPage: Int, neighbours: PhotoNeighbours = .none) -> CommentsPageModel {
        CommentsPageModel(
            entry: entry, comments: comments, feedPage: feedPage, neighbours: neighbours, paths: SitePaths(),
            dates: CommentDateFormatter(locale: "en"), now: fixedNow())
    }
}
