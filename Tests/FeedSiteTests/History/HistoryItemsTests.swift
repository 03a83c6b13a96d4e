import Foundation
import History
import XCTest

final class HistoryItemsTests: XCTestCase {
    private let names = (1...5).compactMap { SnapshotName("2026110\($0)T100000Z") }
    private let ids = (1...4).map { UUID(uuidString: "0000000\($0)-0000-0000-0000-000000000000")! }

    func test_add_givesANewItemAnOpenSpanAndLeavesAnItemStillThereAsItWas() {
        var items = HistoryItems()
        items.add(names[0], ids: [ids[0]], documents: [:], fallback: document)
        let first = items.items

        items.add(names[1], ids: [ids[1], ids[0]], documents: [:], fallback: document)

        XCTAssertEqual(items.items.map(\.id), [ids[1], ids[0]])
        XCTAssertEqual(items.items[1], first[0])
        XCTAssertEqual(items.items[0].spans, [.init(from: names[1], to: nil)])
    }

    func test_add_closesTheSpanOfAGoneItemAtTheLatestAndListsItAfterThoseStillThere() {
        var items = HistoryItems()
        items.add(names[0], ids: [ids[0], ids[1]], documents: [:], fallback: document)
        items.add(names[1], ids: [ids[1]], documents: [:], fallback: document)
        items.add(names[2], ids: [ids[1], ids[2]], documents: [:], fallback: document)

        XCTAssertEqual(items.items.map(\.id), [ids[1], ids[2], ids[0]])
        XCTAssertEqual(items.items[2].spans, [.init(from: names[0], to: names[0])])
        XCTAssertFalse(items.items[2].isInLatest)
        XCTAssertEqual(items.lastSeen(items.items[2]), names[0])
        XCTAssertEqual(items.lastSeen(items.items[0]), names[2])
    }

    func test_add_ofAnItemThatCameBack_opensASecondSpan() {
        var items = HistoryItems()
        items.add(names[0], ids: [ids[0]], documents: [:], fallback: document)
        items.add(names[1], ids: [], documents: [:], fallback: document)
        items.add(names[2], ids: [ids[0]], documents: [:], fallback: document)

        XCTAssertEqual(items.items[0].spans, [.init(from: names[0], to: names[0]), .init(from: names[2], to: nil)])
    }

    func test_add_takesAGivenDocumentElseKeepsTheRememberedOne() {
        var items = HistoryItems()
        items.add(names[0], ids: [ids[0], ids[1]], documents: [:], fallback: document)
        let edited = HistoryItems.Document(record: "[\"edited\"]", terms: "edited")

        items.add(
            names[1], ids: [ids[0], ids[1]], documents: [ids[1]: edited],
            fallback: { _ in
                XCTFail("asked")
                return edited
            })

        XCTAssertEqual(items.items.map(\.document), [document(ids[0]), HistoryItems.Document(record: edited.record, terms: "edited item")])
    }

    func test_remove_ofASnapshotInsideASpan_leavesTheSpan() {
        var items = HistoryItems()
        for name in names.prefix(3) { items.add(name, ids: [ids[0]], documents: [:], fallback: document) }

        items.remove(names[1])

        XCTAssertEqual(items.snapshots, [names[0], names[2]])
        XCTAssertEqual(items.items[0].spans, [.init(from: names[0], to: nil)])
    }

    func test_remove_ofASpansEnds_movesThemToTheKeptNeighbours() {
        var items = HistoryItems()
        items.add(names[0], ids: [ids[0]], documents: [:], fallback: document)
        items.add(names[1], ids: [ids[0], ids[1]], documents: [:], fallback: document)
        items.add(names[2], ids: [ids[0], ids[1]], documents: [:], fallback: document)
        items.add(names[3], ids: [ids[1]], documents: [:], fallback: document)

        items.remove(names[1])
        items.remove(names[2])

        XCTAssertEqual(items.snapshots, [names[0], names[3]])
        XCTAssertEqual(items.items.first { $0.id == ids[0] }?.spans, [.init(from: names[0], to: names[0])])
        XCTAssertEqual(items.items.first { $0.id == ids[1] }?.spans, [.init(from: names[3], to: nil)])
    }

    func test_remove_keepsAnItemOnlyTheThinnedSnapshotHeld_withItsVersionHeldThere() {
        var items = HistoryItems()
        items.add(names[0], ids: [ids[0]], versions: [ids[0]: "a"], documents: [:], fallback: document)
        items.add(names[1], ids: [ids[0], ids[1]], versions: [ids[0]: "a", ids[1]: "b"], documents: [:], fallback: document)
        items.add(names[2], ids: [ids[0]], versions: [ids[0]: "a"], documents: [:], fallback: document)

        items.remove(names[1])

        let gone = items.items.first { $0.id == ids[1] }
        XCTAssertEqual(gone?.spans, [])
        XCTAssertEqual(gone?.versions, [.init(data: "b", from: names[1], to: names[1], holder: names[1])])
        XCTAssertEqual(gone?.firstSnapshot, names[1])
        XCTAssertEqual(gone?.gone, names[2])
        XCTAssertEqual(gone.map(items.lastSeen), names[1])
        XCTAssertEqual(items.held(by: names[1]).map(\.id), [ids[1]])
        XCTAssertEqual(items.leftovers, [names[1]])
    }

