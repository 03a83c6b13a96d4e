import Foundation
import TestSupport
import XCTest

/// Compares `actual` with the golden file `__Snapshots__/<name>.html` beside this file.
///
/// Run with `RECORD_SNAPSHOTS=1` to (re)write the golden files; a missing golden file is
/// recorded too. Both fail the test so a recording is never mistaken for a pass. On a
/// mismatch the failure shows the first differing lines with their line numbers.
func assertSiteSnapshot(_ actual: String, named name: String, file: StaticString = #filePath, line: UInt = #line) {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    let golden = folder.appendingPathComponent("\(name).html")
    let isRecording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    guard !isRecording, let expectedData = FileManager.default.contents(atPath: golden.path) else {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: golden)
            XCTFail("Recorded snapshot \(golden.path); check it, then run again without RECORD_SNAPSHOTS", file: file, line: line)
        } catch {
            XCTFail("Could not record snapshot \(golden.path): \(error)", file: file, line: line)
        }
        return
    }
    let expected = String(decoding: expectedData, as: UTF8.self)
    guard expected != actual else { return }
    XCTFail(
        "Snapshot \(name) does not match \(golden.path) (RECORD_SNAPSHOTS=1 re-records it):\n\(lineDiff(expected: expected, actual: actual))", file: file,
        line: line)
}

/// The first `limit` lines that differ, as `line N` with the expected and actual text.
func lineDiff(expected: String, actual: String, limit: Int = 5) -> String {
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var report: [String] = []
    for index in 0..<max(expectedLines.count, actualLines.count) where report.count < limit {
        let old = index < expectedLines.count ? "\(expectedLines[index].debugDescription)" : "(no line)"
        let new = index < actualLines.count ? "\(actualLines[index].debugDescription)" : "(no line)"
        if old != new {
            report.append("line \(index + 1):\n  - expected: \(old)\n  + actual:   \(new)")
        }
    }
    if expectedLines.count != actualLines.count {
        report.append("expected \(expectedLines.count) lines, got \(actualLines.count)")
    }
    return report.joined(separator: "\n")
}
