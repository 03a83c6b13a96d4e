import Foundation
import Hashing
import WebArchive
import XCTest

final class ValidatedCapturesTests: XCTestCase {
    private let date = Date(timeIntervalSince1970: 1_795_694_400)  // 2026-11-26T12:00:00Z

    func test_captures_savedThenRead_giveEachURLsLatestCapture_asARevisitNamesIt_andPassOverALineThatIsNotOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("captures-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let older = (payload: SHA1.hash(Array("old".utf8)), record: UUID())
        let newer = (payload: SHA1.hash(Array("new".utf8)), record: UUID())
        let captures = try ValidatedCaptures(folder: folder)
        captures.note("https://example.org/a", payload: older.payload, date: date, record: older.record)
        captures.note("https://example.org/a", payload: newer.payload, date: date.addingTimeInterval(3_600), record: newer.record)
        captures.note("https://example.org/b", payload: older.payload, date: date, record: older.record)
        try captures.save()
        let path = folder + "/" + ValidatedCaptures.fileName
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try (text + "half a line\tsha1:C\n").write(toFile: path, atomically: false, encoding: .utf8)

        let read = try ValidatedCaptures(folder: folder)

        let a = try XCTUnwrap(read.latest(of: "https://example.org/a"))
        XCTAssertEqual(a.digest, WARCRecord.digest(newer.payload))
        XCTAssertEqual(a.date, "2026-11-26T13:00:00Z")
        XCTAssertEqual(a.record, WARCRecord.reference(to: newer.record))
        XCTAssertEqual(read.latest(of: "https://example.org/b")?.digest, WARCRecord.digest(older.payload))
        XCTAssertNil(read.latest(of: "https://example.org/c"))
        XCTAssertEqual(text.split(separator: "\n").count, 2, "a line a URL")
        XCTAssertFalse(text.contains("example.org"), "URLs are known by their digest")
    }
}
