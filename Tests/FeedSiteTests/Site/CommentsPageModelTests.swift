import FeedCore
import Foundation
import Publishing
import SiteGenerator
import TestSupport
import XCTest

final class CommentsPageModelTests: XCTestCase {
    private let now = fixedNow()
    private let id = SiteFixtures.firstID.uuidString

    func test_init_pathIsTheImagesCommentsPage() {
        XCTAssertEqual(makeSUT().path, "comments/\(id).html")
        XCTAssertEqual(makeSUT(paths: SitePaths(localePrefix: "el/")).path, "el/comments/\(id).html")
    }

    func test_init_carriesTheImagesSize() {
        let page = makeSUT(stored: SiteFixtures.stored("a", width: 300, height: 200))

        XCTAssertEqual(page.picture?.size, ImageDimensions(width: 300, height: 200))
        XCTAssertNil(makeSUT(stored: nil).picture)
    }

    func test_init_linksBackToTheFirstFeedPageWithTheImagesAnchor() {
        XCTAssertEqual(makeSUT(feedPage: 1).feedLink, "../index.html#image-\(id)")
    }

    func test_init_linksBackToALaterFeedPageWithTheImagesAnchor() {
        XCTAssertEqual(makeSUT(feedPage: 3).feedLink, "../page/3.html#image-\(id)")
    }

    func test_init_linksBackWithinAFurtherLocale() {
        XCTAssertEqual(makeSUT(feedPage: 1, paths: SitePaths(localePrefix: "el/")).feedLink, "../index.html#image-\(id)")
        XCTAssertEqual(makeSUT(feedPage: 2, paths: SitePaths(localePrefix: "el/")).feedLink, "../page/2.html#image-\(id)")
    }

    func test_anchor_isTheUpperCaseImageID() {
        let imageID = UUID(uuidString: id.lowercased())!

        XCTAssertEqual(CommentsPageModel.anchor(for: imageID), "image-\(id)")
    }

    func test_init_linksTheStoredImageRelativeToThePage() {
        let file = "images/\(String(repeating: "e", count: 64)).png"

        XCTAssertEqual(makeSUT(stored: SiteFixtures.stored("e")).picture?.source, "../\(file)")
        XCTAssertEqual(makeSUT(stored: SiteFixtures.stored("e"), paths: SitePaths(localePrefix: "el/")).picture?.source, "../../\(file)")
    }

    func test_init_missingImageHasNoSourceButKeepsTheOriginalURL() {
        let page = makeSUT(image: SiteFixtures.image(url: "https://images.example/a.png?x=1&y=2"), stored: nil)

        XCTAssertNil(page.picture)
        XCTAssertEqual(page.originalURL, "https://images.example/a.png?x=1&y=2")
    }

    func test_init_keepsTheImagesOptionalFields() {
        XCTAssertEqual(makeSUT(image: SiteFixtures.image(description: "desc", location: "loc")).description, "desc")
        XCTAssertEqual(makeSUT(image: SiteFixtures.image(description: "desc", location: "loc")).location, "loc")
        XCTAssertNil(makeSUT(image: SiteFixtures.image(description: nil, location: nil)).description)
        XCTAssertNil(makeSUT(image: SiteFixtures.image(description: nil, location: nil)).location)
    }

    func test_init_withoutCommentsIsUnavailable() {
        XCTAssertNil(makeSUT(comments: nil).comments)
    }

    func test_init_withEmptyCommentsHasNoComments() {
        XCTAssertEqual(makeSUT(comments: []).comments, [])
    }

    func test_init_keepsCommentsInServerOrderWithTheirFields() {
        let comments = [
            SiteFixtures.comment(message: "newest", createdAt: now.adding(days: -1), username: "ada"),
            SiteFixtures.comment(message: "older", createdAt: now.adding(days: -13), username: "alan"),
            SiteFixtures.comment(message: "newer again", createdAt: now.adding(seconds: -30), username: "grace"),
        ]

        let page = makeSUT(comments: comments)

        XCTAssertEqual(page.comments?.map(\.username), ["ada", "alan", "grace"])
        XCTAssertEqual(page.comments?.map(\.message), ["newest", "older", "newer again"])
    }

    func test_init_formatsDatesWithTheFormatterAgainstNow() {
        let createdAt = now.adding(days: -1)
        let dates = CommentDateFormatter(locale: "en")

        let comment = makeSUT(comments: [SiteFixtures.comment(createdAt: createdAt)], dates: dates).comments?.first

        XCTAssertEqual(comment?.relativeDate, "1 day ago")
        XCTAssertEqual(comment?.isoDate, "2024-05-19T11:24:59Z")
        XCTAssertEqual(comment?.absoluteDate, dates.absolute(createdAt))
    }

    func test_init_formatsRelativeDatesAgainstTheGivenNow() {
        let createdAt = now.adding(days: -1)

        let comment = makeSUT(comments: [SiteFixtures.comment(createdAt: createdAt)], now: now.adding(days: 13)).comments?.first

        XCTAssertEqual(comment?.relativeDate, "2 weeks ago")
    }

    func test_init_formatsDatesInTheFormattersLocale() {
        let comment = makeSUT(comments: [SiteFixtures.comment(createdAt: now.adding(days: -1))], dates: CommentDateFormatter(locale: "el")).comments?.first

        XCTAssertEqual(comment?.relativeDate, "πριν από 1 ημέρα")
    }

    // MARK: - Helpers

    private func makeSUT(
        image: FeedImage = SiteFixtures.image(),
        stored: StoredImage? = SiteFixtures.stored(),
        comments: [ImageComment]? = [],
        feedPage: Int = 1,
        paths: SitePaths = SitePaths(),
        dates: CommentDateFormatter = CommentDateFormatter(locale: "en"),
        now: Date? = nil,
        neighbours: PhotoNeighbours = .none
    ) -> CommentsPageModel {
        CommentsPageModel(
            entry: SiteEntry(image: image, stored: stored), comments: comments, feedPage: feedPage, neighbours: neighbours, paths: paths,
            dates: dates, now: now ?? self.now)
    }
}
