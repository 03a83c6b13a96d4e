import Foundation
import SiteGenerator
import TestSupport
import XCTest

@testable import History

/// The page of what a snapshot changed since the one before it.
final class HistoryChangesPageTests: XCTestCase {
    private let before = SnapshotName("20261124T120000Z")!
    private let after = SnapshotName("20261125T120000Z")!

    func test_files_areNamedByBothSnapshots_inEachLocalesFolderOfTheHistory() throws {
        let renderers = try SiteFixtures.renderers(locales: ["en", "el"])

        let files = try HistoryChangesPage.files(
            SnapshotChanges(from: [], to: []), from: before, to: after, renderers: renderers, folder: { _ in "/nonexistent" })

        XCTAssertEqual(files.map(\.path), ["changes/20261124T120000Z_20261125T120000Z.html", "el/changes/20261124T120000Z_20261125T120000Z.html"])
    }

    func test_page_linksAddedAndEditedItemsInTheLaterSnapshot_andGoneOnesInTheEarlier() throws {
        let changes = SnapshotChanges(
            from: [record(1, location: "Porto"), record(2, location: "Lisbon", description: "Old words")],
            to: [record(2, location: "Lisbon", description: "New words"), record(3, description: "A first line\nand more")])

        let html = try page(changes)

        XCTAssertTrue(html.contains(#"<a class="changes-item-link" href="../20261125T120000Z/comments/\#(id(3)).html">A first line</a>"#), html)
        XCTAssertTrue(html.contains(#"<a class="changes-item-link" href="../20261124T120000Z/comments/\#(id(1)).html">Porto</a>"#), html)
        XCTAssertTrue(html.contains(#"<a class="changes-item-link" href="../20261125T120000Z/comments/\#(id(2)).html">Lisbon</a>"#), html)
        XCTAssertTrue(html.contains("<del>Old </del>words</p>"), "the changed word marked: \(html)")
        XCTAssertTrue(html.contains("<ins>New </ins>words</p>"), html)
        for heading in ["Added: 1", "Gone: 1", "Edited: 1"] { XCTAssertTrue(html.contains(heading), heading) }
        XCTAssertTrue(html.contains(#"<a href="../20261124T120000Z/index.html">"#), "the earlier snapshot is linked")
    }

    func test_page_escapesTheFeedsText() throws {
        let changes = SnapshotChanges(from: [], to: [record(1, location: "<script>alert(1)</script>")])

        let html = try page(changes, from: before)

        XCTAssertFalse(html.contains("<script>alert(1)"), html)
        XCTAssertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), html)
    }

    func test_page_ofItemsOnlyReordered_saysSo_andOfTheSameItems_saysTheyAreTheSame() throws {
        let reordered = try page(SnapshotChanges(from: [record(1), record(2)], to: [record(2), record(1)]))
        let same = try page(SnapshotChanges(from: [record(1)], to: [record(1)]))

        XCTAssertTrue(reordered.contains("Only the order of the items changed."), reordered)
        XCTAssertTrue(same.contains("The items are as in the snapshot it is compared with."), same)
        XCTAssertFalse(same.contains("changes-section"), same)
    }

    func test_page_ofItemsEditedAndReordered_listsTheEdits_andSaysTheOrderChangedToo_notThatOnlyTheOrderDid() throws {
        let changes = SnapshotChanges(from: [record(1), record(2, description: "Old")], to: [record(2, description: "New"), record(1)])

        let html = try page(changes)

        XCTAssertTrue(html.contains("Edited: 1"), html)
        XCTAssertFalse(html.contains("Only the order of the items changed."), html)
        XCTAssertTrue(html.contains("The order of the items changed too."), html)
    }

    func test_page_ofAnEdit_showsEachChangedFieldBeforeAndAfter_escaped_andNotesTheImage() throws {
        let before = record(1, description: "<script>alert(1)</script>")
        let after = SnapshotRecord(
            id: before.id, description: "Safe & sound", location: "Porto", imageURL: "https://example.org/other.png", imageSHA256: nil,
            commentIDs: [], commentsDigest: "", page: "page 1")

        let html = try page(SnapshotChanges(from: [before], to: [after]))

        XCTAssertFalse(html.contains("<script>alert(1)"), html)
        XCTAssertTrue(html.contains("<del>&lt;script&gt;alert(1)&lt;/script&gt;</del>"), html)
        XCTAssertTrue(html.contains("<ins>Safe &amp; sound</ins>"), html)
        XCTAssertTrue(html.contains("<del>(none)</del>"), "the location the item had not")
        XCTAssertTrue(html.contains("<ins>Porto</ins>"), html)
        XCTAssertEqual(html.components(separatedBy: #"<span class="changes-label">Before:</span>"#).count, 3, "a label for each of two fields")
        XCTAssertTrue(html.contains(#"<p class="changes-note">The image changed.</p>"#), html)
        XCTAssertFalse(html.contains("Comments:"), "no comments changed")
    }

    func test_title_isTheLocation_elseTheDescriptionsFirstLineShortened_elseWordsSayingThereIsNoText() throws {
        let renderer = try SiteFixtures.renderer()
        let long = String(repeating: "word ", count: 30)

        XCTAssertEqual(try HistoryChangesPage.title(of: record(1, location: " Porto ", description: "Text"), in: renderer), "Porto")
        XCTAssertEqual(try HistoryChangesPage.title(of: record(1, location: " ", description: "\nFirst\nSecond"), in: renderer), "First")
        XCTAssertEqual(try HistoryChangesPage.title(of: record(1, description: long), in: renderer), String(long.prefix(80)) + "…")
        XCTAssertEqual(try HistoryChangesPage.title(of: record(1), in: renderer), "An image without text")
    }

    func test_page_ofCommentsAddedOnly_listsTheItemUnderComments_withTheCounts() throws {
        let changes = SnapshotChanges(from: [record(1, comments: ["a"])], to: [record(1, comments: ["a", "b", "c"])])

        let html = try page(changes)

        XCTAssertTrue(html.contains("Comments changed: 1"), html)
        XCTAssertTrue(html.contains("comments added: 2"), html)
        XCTAssertFalse(html.contains("comments removed"), "no zero part: \(html)")
        XCTAssertFalse(html.contains("Edited:"), html)
    }

    func test_page_inASecondLocale_isInItsWords_withLinksFromItsFolder() throws {
        let greek = try SiteFixtures.renderers(locales: ["en", "el"])[1]
        let changes = SnapshotChanges(from: [record(1)], to: [])

        let file = try XCTUnwrap(try HistoryChangesPage.files(changes, from: before, to: after, renderers: [greek], folder: { _ in "/nonexistent" }).first)
        let html = String(decoding: file.data, as: UTF8.self)

        XCTAssertTrue(html.contains("Αφαιρέθηκαν: 1"), html)
        XCTAssertTrue(html.contains(#"href="../../20261124T120000Z/el/comments/\#(id(1)).html""#), html)
        XCTAssertTrue(html.contains(#"href="../index.html""#), "back to the locale's calendar")
    }

    func test_page_linksTheSamePageInTheOtherLocales_withinTheHistorysFolder() throws {
        let renderers = try SiteFixtures.renderers(locales: ["en", "el", "pt-BR"])

        let files = try HistoryChangesPage.files(
            SnapshotChanges(from: [record(1)], to: []), from: before, to: after, renderers: renderers, folder: { _ in "/nonexistent" })
        let (english, greek) = (String(decoding: files[0].data, as: UTF8.self), String(decoding: files[1].data, as: UTF8.self))

        XCTAssertTrue(english.contains(#"hreflang="el" href="../el/changes/20261124T120000Z_20261125T120000Z.html""#), english)
        XCTAssertTrue(greek.contains(#"hreflang="en" href="../../changes/20261124T120000Z_20261125T120000Z.html""#), greek)
        XCTAssertTrue(greek.contains(#"hreflang="pt-BR" href="../../pt-BR/changes/20261124T120000Z_20261125T120000Z.html""#), greek)
    }

    func test_documentTitle_namesTheSnapshotsTime_soThatEachPairsPageHasItsOwn() throws {
        let html = try page(SnapshotChanges(from: [record(1)], to: []))

        let time = try SiteFixtures.renderer().dayAndTime(after.time)
        XCTAssertTrue(time.hasPrefix("November 25, 2026"), time)
        XCTAssertTrue(html.contains("<title>What changed · \(time) UTC · My Feed</title>"), html)
        XCTAssertTrue(html.contains("<h1>What changed</h1>"), html)
    }

    private func page(_ changes: SnapshotChanges, from: SnapshotName? = nil) throws -> String {
        let file = try XCTUnwrap(
            try HistoryChangesPage.files(changes, from: from ?? before, to: after, renderers: [SiteFixtures.renderer()], folder: { _ in "/nonexistent" }).first)
        return String(decoding: file.data, as: UTF8.self)
    }

    private func id(_ number: Int) -> String { "00000000-0000-4000-8000-00000000000\(number)" }

    private func record(_ number: Int, location: String? = nil, description: String? = nil, comments: [String] = []) -> SnapshotRecord {
        SnapshotRecord(
            id: UUID(uuidString: id(number))!, description: description, location: location, imageURL: "https://example.org/\(number).png",
            imageSHA256: nil, commentIDs: comments, commentsDigest: comments.joined(separator: ","), page: "page \(number)")
    }
}
