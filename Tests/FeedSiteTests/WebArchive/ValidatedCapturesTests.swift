import Foundation
import Hashing
import WebArchive
import TestSupport
import XCTest

final class ValidatedCapturesTests: XCTestCase {
    private let date = Date(timeIntervalSince1970: 1_795_694_400)  // 2026-11-26T12:00:00Z

    func test_captures_savedThenRead_giveEachURLsLatestCapture_asARevisitNamesIt_andPassOverALineThatIsNotOne() throws {
        let folder = try makeTemporaryFolder(for: self).path
        let older = (payload: SHA1.hash(Array("old".utf8)), record: UUID())
        let newer = (payload: SHA1.hash(Array("new".utf8)), record: UUID())
        let captures = try ValidatedCaptures(folder: folder)
        try captures.note("https://example.org/a", payload: older.payload, date: date, record: older.record)
        try captures.note("https://example.org/a", payload: newer.payload, date: date.addingTimeInterval(3_600), record: newer.record)
        try captures.note("https://example.org/b", payload: older.payload, date: date, record: older.record)
        try captures.save()
        let path = folder + "/" + ValidatedCaptures.fileName
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try (text + "half a line\tsha1:C\n").write(toFile: path, atomically: false, encoding: .utf8)

        let read = try ValidatedCaptures(folder: folder)

        let a = try XCTUnwrap(read.latest(of: "https://example.org/a"))
        XCTAssertEqual(a.digest, WARCRecord.digest(newer.payload))
        XCTAssertEqual(a.date, "2026-11-26T13:00:00Z")
        XCTAssertEqual(a.record, WARCRecord.reference(to: newer.record))
        XCTAssertEqual(try read.latest(of: "https://example.org/b")?.digest, WARCRecord.digest(older.payload))
        XCTAssertNil(try read.latest(of: "https://example.org/c"))
        XCTAssertEqual(text.split(separator: "\n").count, 2, "a line a URL")
        XCTAssertFalse(text.contains("example.org"), "URLs are known by their digest")
    }

    func test_save_mergesTheRunsCapturesIntoTheEarlierFile_theRunsReplacingTheirURLsEarlierOnes_inKeyOrder() throws {
        let folder = try makeTemporaryFolder(for: self).path
        let first = try ValidatedCaptures(folder: folder)
        let earlier = (payload: SHA1.hash(Array("earlier".utf8)), record: UUID())
        for number in 0..<3_000 { try first.note("https://example.org/\(number)", payload: earlier.payload, date: date, record: earlier.record) }
        try first.save()
        let second = try ValidatedCaptures(folder: folder)
        let later = (payload: SHA1.hash(Array("later".utf8)), record: UUID())

        for number in stride(from: 0, to: 6_000, by: 2) {
            try second.note("https://example.org/\(number)", payload: later.payload, date: date.addingTimeInterval(60), record: later.record)
        }
        XCTAssertEqual(try second.latest(of: "https://example.org/2")?.digest, WARCRecord.digest(earlier.payload), "the file as the run began")
        try second.save()
        let read = try ValidatedCaptures(folder: folder)

        for number in [0, 1, 2, 1_499, 2_998, 2_999, 3_000, 5_998] {
            let expected = number.isMultiple(of: 2) ? later : earlier
            let capture = try XCTUnwrap(read.latest(of: "https://example.org/\(number)"), "\(number)")
            XCTAssertEqual(capture.digest, WARCRecord.digest(expected.payload), "\(number)")
            XCTAssertEqual(capture.record, WARCRecord.reference(to: expected.record), "\(number)")
        }
        XCTAssertNil(try read.latest(of: "https://example.org/5999"))
        let lines = try String(contentsOfFile: folder + "/" + ValidatedCaptures.fileName, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 4_500, "a line a URL")
        XCTAssertEqual(lines, lines.sorted(), "sorted by the URL's digest")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [ValidatedCaptures.fileName], "nothing set aside is left")
    }

    func test_latest_readsEachFieldOfAWholeLine_andPassesOverALineWithADamagedField() throws {
        let folder = try makeTemporaryFolder(for: self).path
        let key = { (name: String) in SHA256.digest(Array(name.utf8)).hex }
        let payload = String(repeating: "0f", count: 20)
        let record = "78AF82D7-0116-40F3-9635-0008DA892F48"
        let lines = [
            (key("whole"), "\(payload)\t1795694400\t\(record)\thttps://example.org/a%20b"),
            (key("no uri"), "\(payload)\t1795694400\t\(record)"),
            (key("short payload"), "\(payload.dropLast(2))\t1795694400\t\(record)"),
            (key("payload not hex"), "\(payload.dropLast(1))g\t1795694400\t\(record)"),
            (key("no seconds"), "\(payload)\t\t\(record)"),
            (key("seconds not a number"), "\(payload)\t17956944x0\t\(record)"),
            (key("record not a UUID"), "\(payload)\t1795694400\t\(record.replacingOccurrences(of: "-", with: "."))"),
            (key("record cut"), "\(payload)\t1795694400\t\(record.dropLast())"),
            (key("a field too many"), "\(payload)\t1795694400\t\(record)\thttps://example.org/\tmore"),
        ].sorted { $0.0 < $1.0 }
        try lines.map { "\($0.0)\t\($0.1)\n" }.joined().write(toFile: folder + "/" + ValidatedCaptures.siteFileName, atomically: false, encoding: .utf8)
        let read = try ValidatedCaptures(folder: folder, fileName: ValidatedCaptures.siteFileName)

        let whole = try XCTUnwrap(read.latest(key: key("whole")))
        XCTAssertEqual(whole.digest, WARCRecord.digest([UInt8](repeating: 0x0F, count: 20)))
        XCTAssertEqual(whole.date, "2026-11-26T12:00:00Z")
        XCTAssertEqual(whole.record, "<urn:uuid:78af82d7-0116-40f3-9635-0008da892f48>")
        XCTAssertEqual(whole.uri, "https://example.org/a%20b")
        let noURI = try XCTUnwrap(read.latest(key: key("no uri")))
        XCTAssertEqual([noURI.digest, noURI.date, noURI.record], [whole.digest, whole.date, whole.record])
        XCTAssertNil(noURI.uri)
        for damaged in ["short payload", "payload not hex", "no seconds", "seconds not a number", "record not a UUID", "record cut", "a field too many"] {
            XCTAssertNil(try read.latest(key: key(damaged)), damaged)
        }
    }
}
