import FeedCore
import Foundation
import History
import Publishing
import SiteGenerator
import TestSupport
import XCTest

/// A snapshot made beside the output while the run makes the live site: the pages of what
/// changed rendered, the rest linked from the snapshot before, or nothing at all when the
/// data is as it was.
final class SnapshotDraftTests: XCTestCase {
    private let entries = HistoryFixtures.entries()

    func test_finish_ofAFirstSnapshot_rendersEveryPage_andTellsEachItemsVersionAndFirstSeen() throws {
        let root = try makeTemporaryFolder(for: self)

        let prepared = try XCTUnwrap(try make("20261126T120000Z", in: root, previous: nil, comments: [[], []]))

        XCTAssertEqual(prepared.ids, entries.map(\.id))
        XCTAssertEqual(prepared.changes.added.count, 2)
        XCTAssertNil(prepared.facts.previous)
        XCTAssertEqual(Set(prepared.versions.keys), Set(entries.map(\.id)))
        XCTAssertEqual(prepared.firstSeen[SiteFixtures.firstID], fixedNow())
        for entry in entries {
            XCTAssertTrue(FileManager.default.fileExists(atPath: prepared.folder + "/comments/\(entry.id.uuidString).html"))
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: prepared.folder + "/index.html"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: prepared.folder + "/assets/style.css"), "the live site's other files, linked")
        XCTAssertEqual(try SnapshotIndex.read(from: prepared.folder).ids, entries.map(\.id))
    }

    func test_finish_ofTheSameData_throwsTheSnapshotAway() throws {
        let root = try makeTemporaryFolder(for: self)
        let first = try XCTUnwrap(try make("20261126T120000Z", in: root, previous: nil, comments: [[], []]))
        let kept = try keep(first, in: root)

        let second = try make("20261127T120000Z", in: root, previous: kept, comments: [[], []])

        XCTAssertNil(second)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.path + "/draft-20261127T120000Z"), "the draft is removed")
    }

    func test_finish_ofANewComment_rendersThatItemsPageAlone_andLinksTheOther() throws {
        let root = try makeTemporaryFolder(for: self)
        let first = try XCTUnwrap(try make("20261126T120000Z", in: root, previous: nil, comments: [[], []]))
        let kept = try keep(first, in: root)
        let comment = SiteFixtures.comment(message: "Lovely", createdAt: fixedNow())

        let second = try XCTUnwrap(try make("20261127T120000Z", in: root, previous: kept, comments: [[comment], []]))

        XCTAssertEqual(second.changes.summary.commentsAdded, 1)
        XCTAssertEqual(second.facts.previous?.text, "20261126T120000Z")
        XCTAssertNotEqual(second.versions[SiteFixtures.firstID], first.versions[SiteFixtures.firstID])
        XCTAssertEqual(second.versions[SiteFixtures.secondID], first.versions[SiteFixtures.secondID])
        XCTAssertEqual(Set(second.documents.keys), [SiteFixtures.firstID], "the search learns the rendered item's words")
        let (changed, same) = ("/comments/\(SiteFixtures.firstID.uuidString).html", "/comments/\(SiteFixtures.secondID.uuidString).html")
        XCTAssertNotEqual(try inode(second.folder + changed), try inode(kept.folder + changed))
        XCTAssertEqual(try inode(second.folder + same), try inode(kept.folder + same))
        let page = try String(contentsOf: URL(fileURLWithPath: second.folder + changed), encoding: .utf8)
        XCTAssertTrue(page.contains("Lovely"))
        XCTAssertFalse(page.contains(" ago<"), "a snapshot's page writes its comments' dates whole: \(page)")
    }

    func test_pages_linkThePhotosBeforeAndAfterInTheSnapshotsOrder_andAreMadeAgainWhenTheirNeighboursChange() throws {
        let root = try makeTemporaryFolder(for: self)
        let (first, second) = ("\(SiteFixtures.firstID.uuidString).html", "\(SiteFixtures.secondID.uuidString).html")
        let before = try XCTUnwrap(try make("20261126T120000Z", in: root, previous: nil, comments: [[], []]))
        let page = try String(contentsOf: URL(fileURLWithPath: before.folder + "/comments/" + first), encoding: .utf8)
        XCTAssertTrue(page.contains(#"<a class="next" rel="next" href="\#(second)""#), page)
        XCTAssertFalse(page.contains(#"rel="prev""#), page)
        let kept = try keep(before, in: root)

        let name = "20261127T120000Z"
        let after = try XCTUnwrap(
            try HistoryFixtures.make(
                name, entries: entries.reversed(), comments: [[], []], folder: root.path + "/draft-" + name, previous: kept,
                staging: root.path + "/staging-" + name))

        let moved = try String(contentsOf: URL(fileURLWithPath: after.folder + "/comments/" + first), encoding: .utf8)
        XCTAssertTrue(moved.contains(#"<a class="previous" rel="prev" href="\#(second)""#), moved)
        XCTAssertFalse(moved.contains(#"rel="next""#), moved)
        XCTAssertNotEqual(try inode(after.folder + "/comments/" + first), try inode(kept.folder + "/comments/" + first))
    }

    /// Makes snapshot `name` of the two items with `comments` (one list an item) beside a
    /// staged live site.
    private func make(_ name: String, in root: URL, previous: (file: SnapshotIndex, folder: String)?, comments: [[ImageComment]]) throws
        -> SnapshotDraft.Prepared?
    {
        try HistoryFixtures.make(
            name, entries: entries, comments: comments, folder: root.path + "/draft-" + name, previous: previous, staging: root.path + "/staging-" + name)
    }

    /// Puts a finished snapshot where the next one compares with it.
    private func keep(_ prepared: SnapshotDraft.Prepared, in root: URL) throws -> (file: SnapshotIndex, folder: String) {
        let folder = root.path + "/history/" + prepared.facts.name.text
        try FileManager.default.createDirectory(atPath: root.path + "/history", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: prepared.folder, toPath: folder)
        return (try SnapshotIndex.read(from: folder), folder)
    }
}
