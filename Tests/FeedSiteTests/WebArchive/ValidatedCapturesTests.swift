import Foundation
import WebArchive
import XCTest

final class ValidatedCapturesTests: XCTestCase {
    func test_captures_savedThenRead_giveEachURLsLatestCapture_andPassOverALineThatIsNotOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("captures-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let older = ValidatedCaptures.Capture(digest: "sha1:A", date: "2026-11-26T12:00:00Z", record: "<urn:uuid:1>")
        let newer = ValidatedCaptures.Capture(digest: "sha1:B", date: "2026-11-26T13:00:00Z", record: "<urn:uuid:2>")
        let captures = try ValidatedCaptures(folder: folder)
        captures.note(older, of: "https://example.org/a")
        captures.note(newer, of: "https://example.org/a")
        captures.note(older, of: "https://example.org/b")
        try captures.save()
        let path = folder + "/" + ValidatedCaptures.fileName
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try (text + "half a line\tsha1:C\n").write(toFile: path, atomically: false, encoding: .utf8)

        let read = try ValidatedCaptures(folder: folder)

        XCTAssertEqual(read.latest(of: "https://example.org/a"), newer)
        XCTAssertEqual(read.latest(of: "https://example.org/b"), older)
        XCTAssertNil(read.latest(of: "half a line"))
        XCTAssertEqual(
            text, "https://example.org/a\tsha1:B\t2026-11-26T13:00:00Z\t<urn:uuid:2>\nhttps://example.org/b\tsha1:A\t2026-11-26T12:00:00Z\t<urn:uuid:1>\n")
    }
}
