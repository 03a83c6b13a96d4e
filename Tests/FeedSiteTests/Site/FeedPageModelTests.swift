import FeedCore
import Foundation
import Publishing
import SiteGenerator
import TestSupport
import XCTest

final class FeedPageModelTests: XCTestCase {
    // MARK: - Links between pages

    func test_init_singlePageHasNoPreviousOrNextLink() {
        let page = makeSUT(number: 1, pageCount: 1)

        XCTAssertEqual(page.path, "index.html")
        XCTAssertNil(page.previousLink)
        XCTAssertNil(page.nextLink)
    }

    func test_init_firstPageLinksOnlyToTheNextPage() {
        let page = makeSUT(number: 1, pageCount: 3)

        XCTAssertEqual(page.path, "index.html")
        XCTAssertNil(page.previousLink)
        XCTAssertEqual(page.nextLink, "page/2.html")
    }

    func test_init_middlePageLinksBackToTheIndexAndOnToTheNextPage() {
        let page = makeSUT(number: 2, pageCount: 3)

        XCTAssertEqual(page.path, "page/2.html")
        XCTAssertEqual(page.previousLink, "../index.html")
        XCTAssertEqual(page.nextLink, "3.html")
    }

    func test_init_laterMiddlePageLinksWithinThePageFolder() {
        let page = makeSUT(number: 3, pageCount: 5)

        XCTAssertEqual(page.previousLink, "2.html")
        XCTAssertEqual(page.nextLink, "4.html")
    }

    func test_init_lastPageLinksOnlyToThePreviousPage() {
        let page = makeSUT(number: 3, pageCount: 3)

        XCTAssertEqual(page.path, "page/3.html")
        XCTAssertEqual(page.previousLink, "2.html")
        XCTAssertNil(page.nextLink)
    }

    func test_init_secondOfTwoPagesLinksBackToTheIndex() {
        let page = makeSUT(number: 2, pageCount: 2)

        XCTAssertEqual(page.previousLink, "../index.html")
        XCTAssertNil(page.nextLink)
    }

    func test_init_byNumberNamesItsPlaceAmongThePages() {
        let page = makeSUT(number: 2, pageCount: 7)

        XCTAssertEqual(page.position?.number, 2)
        XCTAssertEqual(page.position?.count, 7)
    }

    func test_init_pagesOfAFurtherLocaleLinkWithinTheLocale() {
        let first = makeSUT(number: 1, pageCount: 3, paths: SitePaths(localePrefix: "el/"))
        let second = makeSUT(number: 2, pageCount: 3, paths: SitePaths(localePrefix: "el/"))

        XCTAssertEqual(first.path, "el/index.html")
        XCTAssertEqual(first.nextLink, "page/2.html")
        XCTAssertEqual(second.path, "el/page/2.html")
        XCTAssertEqual(second.previousLink, "../index.html")
        XCTAssertEqual(second.nextLink, "3.html")
    }

    // MARK: - Items

    func test_init_keepsItemsInFeedOrderWithTheirOptionalFields() {
        let images = [
            SiteFixtures.image(id: SiteFixtures.firstID, description: "first", location: "here"),
            SiteFixtures.image(id: SiteFixtures.secondID, description: nil, location: "there"),
            SiteFixtures.image(id: SiteFixtures.thirdID, description: "third", location: nil),
            SiteFixtures.image(id: SiteFixtures.fourthID, description: nil, location: nil),
        ]

        let page = makeSUT(entries: images.map { SiteEntry(image: $0, stored: SiteFixtures.stored()) })

        XCTAssertEqual(page.items.map(\.id), images.map(\.id))
        XCTAssertEqual(page.items.map(\.description), ["first", nil, "third", nil])
        XCTAssertEqual(page.items.map(\.location), ["here", "there", nil, nil])
        XCTAssertEqual(page.items.map(\.originalURL), images.map(\.url.absoluteString))
    }

    func test_init_withoutEntriesHasNoItems() {
        XCTAssertEqual(makeSUT(entries: []).items, [])
    }

