import Foundation
import History
import TestSupport
import XCTest

/// A snapshot's `snapshot.jsonl` and records files, written and read back.
final class SnapshotIndexTests: XCTestCase {
    private let taken = SnapshotName("20261126T120000Z")!

    func test_read_takesEachItemsIDFromItsLine_andPageFromItsRecordsLinesEnd_andParsesARecordOnlyWhenAskedFor() throws {
        let folder = try makeFolder()
        let records = (1...3).map { record($0, description: "Quote \" \\ \($0)") }
        try SnapshotFile(name: taken, previous: nil, summary: .init(added: 3), records: records).write(to: folder, previousFolder: nil)

        let index = try SnapshotIndex.read(from: folder)

        XCTAssertEqual(index.name, taken)
        XCTAssertEqual(index.ids, records.map(\.id))
        XCTAssertEqual(index.page(for: records[1].id).map(String.init), String(repeating: "2", count: 64))
        XCTAssertEqual(try index.record(for: records[2].id), records[2])
        XCTAssertEqual(try index.records(), records)
    }

    func test_write_listsTheItemsOnceInFeedOrder_eachFeedPagesInPlacesJS_andSnapshotJSONLHoldsTheFactsAlone() throws {
        let folder = try makeFolder()
        let records = [record(2), record(1), record(3)]

        try SnapshotFile(name: taken, previous: nil, summary: .init(), records: records).write(
            to: folder, previousFolder: nil, pages: [("index.html", 0..<2), ("page/X.html", 2..<3)])

        XCTAssertEqual(try String(contentsOfFile: folder + "/snapshot.jsonl", encoding: .utf8).split(separator: "\n").count, 1)
        let places = try String(contentsOfFile: folder + "/places.js", encoding: .utf8)
        XCTAssertEqual(
            places,
            "feedsiteSnapshotPlaces({\"pages\": [\n{\"path\": \"index.html\", \"ids\": [\"\(records[0].id.uuidString)\",\"\(records[1].id.uuidString)\"]},\n"
                + "{\"path\": \"page/X.html\", \"ids\": [\"\(records[2].id.uuidString)\"]}\n]});\n")
        XCTAssertEqual(try SnapshotIndex.read(from: folder).ids, records.map(\.id))
    }

    func test_read_ofASnapshotWhosePlacesAreDamaged_namesTheFile() throws {
        let folder = try makeFolder()
        try SnapshotFile(name: taken, previous: nil, summary: .init(), records: [record(1)]).write(to: folder, previousFolder: nil)
        try Data(#"feedsiteSnapshotPlaces({"pages": [{"path": "index.html", "ids": ["not an id"]}]});"#.utf8).write(
            to: URL(fileURLWithPath: folder + "/places.js"))

        XCTAssertThrowsError(try SnapshotIndex.read(from: folder)) { error in
            XCTAssertTrue("\(error)".contains("\(folder)/places.js: its list of items is not IDs"), "\(error)")
        }
    }

    func test_read_ofASnapshotThatListsItsItemsInSnapshotJSONL_asOnesMadeBeforeDid_takesThemFromThere() throws {
        let folder = try makeFolder()
        let records = [record(2), record(1)]
        try SnapshotFile(name: taken, previous: nil, summary: .init(), records: records).write(to: folder, previousFolder: nil)
        let facts = SnapshotFacts(name: taken, previous: nil, items: 2, summary: .init())
        let lines = records.map { "{\"id\": \"\($0.id.uuidString)\"}\n" }
        try Data((facts.line + lines.joined()).utf8).write(to: URL(fileURLWithPath: folder + "/snapshot.jsonl"))
        try FileManager.default.removeItem(atPath: folder + "/places.js")

        XCTAssertEqual(try SnapshotIndex.read(from: folder).ids, records.map(\.id))
        XCTAssertEqual(try SnapshotIndex.read(from: folder).records(), records)
    }

    func test_read_ofASnapshotWhoseLinesHoldAnIDAndAPageFingerprint_takesThePagesFromTheLines() throws {
        let folder = try makeFolder()
        let records = [record(1), record(2)]
        try SnapshotFile(name: taken, previous: nil, summary: .init(), records: records).write(to: folder, previousFolder: nil)
        let facts = SnapshotFacts(name: taken, previous: nil, items: 2, summary: .init())
        let lines = records.map { "{\"id\": \"\($0.id.uuidString)\", \"page\": \"\(String(repeating: "a", count: 64))\"}\n" }
        try Data((facts.line + lines.joined()).utf8).write(to: URL(fileURLWithPath: folder + "/snapshot.jsonl"))

        let index = try SnapshotIndex.read(from: folder)

        XCTAssertEqual(index.ids, records.map(\.id))
        XCTAssertEqual(index.page(for: records[1].id).map(String.init), String(repeating: "a", count: 64))
        XCTAssertEqual(try index.records(), records)
    }

