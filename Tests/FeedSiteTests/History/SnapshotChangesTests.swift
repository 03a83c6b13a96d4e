import Foundation
import History
import XCTest

final class SnapshotChangesTests: XCTestCase {
    func test_changes_ofAFirstSnapshotAreEveryItemAdded() {
        let changes = SnapshotChanges(from: [], to: [record(1), record(2)])

        XCTAssertEqual(changes.added.map(\.id), [id(1), id(2)])
        XCTAssertEqual(changes.summary, SnapshotChanges.Summary(added: 2))
    }

    func test_changes_sameItemsSameDataAreNone() {
        XCTAssertTrue(SnapshotChanges(from: [record(1), record(2)], to: [record(1), record(2)]).isEmpty)
    }

    func test_changes_countAddedGoneAndEditedItemsInFeedOrder() {
        let changes = SnapshotChanges(from: [record(1), record(2), record(3)], to: [record(4), record(1, description: "new"), record(3)])

        XCTAssertEqual(changes.added.map(\.id), [id(4)])
        XCTAssertEqual(changes.gone.map(\.id), [id(2)])
        XCTAssertEqual(changes.edits.map(\.after.id), [id(1)])
        XCTAssertTrue(changes.edits[0].descriptionEdited)
        XCTAssertEqual(changes.summary, SnapshotChanges.Summary(added: 1, gone: 1, edited: 1))
    }

    func test_changes_commentsAddedAndRemovedAreCountedWithoutEditingTheItem() {
        let changes = SnapshotChanges(from: [record(1, comments: ["a", "b"])], to: [record(1, comments: ["b", "c", "d"])])

        XCTAssertEqual(changes.edits.first?.commentsAdded, ["c", "d"])
        XCTAssertEqual(changes.edits.first?.commentsRemoved, ["a"])
        XCTAssertEqual(changes.summary, SnapshotChanges.Summary(commentsAdded: 2, commentsRemoved: 1))
    }

    func test_changes_aCommentEditedInPlaceEditsTheItem() {
        let changes = SnapshotChanges(from: [record(1, comments: ["a"], digest: "one")], to: [record(1, comments: ["a"], digest: "two")])

        XCTAssertEqual(changes.summary, SnapshotChanges.Summary(edited: 1))
    }

    func test_changes_sameItemsInAnotherOrderAreReordered() {
        let changes = SnapshotChanges(from: [record(1), record(2)], to: [record(2), record(1)])

        XCTAssertTrue(changes.reordered)
        XCTAssertFalse(changes.isEmpty)
        XCTAssertEqual(changes.summary, SnapshotChanges.Summary())
    }

    func test_changes_commentsThatCouldNotLoadAreNeitherAddedNorRemoved() {
        let changes = SnapshotChanges(from: [record(1, comments: ["a"])], to: [record(1, comments: nil, digest: "unavailable")])

        XCTAssertEqual(changes.edits.first?.commentsRemoved, [])
    }

    private func id(_ number: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number))!
    }

    private func record(_ number: Int, description: String = "text", comments: [String]? = [], digest: String? = nil) -> SnapshotRecord {
        SnapshotRecord(
            id: id(number), description: description, location: nil, imageURL: "https://example.org/\(number).jpg", imageSHA256: "00",
            commentIDs: comments, commentsDigest: digest ?? (comments ?? []).joined(separator: ","), page: "page \(number) \(description)")
    }
}
