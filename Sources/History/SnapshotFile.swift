import FileSystem
import Foundation

/// A snapshot's `snapshot.jsonl`: a first line of facts (its name, the snapshot it was
/// compared with, its counts and what changed), then one `SnapshotRecord` a line in feed
/// order, written once when the snapshot is made. `SnapshotIndex` reads it back, and
/// `SnapshotFacts` its first line alone.
public struct SnapshotFile: Sendable {
    public static let fileName = "snapshot.jsonl"

    public let name: SnapshotName
    /// The snapshot this one was compared with when it was made.
    public let previous: SnapshotName?
    public let summary: SnapshotChanges.Summary
    public let records: [SnapshotRecord]

    public init(name: SnapshotName, previous: SnapshotName?, summary: SnapshotChanges.Summary, records: [SnapshotRecord]) {
        self.name = name
        self.previous = previous
        self.summary = summary
        self.records = records
    }

    public enum ReadError: Error, Equatable, Sendable, CustomStringConvertible {
        case unreadable(String, reason: String)

        public var description: String {
            switch self {
            case let .unreadable(path, reason): "cannot read the snapshot \(path): \(reason)"
            }
        }
    }

    /// The facts line, written first.
    var header: String {
        SnapshotFacts(name: name, previous: previous, items: records.count, summary: summary).line
    }

    /// Writes the file into the snapshot's folder `folder`.
    public func write(to folder: String) throws {
        try AtomicFile.write(toPath: folder + "/" + Self.fileName) { output in
            try output.write(header)
            for record in records { try output.write(record.line) }
        }
    }
}