    func test_versions_recordWhenEachWasSeenAndKeepThoseFactsThroughAnyThinning() {
        var items = HistoryItems()
        items.add(names[0], ids: [ids[0]], versions: [ids[0]: "a"], documents: [:], fallback: document)
        items.add(names[1], ids: [ids[0]], versions: [ids[0]: "a"], documents: [:], fallback: document)
        items.add(names[2], ids: [ids[0]], versions: [ids[0]: "b"], documents: [:], fallback: document)
        items.add(names[3], ids: [], versions: [:], documents: [:], fallback: document)
        items.add(names[4], ids: [ids[0]], versions: [ids[0]: "b"], documents: [:], fallback: document)
        let recorded = items.items[0].versions.map { [$0.data, $0.from.text, $0.to?.text ?? "-"] }

        for name in names.prefix(4) { items.remove(name) }

        let item = items.items[0]
        XCTAssertEqual(recorded, [["a", names[0].text, names[1].text], ["b", names[2].text, names[2].text], ["b", names[4].text, "-"]])
        XCTAssertEqual(item.versions.map { [$0.data, $0.from.text, $0.to?.text ?? "-"] }, recorded)
        XCTAssertEqual(item.firstSnapshot, names[0])
        XCTAssertNil(item.gone)
        // Nothing kept shows the first version: its page stays in the last thinned snapshot
        // that showed it. The second shows what the latest shows.
        XCTAssertEqual(item.versions.map(\.holder), [names[1], names[4], names[4]])
        XCTAssertEqual(items.leftovers, [names[1]])
    }

    func test_remove_movesAVersionsPageToAKeptSnapshotThatShowedItToo() {
        var items = HistoryItems()
        for name in names.prefix(3) { items.add(name, ids: [ids[0]], versions: [ids[0]: "a"], documents: [:], fallback: document) }
        items.add(names[3], ids: [ids[0]], versions: [ids[0]: "b"], documents: [:], fallback: document)

        items.remove(names[0])

        XCTAssertEqual(items.items[0].versions.map(\.holder), [names[1], names[3]])
        XCTAssertEqual(items.items[0].firstSnapshot, names[0])
        XCTAssertEqual(items.leftovers, [])
        XCTAssertEqual(items.held(by: names[0]).count, 0)
    }

    func test_add_keepsWhenTheRunsFirstSawAnItem_fromTheFirstTimeItIsGiven() {
        var items = HistoryItems()
        let early = Date(timeIntervalSince1970: 1_700_000_000)
        items.add(names[0], ids: [ids[0]], firstSeen: [ids[0]: early], documents: [:], fallback: document)
        items.add(names[1], ids: [ids[0]], firstSeen: [ids[0]: early.addingTimeInterval(86_400)], documents: [:], fallback: document)

        XCTAssertEqual(items.items[0].firstSeenAt, early)
        XCTAssertEqual(HistoryItems(items.data)?.items[0].firstSeenAt, early)
    }

    func test_add_ofAGoneItem_recordsWhenItWentAndANewVersionWhenItComesBack() {
        var items = HistoryItems()
        items.add(names[0], ids: [ids[0]], versions: [ids[0]: "a"], documents: [:], fallback: document)
        items.add(names[1], ids: [], documents: [:], fallback: document)

        XCTAssertEqual(items.items[0].gone, names[1])
        XCTAssertEqual(items.items[0].versions.last?.to, names[0])

        items.add(names[2], ids: [ids[0]], versions: [ids[0]: "a"], documents: [:], fallback: document)

        XCTAssertNil(items.items[0].gone)
        XCTAssertEqual(items.items[0].versions.map(\.from), [names[0], names[2]])
    }

    func test_add_ofANewDocument_keepsTheWordsOfTheVersionsBefore() {
        var items = HistoryItems()
        items.add(names[0], ids: [ids[0]], documents: [ids[0]: .init(record: "[\"old\"]", terms: "bridge river")], fallback: document)

        items.add(names[1], ids: [ids[0]], documents: [ids[0]: .init(record: "[\"new\"]", terms: "tower river")], fallback: document)

        XCTAssertEqual(items.items[0].document, .init(record: "[\"new\"]", terms: "tower river bridge item"))
    }

