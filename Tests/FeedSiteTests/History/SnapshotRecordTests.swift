import FeedCore
import Foundation
import History
import SiteGenerator
import TestSupport
import XCTest

final class SnapshotRecordTests: XCTestCase {
    private let comment = ImageComment(
        id: UUID(uuidString: "C0FFEE00-0000-4000-8000-000000000001")!, message: "Lovely", createdAt: Date(timeIntervalSince1970: 1_700_000_000),
        username: "ana")

    func test_page_isTheSameForTheSameData() {
        XCTAssertEqual(record(entry()).page, record(entry()).page)
    }

    func test_page_changesWithTheCommentsAndTheContext() {
        let page = record(entry()).page
        let edited = ImageComment(id: comment.id, message: "Lovelier", createdAt: comment.createdAt, username: comment.username)

        XCTAssertNotEqual(record(entry(), comments: [edited]).page, page)
        XCTAssertNotEqual(record(entry(), comments: .some(nil)).page, page, "comments that could not be had")
        XCTAssertNotEqual(record(entry(), context: "locales en el").page, page)
    }

    func test_page_changesWithThePlaceholderItShows_andNotWithoutOne() {
        let page = record(entry()).page
        let grey = ImagePlaceholder(samples: [UInt8](repeating: 0x80, count: 9))
        let red = ImagePlaceholder(samples: [0xFF, 0, 0])

        XCTAssertNotEqual(record(entry(placeholder: grey)).page, page)
        XCTAssertNotEqual(record(entry(placeholder: grey)).page, record(entry(placeholder: red)).page)
        XCTAssertEqual(record(entry(placeholder: nil)).page, page)
        XCTAssertFalse(record(entry(placeholder: grey)).differs(from: record(entry())), "the item's data is the same")
    }

    func test_page_changesWithThePhotosAroundIt_andTheNextOnesPicture_butNotTheData() {
        let page = record(entry()).page
        let other = SiteEntry(image: FeedImage(id: UUID(), description: nil, location: nil, url: URL(string: "https://example.org/b.png")!), stored: nil)
        let pictured = SiteEntry(
            image: other.image, stored: StoredImage(sha256: String(repeating: "c", count: 64), byteCount: 5, format: .png), firstSeen: fixedNow())

        XCTAssertNotEqual(record(entry(), neighbours: PhotoNeighbours(previous: other, next: nil)).page, page)
        XCTAssertNotEqual(record(entry(), neighbours: PhotoNeighbours(previous: nil, next: other)).page, page)
        XCTAssertNotEqual(
            record(entry(), neighbours: PhotoNeighbours(previous: other, next: nil)).page,
            record(entry(), neighbours: PhotoNeighbours(previous: nil, next: other)).page)
        XCTAssertNotEqual(
            record(entry(), neighbours: PhotoNeighbours(previous: nil, next: other)).page,
            record(entry(), neighbours: PhotoNeighbours(previous: nil, next: pictured)).page, "the next photo's picture is fetched ahead")
        XCTAssertFalse(record(entry(), neighbours: PhotoNeighbours(previous: other, next: other)).differs(from: record(entry())))
    }

    func test_record_namesTheImageAsDownloaded_whateverFileTheSitePublishesOfIt() {
        let downloaded = StoredImage(sha256: String(repeating: "a", count: 64), byteCount: 900, format: .jpeg)
        let copy = StoredImage(sha256: String(repeating: "b", count: 64), byteCount: 700, format: .jpeg)
        let grey = ImagePlaceholder(samples: [UInt8](repeating: 0x80, count: 9))
        let item = SiteEntry(image: entry().image, stored: downloaded, firstSeen: fixedNow(), placeholder: grey)

        let published = item.publishing(copy)

        XCTAssertEqual(published.stored, copy)
        XCTAssertEqual(published.fetched, downloaded)
        XCTAssertEqual(published.placeholder, grey, "everything else as it was")
        XCTAssertEqual(record(published).imageSHA256, downloaded.sha256)
        XCTAssertFalse(record(published).differs(from: record(item)), "the same picture: no change for the history")
        XCTAssertNotEqual(record(published).page, record(item).page, "its page links the copy")
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

        XCTAssertFalse(record(entry()).differs(from: base))
        XCTAssertTrue(record(entry(description: "other")).differs(from: base))
        XCTAssertTrue(record(entry(), comments: []).differs(from: base))
    }

    private func entry(description: String? = "Sunset", location: String? = "Lisbon", placeholder: ImagePlaceholder? = nil) -> SiteEntry {
        SiteEntry(
            image: FeedImage(
                id: UUID(uuidString: "D3F0A5E2-0000-4000-8000-000000000001")!, description: description, location: location,
                url: URL(string: "https://example.org/1.jpg")!),
            stored: nil, firstSeen: Date(timeIntervalSince1970: 1_700_000_000), placeholder: placeholder)
    }

    private func record(
        _ entry: SiteEntry, comments: [ImageComment]?? = .none, neighbours: PhotoNeighbours = .none, context: String = "locales en"
    ) -> SnapshotRecord {
        let shown: [ImageComment]? =
            switch comments {
            case .none: [comment]
            case let .some(value): value
            }
        return SnapshotRecord(entry, comments: shown, neighbours: neighbours, context: context)
    }
}
