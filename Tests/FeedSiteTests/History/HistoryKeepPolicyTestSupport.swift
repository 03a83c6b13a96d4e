import Foundation
import History
import XCTest

/// The instant an ISO 8601 UTC time to the second names, such as `2026-11-26T12:00:00Z`.
func utc(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Date {
    guard let date = ISO8601DateFormatter().date(from: text) else {
        XCTFail("not a time: \(text)", file: file, line: line)
        return Date(timeIntervalSince1970: 0)
    }
    return date
}

/// The snapshot taken at an ISO 8601 UTC time, the `serial`-th of its second.
func snapshot(_ text: String, serial: Int = 1, file: StaticString = #filePath, line: UInt = #line) -> SnapshotName {
    SnapshotName(time: utc(text, file: file, line: line), serial: serial)
}

extension HistoryKeepPolicy {
    /// The policy `text` spells; a test fails when it does not parse.
    static func parsed(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> HistoryKeepPolicy {
        do {
            return try HistoryKeepPolicy(parsing: text)
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return .all
        }
    }

    /// The names of the snapshots kept, oldest first.
    func keptNames(_ snapshots: [SnapshotName], now: Date) -> [String] {
        kept(snapshots, now: now).sorted().map(\.text)
    }
}
