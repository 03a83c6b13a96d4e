import Foundation
import History
import XCTest

final class HistoryLineageTests: XCTestCase {
    private let names = ["20261101T100000Z", "20261102T100000Z", "20261103T100000Z"].compactMap(SnapshotName.init)

    func test_facts_keepEachSnapshotsOwnWhenTheOneBeforeIsStillKept() throws {
        let own = [names[0]: facts(0, previous: nil, added: 2), names[1]: facts(1, previous: 0, added: 1)]

        let result = try HistoryLineage.facts(of: [names[0], names[1]], own: own, remembered: []) { name in
            XCTFail("read \(name)")
            return []
        }

        XCTAssertEqual(result, [own[names[0]], own[names[1]]])
    }

    func test_facts_ofASnapshotWhoseOneBeforeWasThinned_areWorkedOutAgainstTheOneBeforeNow() throws {
        let own = [names[0]: facts(0, previous: nil, added: 1), names[2]: facts(2, previous: 1, added: 1)]
        let items = [names[0]: [record(1)], names[2]: [record(1), record(2), record(3)]]

        let result = try HistoryLineage.facts(of: [names[0], names[2]], own: own, remembered: []) { items[$0] ?? [] }

        XCTAssertEqual(result.last, SnapshotFacts(name: names[2], previous: names[0], items: 3, summary: SnapshotChanges.Summary(added: 2)))
    }

    func test_facts_ofTheOldestKeptThatWasNotTheFirst_sayEarlierOnesWereThinned_andAddNothing() throws {
        let own = [names[1]: facts(1, previous: 0, added: 0)]

        let result = try HistoryLineage.facts(of: [names[1]], own: own, remembered: []) { name in
            XCTFail("read \(name)")
            return []
        }

        XCTAssertEqual(result, [SnapshotFacts(name: names[1], previous: nil, items: own[names[1]]?.items ?? -1, summary: .init(), earlierThinned: true)])
        XCTAssertTrue(result[0].line.contains(#""earlier_thinned": true"#))
        XCTAssertEqual(SnapshotFacts.lines(Data(result[0].line.utf8)), result)
    }

    func test_facts_ofTheFirstSnapshot_countItsItemsAsAdded() throws {
        let own = [names[0]: facts(0, previous: nil, added: 2)]

        let result = try HistoryLineage.facts(of: [names[0]], own: own, remembered: []) { _ in [record(1), record(2)] }

        XCTAssertEqual(result, own.values.map { $0 })
        XCTAssertFalse(result[0].earlierThinned)
    }

    func test_facts_rememberedAsTheOldestKept_stayTheOldestKept() throws {
        let remembered = facts(1, previous: 0, added: 0).oldestKept

        let result = try HistoryLineage.facts(of: [names[1]], own: [:], remembered: [remembered]) { _ in [] }

        XCTAssertEqual(result, [remembered])
    }

    func test_facts_rememberedForTheSameSnapshotBefore_areUsedWithoutReading() throws {
        let remembered = SnapshotFacts(name: names[2], previous: names[0], items: 5, summary: SnapshotChanges.Summary(gone: 4))

        let result = try HistoryLineage.facts(of: [names[0], names[2]], own: [names[0]: facts(0, previous: nil, added: 5)], remembered: [remembered]) {
            name in
            XCTFail("read \(name)")
            return []
        }

        XCTAssertEqual(result.last, remembered)
    }

    func test_line_readsBackAsTheSameFacts() {
        let original = SnapshotFacts(
            name: names[1], previous: names[0], items: 7, summary: SnapshotChanges.Summary(added: 1, gone: 2, edited: 3, commentsAdded: 4, commentsRemoved: 5))

        XCTAssertEqual(SnapshotFacts.lines(Data((original.line + "not json\n" + original.line).utf8)), [original, original])
    }

    private func facts(_ index: Int, previous: Int?, added: Int) -> SnapshotFacts {
        SnapshotFacts(name: names[index], previous: previous.map { names[$0] }, items: added, summary: SnapshotChanges.Summary(added: added))
    }

    private func record(_ number: Int) -> SnapshotRecord {
        SnapshotRecord(
            id: UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number))!, description: "d", location: nil, imageURL: "u",
            imageSHA256: nil, commentIDs: [], commentsDigest: "", page: "p")
    }
}