    func test_init_linksStoredImagesRelativeToThePage() {
        let entry = SiteEntry(image: SiteFixtures.image(), stored: SiteFixtures.stored("d", format: .jpeg))
        let file = "images/\(String(repeating: "d", count: 64)).jpg"

        XCTAssertEqual(makeSUT(number: 1, pageCount: 2, entries: [entry]).items.first?.imageSource, file)
        XCTAssertEqual(makeSUT(number: 2, pageCount: 2, entries: [entry]).items.first?.imageSource, "../\(file)")
        XCTAssertEqual(makeSUT(number: 1, pageCount: 2, entries: [entry], paths: SitePaths(localePrefix: "el/")).items.first?.imageSource, "../\(file)")
        XCTAssertEqual(makeSUT(number: 2, pageCount: 2, entries: [entry], paths: SitePaths(localePrefix: "el/")).items.first?.imageSource, "../../\(file)")
    }

    func test_init_missingImageHasNoSourceButKeepsTheOriginalURL() {
        let image = SiteFixtures.image(url: "https://images.example/photo.png?size=large&v=2")

        let item = makeSUT(entries: [SiteEntry(image: image, stored: nil)]).items.first

        XCTAssertNil(item?.imageSource)
        XCTAssertEqual(item?.originalURL, "https://images.example/photo.png?size=large&v=2")
    }

    func test_init_linksEachItemToItsCommentsPageRelativeToThePage() {
        let entry = SiteEntry(image: SiteFixtures.image(id: SiteFixtures.secondID), stored: nil)
        let id = SiteFixtures.secondID.uuidString

        XCTAssertEqual(makeSUT(number: 1, pageCount: 3, entries: [entry]).items.first?.commentsLink, "comments/\(id).html")
        XCTAssertEqual(makeSUT(number: 3, pageCount: 3, entries: [entry]).items.first?.commentsLink, "../comments/\(id).html")
        XCTAssertEqual(
            makeSUT(number: 1, pageCount: 3, entries: [entry], paths: SitePaths(localePrefix: "el/")).items.first?.commentsLink, "comments/\(id).html")
        XCTAssertEqual(
            makeSUT(number: 2, pageCount: 3, entries: [entry], paths: SitePaths(localePrefix: "el/")).items.first?.commentsLink, "../comments/\(id).html")
    }

    // MARK: - Pages known by their path, and image size

    func test_init_atAPathLinksThePagesBeforeAndAfterItAndNamesNoNumber() {
        let id = SiteFixtures.firstID
        let entry = SiteEntry(image: SiteFixtures.image(id: SiteFixtures.thirdID), stored: nil)
        let page = FeedPageModel(
            path: "el/page/\(id.text).html", entries: [entry], previous: "el/index.html", next: "el/page/\(SiteFixtures.secondID.text).html",
            paths: SitePaths(localePrefix: "el/"))

        XCTAssertEqual(page.path, "el/page/\(id.text).html")
        XCTAssertNil(page.position)
        XCTAssertEqual(page.previousLink, "../index.html")
        XCTAssertEqual(page.nextLink, "\(SiteFixtures.secondID.text).html")
        XCTAssertEqual(page.items.first?.commentsLink, "../comments/\(entry.id.text).html")
    }

    func test_init_carriesEachStoredImagesSize() {
        let sized = SiteEntry(image: SiteFixtures.image(id: SiteFixtures.firstID), stored: SiteFixtures.stored("a", width: 300, height: 200))
        let unsized = SiteEntry(
            image: SiteFixtures.image(id: SiteFixtures.secondID), stored: StoredImage(sha256: String(repeating: "b", count: 64), byteCount: 1, format: .svg))
        let missing = SiteEntry(image: SiteFixtures.image(id: SiteFixtures.thirdID), stored: nil)

        let page = makeSUT(entries: [sized, unsized, missing])

        XCTAssertEqual(page.items.map(\.imageSize), [ImageDimensions(width: 300, height: 200), nil, nil])
    }

    // MARK: - Helpers

    private func makeSUT(number: Int = 1, pageCount: Int = 1, entries: [SiteEntry] = [], paths: SitePaths = SitePaths()) -> FeedPageModel {
        FeedPageModel(number: number, pageCount: pageCount, entries: entries, paths: paths)
    }
}
