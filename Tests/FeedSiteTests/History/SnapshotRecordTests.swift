import FeedCore
import Foundation
import History
import SiteGenerator
import XCTest

final class SnapshotRecordTests: XCTestCase {
    private let comment = ImageComment(
        id: UUID(uuidString: "C0FFEE00-0000-4000-8000-000000000001")!, message: "Lovely", createdAt: Date(timeIntervalSince1970: 1_700_000_000),
        username: "ana")

    func test_page_isTheSameForTheSameDataAndPlace() {
        XCTAssertEqual(record(entry()).page, record(entry()).page)
    }

    func test_page_changesWithTheCommentsAndTheFeedPageThatHoldsTheItem() {
        let page = record(entry()).page
        let edited = ImageComment(id: comment.id, message: "Lovelier", createdAt: comment.createdAt, username: comment.username)

        XCTAssertNotEqual(record(entry(), comments: [edited]).page, page)
        XCTAssertNotEqual(record(entry(), feedPage: 2).page, page)
        XCTAssertNotEqual(record(entry(), comments: .some(nil)).page, page, "comments that could not be had")
        XCTAssertNotEqual(record(entry(), context: "locales en el").page, page)
    }

    func test_page_countsThePlaceInTheFeedOnlyForAnItemThePageNamesByIt() {
        XCTAssertEqual(record(entry(), position: 2, feedCount: 9).page, record(entry(), position: 3, feedCount: 10).page)
        let bare = entry(description: nil, location: " ")
        XCTAssertNotEqual(record(bare, position: 2, feedCount: 9).page, record(bare, position: 3, feedCount: 10).page)
    }

    func test_line_readsBackAsTheSameRecord() throws {
        let original = record(entry(description: "Quote \" and\nline"), comments: [comment])

        let json = try JSONSerialization.jsonObject(with: Data(original.line.utf8)) as? [String: Any]
        XCTAssertEqual(json?["description"] as? String, "Quote \" and\nline")
        XCTAssertTrue(original.line.hasSuffix("}\n"))
        XCTAssertEqual(original.line.filter { $0 == "\n" }.count, 1)
    }

    func test_differs_onlyForTheItemsData() {
        let base = record(entry())

        XCTAssertFalse(record(entry(), feedPage: 3).differs(from: base))
        XCTAssertTrue(record(entry(description: "other")).differs(from: base))
        XCTAssertTrue(record(entry(), comments: []).differs(from: base))
    }

    private func entry(description: String? = "Sunset", location: String? = "Lisbon") -> SiteEntry {
        SiteEntry(
            image: FeedImage(
                id: UUID(uuidString: "D3F0A5E2-0000-4000-8000-000000000001")!, description: description, location: location,
                url: URL(string: "https://example.org/1.jpg")!),
            stored: nil, firstSeen: Date(timeIntervalSince1970: 1_700_000_000))
    }

    private func record(
        _ entry: SiteEntry, comments: [ImageComment]?? = .none, feedPage: Int = 1, position: Int = 1, feedCount: Int = 10, context: String = "locales en"
    ) -> SnapshotRecord {
        let shown: [ImageComment]? =
            switch comments {
            case .none: [comment]
            case let .some(value): value
            }
        return SnapshotRecord(entry, comments: shown, feedPage: feedPage, position: position, feedCount: feedCount, context: context)
    }
}

final class SnapshotIndexTests: XCTestCase {
    func test_read_takesEachItemsIDAndPageFromItsLinesEnds_andParsesARecordOnlyWhenAskedFor() throws {
        let folder = try makeFolder()
        let records = (1...3).map { number in
            SnapshotRecord(
                id: UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", number))!, description: "Quote \" \\ \(number)", location: nil,
                imageURL: "u", imageSHA256: nil, commentIDs: ["c"], commentsDigest: "d", page: String(repeating: "\(number)", count: 64))
        }
        let name = try XCTUnwrap(SnapshotName("20261126T120000Z"))
        try SnapshotFile(name: name, previous: nil, summary: .init(added: 3), records: records).write(to: folder)

        let index = try SnapshotIndex.read(from: folder)

        XCTAssertEqual(index.name, name)
        XCTAssertEqual(index.ids, records.map(\.id))
        XCTAssertEqual(index.page(for: records[1].id).map(String.init), String(repeating: "2", count: 64))
        XCTAssertEqual(try index.record(for: records[2].id), records[2])
        XCTAssertEqual(try index.records(), records)
    }

    func test_read_namesALineThatIsNotAnItem() throws {
        let folder = try makeFolder()
        let facts = SnapshotFacts(name: SnapshotName("20261126T120000Z")!, previous: nil, items: 1, summary: .init())
        try Data((facts.line + "{\"id\": \"broken\"}\n").utf8).write(to: URL(fileURLWithPath: folder + "/snapshot.jsonl"))

        XCTAssertThrowsError(try SnapshotIndex.read(from: folder)) { error in
            XCTAssertTrue("\(error)".hasSuffix("line 2 is not an item"), "\(error)")
        }
    }

    private func makeFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-index-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder
    }
}
