import Basics
import Foundation
import XCTest

@testable import History

/// An item's line of `items.jsonl` read as bytes gives what the JSON reader gives, and a line
/// of another shape is left to the JSON reader.
final class ItemLineTests: XCTestCase {
    private let names = (1...3).compactMap { SnapshotName("2026110\($0)T100000Z") }
    private let ids = (1...2).map { UUID(uuidString: "0000000\($0)-0000-0000-0000-000000000000")! }

    func test_item_ofEachLineWritten_isWhatTheJSONReaderReads_whateverItsWords() throws {
        let awkward = "a \"quoted\" \\ back\\slash, a\nline, a\ttab, \u{1} control, \u{2028} separator, ünïcödé and 😀 emoji"
        var items = HistoryItems()
        items.add(
            names[0], ids: ids, versions: [ids[0]: "a", ids[1]: "b"], firstSeen: [ids[0]: Date(timeIntervalSince1970: 1_700_000_000)],
            documents: [ids[0]: .init(record: "[\"\(awkward)\"]", terms: "awkward words"), ids[1]: .init(record: "[]", terms: "")],
            fallback: { .init(bare: $0) })
        items.add(names[1], ids: [ids[0]], versions: [ids[0]: "c"], documents: [:], fallback: { .init(bare: $0) })
        items.add(names[2], ids: [ids[0]], versions: [ids[0]: "c"], documents: [:], fallback: { .init(bare: $0) })
        items.remove(names[1])

        let lines = items.data.split(separator: UInt8(ascii: "\n")).dropFirst()

        XCTAssertEqual(lines.count, 2)
        for (line, expected) in zip(lines, items.items) {
            let fast = line.withUnsafeBytes { ItemLine.item($0.bindMemory(to: UInt8.self)) }
            let json = try XCTUnwrap(try JSONReader.read(Data(line)))
            XCTAssertEqual(fast, expected)
            XCTAssertEqual(fast, HistoryItems.Item(json, snapshots: items.snapshots))
        }
        XCTAssertEqual(HistoryItems(items.data), items)
    }

    func test_record_ofEachLineWritten_isWhatTheJSONReaderReads() throws {
        let records = [
            SnapshotRecord(
                id: ids[0], description: "a \"quoted\" \\ line\nand \u{2028} 😀", location: nil, imageURL: "https://example.org/a.png?x=1&y=2",
                imageSHA256: String(repeating: "a", count: 64), commentIDs: ["C1", "C2"], commentsDigest: "d", page: "p"),
            SnapshotRecord(id: ids[1], description: nil, location: "Lisbon", imageURL: "u", imageSHA256: nil, commentIDs: nil, commentsDigest: "e", page: "q"),
            SnapshotRecord(id: ids[1], description: "", location: "", imageURL: "", imageSHA256: nil, commentIDs: [], commentsDigest: "", page: ""),
        ]

        for record in records {
            let line = Data(record.line.utf8).dropLast()
            XCTAssertEqual(line.withUnsafeBytes { ItemLine.record($0.bindMemory(to: UInt8.self)) }, record)
            XCTAssertEqual(SnapshotRecord(try JSONReader.read(Data(line))), record)
        }
        XCTAssertNil(Data(#"{"id":"x"}"#.utf8).withUnsafeBytes { ItemLine.record($0.bindMemory(to: UInt8.self)) })
    }

    func test_item_ofALineOfAnotherShape_isLeftToTheJSONReader() {
        let reordered =
            #"{"spans": [], "id": "00000001-0000-0000-0000-000000000000", "versions": [["", "20261101T100000Z", null, "20261101T100000Z"]], "record": "[]", "terms": ""}"#
        let spaced =
            #"{"id":"00000001-0000-0000-0000-000000000000","spans":[],"versions":[["","20261101T100000Z",null,"20261101T100000Z"]],"gone":null,"first_seen":null,"record":"[]","terms":""}"#

        for line in [reordered, spaced, "", "{", #"{"id": "not an id"}"#] {
            XCTAssertNil(Data(line.utf8).withUnsafeBytes { ItemLine.item($0.bindMemory(to: UInt8.self)) }, line)
        }
        let file = "{\"snapshots\": [\"20261101T100000Z\"]}\n" + spaced + "\n"
        XCTAssertEqual(HistoryItems(Data(file.utf8))?.items.first?.id, ids[0], "the JSON reader reads it")
    }
}
