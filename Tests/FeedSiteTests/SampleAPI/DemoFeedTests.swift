import FeedCore
import Foundation
import SampleAPI
import TestSupport
import XCTest

final class DemoFeedTests: XCTestCase {
    func test_itemCount_isAFewDozen() {
        XCTAssertEqual(makeSUT().itemCount, 36)
    }

    func test_items_haveUniqueIDsThatIndexFindsBack() {
        let sut = makeSUT()
        let ids = (0..<sut.itemCount).map { sut.item(at: $0).id }

        XCTAssertEqual(Set(ids).count, sut.itemCount)
        for (index, id) in ids.enumerated() {
            XCTAssertEqual(sut.index(of: id), index)
        }
    }

    func test_items_areTheSameForEveryInstance() {
        let first = makeSUT()
        let second = DemoFeed(now: fixedNow().addingTimeInterval(12345))

        XCTAssertEqual((0..<first.itemCount).map(first.item(at:)), (0..<second.itemCount).map(second.item(at:)))
    }

    func test_indexOf_unknownIDIsNil() {
        XCTAssertNil(makeSUT().index(of: UUID()))
    }

    func test_items_pointAtNumberedPNGPaths() {
        let sut = makeSUT()

        for index in 0..<sut.itemCount {
            XCTAssertEqual(sut.item(at: index).imagePath, "/images/\(index + 1).png")
        }
    }

    func test_items_includeSomeWithoutLocationOrDescription() {
        let sut = makeSUT()
        let items = (0..<sut.itemCount).map(sut.item(at:))

        XCTAssertTrue(items.contains { $0.location == nil })
        XCTAssertTrue(items.contains { $0.description == nil })
        XCTAssertTrue(items.contains { $0.location == nil && $0.description == nil })
        XCTAssertTrue(items.contains { $0.location != nil && $0.description != nil })
        XCTAssertTrue(items.contains { $0.description?.contains("\n") == true }, "a multi-line description")
        XCTAssertTrue(items.contains { ($0.description ?? "").contains("<") || ($0.location ?? "").contains("<") }, "markup to escape")
    }

    func test_comments_areDatedBeforeNowWithUniqueIDs() {
        let now = fixedNow()
        let sut = DemoFeed(now: now)
        let comments = (0..<sut.itemCount).flatMap(sut.comments(forItemAt:))

        XCTAssertGreaterThan(comments.count, sut.itemCount)
        XCTAssertEqual(Set(comments.map(\.id)).count, comments.count)
        for comment in comments {
            XCTAssertLessThan(comment.createdAt, now, comment.message)
            XCTAssertFalse(comment.username.isEmpty)
        }
    }

    func test_comments_areRelativeToNow() {
        let earlier = DemoFeed(now: fixedNow())
        let later = DemoFeed(now: fixedNow().addingTimeInterval(3600))

        let first = earlier.comments(forItemAt: 0)
        let second = later.comments(forItemAt: 0)

        XCTAssertFalse(first.isEmpty)
        XCTAssertEqual(first.map(\.id), second.map(\.id))
        XCTAssertEqual(zip(first, second).map { $1.createdAt.timeIntervalSince($0.createdAt) }, Array(repeating: 3600, count: first.count))
    }

    func test_comments_someItemsHaveNone() {
        let sut = makeSUT()

        XCTAssertTrue((0..<sut.itemCount).contains { sut.comments(forItemAt: $0).isEmpty })
    }

    func test_image_servesPNGBytesForEveryItem() {
        let sut = makeSUT()

        for index in [0, 1, sut.itemCount - 1] {
            let bytes = sut.image(at: sut.item(at: index).imagePath)
            XCTAssertEqual(bytes.map { ImageFormat.detect($0) }, .png, "item \(index)")
        }
    }

    func test_image_isTheSameBytesForTheSamePictureUnderDifferentURLs() throws {
        let sut = makeSUT()
        let original = try XCTUnwrap(sut.image(at: "/images/1.png"))
        let repost = try XCTUnwrap(sut.image(at: "/images/31.png"))
        let other = try XCTUnwrap(sut.image(at: "/images/2.png"))

        XCTAssertEqual(original, repost, "item 31 shares item 1's picture")
        XCTAssertNotEqual(original, other)
    }

    func test_image_isDeterministicAcrossInstances() {
        XCTAssertEqual(makeSUT().image(at: "/images/3.png"), DemoFeed(now: Date(timeIntervalSince1970: 0)).image(at: "/images/3.png"))
    }

    func test_image_isNilForUnknownPaths() {
        let sut = makeSUT()

        for path in ["/images/0.png", "/images/37.png", "/images/-1.png", "/images/x.png", "/images/1.jpg", "/images/1", "/other/1.png", "/", ""] {
            XCTAssertNil(sut.image(at: path), path)
        }
    }

    // MARK: - Helpers

    private func makeSUT() -> DemoFeed {
        DemoFeed(now: fixedNow())
    }
}