    func test_remove_neverRemovesTheLatest() {
        var items = HistoryItems()
        items.add(names[0], ids: [ids[0]], documents: [:], fallback: document)

        items.remove(names[0])

        XCTAssertEqual(items.snapshots, [names[0]])
    }

    func test_incrementalAddsAndRemoves_equalTheItemsMadeFromTheKeptSnapshotsAlone() {
        let feeds: [[UUID]] = [[ids[0], ids[1]], [ids[1], ids[2]], [ids[0], ids[1], ids[2]], [ids[3]], [ids[3], ids[0]]]
        var incremental = HistoryItems()
        for (name, feed) in zip(names, feeds) { incremental.add(name, ids: feed, documents: [:], fallback: document) }
        incremental.remove(names[1])
        incremental.remove(names[3])

        var fromKept = HistoryItems()
        for at in [0, 2, 4] { fromKept.add(names[at], ids: feeds[at], documents: [:], fallback: document) }

        XCTAssertEqual(Set(incremental.items.filter { !$0.spans.isEmpty }.map(\.id)), Set(fromKept.items.map(\.id)))
        for item in fromKept.items {
            XCTAssertEqual(incremental.items.first { $0.id == item.id }?.spans, item.spans, "\(item.id)")
        }
    }

    func test_incrementalAddsAndRemoves_equalTheItemsMadeFromTheKeptSnapshots_overManyMadeUpHistories() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let pool = (0..<6).map { UUID(uuidString: "00000000-0000-0000-0000-00000000000\($0)")! }
        let days = (1...28).compactMap { SnapshotName(String(format: "202611%02dT100000Z", $0)) }
        for trial in 0..<200 {
            var feeds: [SnapshotName: [UUID]] = [:]
            var kept: [SnapshotName] = []
            var incremental = HistoryItems()
            for name in days.prefix(2 + next(20)) {
                let feed = pool.filter { _ in next(3) > 0 }
                feeds[name] = feed
                kept.append(name)
                incremental.add(name, ids: feed, documents: [:], fallback: document)
                if next(2) == 0, kept.count > 1 {
                    let thinned = kept.remove(at: next(kept.count - 1))
                    incremental.remove(thinned)
                }
            }
            var fromKept = HistoryItems()
            for name in kept { fromKept.add(name, ids: feeds[name] ?? [], documents: [:], fallback: document) }

            XCTAssertEqual(incremental.snapshots, fromKept.snapshots, "trial \(trial)")
            XCTAssertEqual(
                Dictionary(uniqueKeysWithValues: incremental.items.filter { !$0.spans.isEmpty }.map { ($0.id, $0.spans) }),
                Dictionary(uniqueKeysWithValues: fromKept.items.map { ($0.id, $0.spans) }), "trial \(trial)")
        }
    }

    func test_data_readsBackAsTheSameItems() throws {
        var items = HistoryItems()
        items.add(names[0], ids: [ids[0], ids[1]], versions: [ids[0]: "a"], documents: [:], fallback: document)
        items.add(names[1], ids: [ids[1]], documents: [ids[1]: .init(record: "[\"a \\\"quoted\\\" line\\n\"]", terms: "a quoted")], fallback: document)

        items.add(names[2], ids: [ids[1]], documents: [:], fallback: document)
        items.remove(names[1])

        XCTAssertEqual(HistoryItems(items.data), items)
    }

    func test_read_ofALineWrittenBeforeVersions_makesAVersionOfEachSpan() {
        let text =
            "{\"snapshots\": [\"20261101T100000Z\", \"20261102T100000Z\"]}\n{\"id\": \"\(ids[0].uuidString)\", \"spans\": [[\"20261101T100000Z\", \"20261101T100000Z\"]], \"record\": \"[]\", \"terms\": \"\"}\n"

        let item = HistoryItems(Data(text.utf8))?.items.first

        XCTAssertEqual(item?.versions, [.init(data: "", from: names[0], to: names[0], holder: names[0])])
        XCTAssertEqual(item?.gone, names[1])
    }

    func test_read_refusesAFileWhoseSpansNameASnapshotItDoesNotCount() {
        let text =
            "{\"snapshots\": [\"20261101T100000Z\"]}\n{\"id\": \"\(ids[0].uuidString)\", \"spans\": [[\"20261102T100000Z\", null]], \"record\": \"[]\", \"terms\": \"\"}\n"

        XCTAssertNil(HistoryItems(Data(text.utf8)))
        XCTAssertNil(HistoryItems(Data("not json\n".utf8)))
    }

    private func document(_ id: UUID) -> HistoryItems.Document {
        HistoryItems.Document(record: "[\"\(id.uuidString)\", \"\", 0, 0, \"\", \"item \(id.uuidString.prefix(8))\"]", terms: "item")
    }
}
