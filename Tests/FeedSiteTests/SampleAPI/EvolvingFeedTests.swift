import FeedCore
import Foundation
import SampleAPI
import XCTest

final class EvolvingFeedTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_780_000_000)

    func test_generationZero_isTheSyntheticFeed() {
        let feed = EvolvingFeed(itemCount: 20, commentsPerItem: 2, imageBytes: 64, now: now)
        let synthetic = SyntheticFeed(itemCount: 20, commentsPerItem: 2, imageBytes: 64, now: now)

        XCTAssertEqual(feed.itemCount, 20)
        for index in 0..<20 {
            XCTAssertEqual(feed.item(at: index), synthetic.item(at: index))
            XCTAssertEqual(feed.comments(forItemAt: index), synthetic.comments(forItemAt: index))
        }
    }

    func test_advance_addsTwoAtTheTop_removesOne_editsOne_andCommentsOnTwo_leavingTheRestAsTheyWere() throws {
        let feed = EvolvingFeed(itemCount: 100, commentsPerItem: 1, imageBytes: 64, now: now)
        let before = snapshot(of: feed)

        feed.advance()
        let after = snapshot(of: feed)

        XCTAssertEqual(feed.generation, 1)
        XCTAssertEqual(after.count, 101)
        let new = Set(after.keys).subtracting(before.keys)
        let gone = Set(before.keys).subtracting(after.keys)
        XCTAssertEqual(new.count, 2)
        XCTAssertEqual(gone.count, 1)
        XCTAssertTrue(new.contains(try XCTUnwrap(feed.item(at: 0)).id), "the new items come first")
        let changed = before.keys.filter { after[$0] != nil && after[$0] != before[$0] }
        XCTAssertEqual(changed.count, 3, "one edited, two commented: \(changed)")
    }

    func test_advance_ofAFeedThatDoesNotGrow_editsOneAndCommentsOnTwo_inTheSameOrder() {
        let feed = EvolvingFeed(itemCount: 100, commentsPerItem: 1, imageBytes: 64, grows: false, now: now)
        let before = snapshot(of: feed)
        let order = (0..<feed.itemCount).map { feed.item(at: $0).id }

        feed.advance()
        let after = snapshot(of: feed)

        XCTAssertEqual((0..<feed.itemCount).map { feed.item(at: $0).id }, order)
        XCTAssertEqual(before.keys.filter { after[$0] != before[$0] }.count, 3)
    }

    func test_theSameGeneration_isTheSameFeed_whicheverFeedServesIt() {
        let one = EvolvingFeed(itemCount: 50, now: now)
        let other = EvolvingFeed(itemCount: 50, now: now)
        for _ in 0..<5 {
            one.advance()
            other.advance()
        }

        XCTAssertEqual(snapshot(of: one), snapshot(of: other))
    }

    func test_images_ofNewItems_areTheirOwn() throws {
        let feed = EvolvingFeed(itemCount: 10, imageBytes: 64, now: now)
        feed.advance()

        let newImage = try XCTUnwrap(feed.image(at: feed.item(at: 0).imagePath))
        let oldImage = try XCTUnwrap(feed.image(at: feed.item(at: 2).imagePath))

        XCTAssertNotEqual(newImage, oldImage)
    }

    /// Each item of the feed served now, by ID, with its comments.
    private struct Shown: Equatable {
        let item: SampleItem
        let comments: [ImageComment]
    }

    private func snapshot(of feed: EvolvingFeed) -> [UUID: Shown] {
        Dictionary(
            uniqueKeysWithValues: (0..<feed.itemCount).map { index in
                (feed.item(at: index).id, Shown(item: feed.item(at: index), comments: feed.comments(forItemAt: index)))
            })
    }
}
