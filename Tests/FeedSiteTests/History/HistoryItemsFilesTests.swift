import Foundation
import History
import XCTest

final class HistoryItemsFilesTests: XCTestCase {
    private let names = (1...3).compactMap { SnapshotName("2026110\($0)T100000Z") }
    private let first = UUID(uuidString: "00000000-0000-0000-0000-0000000001AB")!
    private let second = UUID(uuidString: "00000000-0000-0000-0000-0000000002AB")!
    private let third = UUID(uuidString: "00000000-0000-0000-0000-0000000003CD")!

    func test_spanFiles_ofAFewItems_areOneFile() throws {
        let items = history()

        let files = items.spanFiles()

        XCTAssertEqual(files.map(\.path), ["items/all.js"], "one file for a small history")
        let text = String(decoding: files[0].data, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("feedsiteHistoryItems(\"all\", {\n"), text)
        XCTAssertTrue(
            text.contains(
                "\"\(first.uuidString)\": {\"spans\": [[\"20261101T100000Z\", \"20261101T100000Z\"]], \"versions\": [[\"20261101T100000Z\", \"20261101T100000Z\", \"20261101T100000Z\"]], \"gone\": \"20261102T100000Z\", \"first_seen\": null}"
            ), text)
        XCTAssertTrue(
            text.contains(
                "\"\(second.uuidString)\": {\"spans\": [[\"20261101T100000Z\", null]], \"versions\": [[\"20261101T100000Z\", null, \"20261101T100000Z\"]], \"gone\": null, \"first_seen\": null}"
            ),
            text)
    }

    func test_spanFiles_groupItemsByTheirIDsLastCharactersInLowerCase_oneBelow4096Items_twoFromThere() {
        func history(_ count: Int) -> HistoryItems {
            var items = HistoryItems()
            let ids = (0..<count).map { UUID(uuidString: String(format: "00000000-0000-4000-8000-%012X", $0 * 7 + 0xAB))! }
            items.add(names[0], ids: ids, documents: [:], fallback: { .init(bare: $0) })
            return items
        }

        let small = history(300).spanFiles()
        let large = history(4096).spanFiles()

        XCTAssertEqual(small.count, 16)
        XCTAssertTrue(small.allSatisfy { $0.path.count == "items/b.js".count }, "\(small.map(\.path))")
        XCTAssertTrue(String(decoding: small[11].data, as: UTF8.self).hasPrefix("feedsiteHistoryItems(\"b\", {\n"))
        XCTAssertEqual(large.count, 256)
        XCTAssertEqual(history(300).shardLength, 1)
        XCTAssertEqual(history(4096).shardLength, 2)
    }

    func test_spanFiles_ofAnItemStillThere_stayTheSameWhenASnapshotIsAdded() {
        var items = history()
        let before = items.spanFiles()

        items.add(
            names[2], ids: [second, third], documents: [:],
            fallback: { id in
                XCTFail("asked")
                return .init(bare: id)
            })

        XCTAssertEqual(before.map(\.data), items.spanFiles().map(\.data))
    }

    func test_searchFiles_findAGoneItemByAWordOfItsDescription_andNameTheLatestSnapshotThatHadIt() throws {
        let files = history().searchFiles()

        XCTAssertEqual(files.last?.path, "search/index.js")
        let text = files.map { String(decoding: $0.data, as: UTF8.self) }.joined()
        XCTAssertTrue(text.contains("\"lighthouse\""), "the gone item's term is in the index")
        XCTAssertTrue(text.contains("[\"\(first.uuidString)\", \"\", 0, 0, \"\", \"a lighthouse\", \"20261101T100000Z\"]"), text)
        XCTAssertTrue(text.contains("[\"\(third.uuidString)\", \"\", 0, 0, \"\", \"a harbour\", \"20261102T100000Z\"]"), text)
        let generation = try XCTUnwrap(files.first?.path.split(separator: "/").dropFirst().first)
        XCTAssertTrue(files.dropLast().allSatisfy { $0.path.hasPrefix("search/\(generation)/") })
    }

    func test_searchFiles_sayWhichOfTheIndexsItemsEachSnapshotHolds_aBitAnItem() throws {
        let files = history().searchFiles()

        // The index numbers the latest snapshot's items in its order, then the gone ones:
        // `second` 0, `third` 1, `first` 2.
        let members = files.filter { $0.path.contains("/s-") }.map { ($0.path.split(separator: "/").last ?? "", String(decoding: $0.data, as: UTF8.self)) }
        XCTAssertEqual(members.map(\.0), ["s-20261101T100000Z.js", "s-20261102T100000Z.js"])
        XCTAssertEqual(members.map(\.1), [#"feedsiteSearch("s-20261101T100000Z", "BQ==");"# + "\n", #"feedsiteSearch("s-20261102T100000Z", "Aw==");"# + "\n"])
    }

    func test_updated_makesTheItemsAgainFromTheSnapshotsWhenTheRememberedOnesCountOthers() {
        let remembered = history()

        let items = HistoryItems.updated(remembered: remembered, existing: [names[0]], adding: nil, thinned: []) { _ in nil }

        XCTAssertEqual(items.snapshots, [], "a snapshot that cannot be read is left out")
        XCTAssertEqual(
            HistoryItems.updated(remembered: remembered, existing: remembered.snapshots, adding: nil, thinned: [names[0]]) { _ in
                XCTFail("read")
                return nil
            }.snapshots, [names[1]])
    }

    /// `first` in the first snapshot only, `second` in both, `third` in the second.
    private func history() -> HistoryItems {
        var items = HistoryItems()
        func document(_ id: UUID) -> HistoryItems.Document {
            let text = id == first ? "a lighthouse" : id == second ? "a boat" : "a harbour"
            return HistoryItems.Document(record: "[\"\(id.uuidString)\", \"\", 0, 0, \"\", \"\(text)\"]", terms: text)
        }
        items.add(names[0], ids: [first, second], documents: [:], fallback: document)
        items.add(names[1], ids: [second, third], documents: [:], fallback: document)
        return items
    }
}
