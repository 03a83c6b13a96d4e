import Foundation
import History
import XCTest

@testable import FeedSiteCLI

/// The line every `--history` run says of what changed since the latest snapshot.
final class HistoryChangesTests: XCTestCase {
    func test_init_countsItemsAddedGoneEditedPicturesChangedAndCommentsAddedAndRemoved() {
        let before = [record(1, "one"), record(2, "two", comments: ["a", "b"]), record(3, "three"), record(4, "four")]
        let after = [record(5, "five"), record(1, "one, edited"), record(2, "two", comments: ["b", "c", "d"]), record(3, "three", image: "other")]

        let changes = HistoryChanges(SnapshotChanges(from: before, to: after))

        XCTAssertEqual(changes.summary.added, 1)
        XCTAssertEqual(changes.summary.gone, 1)
        XCTAssertEqual(changes.summary.edited, 2, "the text, and the picture")
        XCTAssertEqual(changes.picturesChanged, 1)
        XCTAssertEqual(changes.summary.commentsAdded, 2)
        XCTAssertEqual(changes.summary.commentsRemoved, 1)
        XCTAssertEqual(changes.text, "1 added, 1 gone, 2 edited, 1 picture changed, 2 comments added, 1 comment removed")
    }

    func test_text_namesOnlyTheCountsThatAreNot0_andTheOrderWhenNothingElseChanged() {
        var changes = HistoryChanges()
        changes.summary.commentsAdded = 3

        XCTAssertEqual(changes.text, "3 comments added")
        XCTAssertEqual(
            HistoryChanges(SnapshotChanges(from: [record(1, "one"), record(2, "two")], to: [record(2, "two"), record(1, "one")])).text,
            "the same items in another order")
    }

    private func record(_ number: Int, _ description: String, comments: [String] = [], image: String = "a") -> SnapshotRecord {
        SnapshotRecord(
            id: UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number))!, description: description, location: nil,
            imageURL: "https://example.org/\(number).jpg", imageSHA256: image, commentIDs: comments, commentsDigest: comments.joined(separator: ","),
            page: "page \(number) \(description) \(image) \(comments)")
    }
}