    func test_read_namesARecordsFileThatHasNoRecordOfAnItem() throws {
        let folder = try makeFolder()
        try SnapshotFile(name: taken, previous: nil, summary: .init(), records: [record(0x33)]).write(to: folder, previousFolder: nil)
        try Data(record(0x133).line.utf8).write(to: URL(fileURLWithPath: folder + "/records/3.jsonl"))

        XCTAssertThrowsError(try SnapshotIndex.read(from: folder)) { error in
            XCTAssertTrue("\(error)".contains("\(folder)/records/3.jsonl: it has no record of item 00000000-0000-4000-8000-000000005133"), "\(error)")
        }
    }

    func test_write_linksTheRecordsFilesThatAreAsThePreviousSnapshotsAndWritesTheOthers() throws {
        let (earlier, later) = (try makeFolder(), try makeFolder())
        let first = [record(0x11, description: "kept"), record(0x22, description: "old")]
        try SnapshotFile(name: taken, previous: nil, summary: .init(), records: first).write(to: earlier, previousFolder: nil)
        let second = [first[0], record(0x22, description: "new")]

        try SnapshotFile(name: SnapshotName("20261127T120000Z")!, previous: taken, summary: .init(), records: second).write(
            to: later, previousFolder: earlier)

        XCTAssertEqual(try inode(earlier + "/records/1.jsonl"), try inode(later + "/records/1.jsonl"))
        XCTAssertNotEqual(try inode(earlier + "/records/2.jsonl"), try inode(later + "/records/2.jsonl"))
        XCTAssertEqual(try SnapshotIndex.read(from: later).records(), second)
    }

    func test_recordsFiles_areSixteenBelow4096Items_and256FromThere_andAreReadBackEitherWay() throws {
        let (small, large) = (try makeFolder(), try makeFolder())
        let few = (0..<40).map { record($0) }
        let many = (0..<4096).map { record($0) }

        try SnapshotFile(name: taken, previous: nil, summary: .init(), records: few).write(to: small, previousFolder: nil)
        try SnapshotFile(name: taken, previous: nil, summary: .init(), records: many).write(to: large, previousFolder: nil)

        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: small + "/records").count, 16)
        XCTAssertTrue(try FileManager.default.contentsOfDirectory(atPath: small + "/records").allSatisfy { $0.count == "0.jsonl".count })
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: large + "/records").count, 256)
        XCTAssertEqual(try SnapshotIndex.read(from: small).records(), few)
        XCTAssertEqual(try SnapshotIndex.read(from: large).record(for: many[4000].id), many[4000])
    }

    func test_read_ofASnapshotWhoseLinesHoldWholeRecords_readsThemFromTheLines() throws {
        let folder = try makeFolder()
        let records = [record(1, description: "inline")]
        let facts = SnapshotFacts(name: taken, previous: nil, items: 1, summary: .init())
        try Data((facts.line + records[0].line).utf8).write(to: URL(fileURLWithPath: folder + "/snapshot.jsonl"))

        XCTAssertEqual(try SnapshotIndex.read(from: folder).records(), records)
    }

    func test_records_namesAMissingRecordsFile() throws {
        let folder = try makeFolder()
        try SnapshotFile(name: taken, previous: nil, summary: .init(), records: [record(0x33)]).write(to: folder, previousFolder: nil)
        try FileManager.default.removeItem(atPath: folder + "/records/3.jsonl")

        XCTAssertThrowsError(try SnapshotIndex.read(from: folder).records()) { error in
            XCTAssertTrue("\(error)".hasPrefix("cannot read the snapshot \(folder)/records/3.jsonl: it is missing (feedsite verify names"), "\(error)")
        }
    }

    func test_read_namesALineThatIsNotAnItem() throws {
        let folder = try makeFolder()
        let facts = SnapshotFacts(name: taken, previous: nil, items: 1, summary: .init())
        try Data((facts.line + "{\"id\": \"broken\"}\n").utf8).write(to: URL(fileURLWithPath: folder + "/snapshot.jsonl"))

        XCTAssertThrowsError(try SnapshotIndex.read(from: folder)) { error in
            XCTAssertTrue("\(error)".contains("line 2 is not an item ("), "\(error)")
        }
    }

    private func record(_ number: Int, description: String = "d") -> SnapshotRecord {
        SnapshotRecord(
            id: UUID(uuidString: String(format: "00000000-0000-4000-8000-%010d%02X", number, number % 256))!, description: description, location: nil,
            imageURL: "u", imageSHA256: nil, commentIDs: ["c"], commentsDigest: "d", page: String(repeating: "\(number % 10)", count: 64))
    }

    private func makeFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-index-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder
    }
}
