import Basics
import FeedCore
import Foundation
import History
import SiteGenerator
import TestSupport
import XCTest

/// What the page of what changed reads back from an item's comments page in a snapshot:
/// its picture at the smallest size offered, and its comments with their words.
final class SnapshotItemPageTests: XCTestCase {
    private let original = StoredImage(
        sha256: String(repeating: "a", count: 64), byteCount: 1_800_000, format: .jpeg, dimensions: ImageDimensions(width: 3840, height: 2400))

    private func rendition(_ character: Character, width: Int) -> StoredImage {
        StoredImage(
            sha256: String(repeating: character, count: 64), byteCount: 1_000, format: .jpeg, dimensions: ImageDimensions(width: width, height: width / 2))
    }

    func test_parse_ofAPageWithRenditions_givesTheSmallest_andEachCommentWithItsWords() throws {
        let renderer = try SiteFixtures.renderer().inHistory(.archived)
        let entry = SiteEntry(
            image: SiteFixtures.image(), stored: original, firstSeen: fixedNow(),
            renditions: [rendition("f", width: 1600), rendition("d", width: 480), rendition("e", width: 960)])
        let comments = [
            SiteFixtures.comment(message: "Lovely <light> & \"air\"", createdAt: fixedNow().addingTimeInterval(-86_400), username: "ana"),
            SiteFixtures.comment(message: "Second", createdAt: fixedNow(), username: "bo"),
        ]
        let page = try renderer.commentsPage(for: entry, comments: comments, feedPage: 1)

        let read = SnapshotItemPage.parse(page.html, at: page.path)

        XCTAssertEqual(read.picture, "images/" + String(repeating: "d", count: 64) + ".jpg")
        XCTAssertEqual(read.comments.map(\.username), ["ana", "bo"])
        XCTAssertEqual(read.comments.first?.message, "Lovely <light> & \"air\"")
        XCTAssertEqual(read.comments.first?.date, ISO8601Date.format(fixedNow().addingTimeInterval(-86_400)))
        XCTAssertFalse(read.comments.first?.dateText.isEmpty ?? true)
    }

    func test_parse_ofAPageWithoutPictureOrComments_givesNone() throws {
        let renderer = try SiteFixtures.renderer()
        let page = try renderer.commentsPage(for: SiteEntry(image: SiteFixtures.image(), stored: nil), comments: nil, feedPage: 1)

        let read = SnapshotItemPage.parse(page.html, at: page.path)

        XCTAssertNil(read.picture)
        XCTAssertEqual(read.comments, [])
        XCTAssertEqual(SnapshotItemPage.parse("<html>something else</html>", at: "comments/x.html"), SnapshotItemPage(picture: nil, comments: []))
    }
}
