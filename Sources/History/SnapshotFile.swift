import Basics
import FileSystem
import Foundation
import Publishing

/// A snapshot's `snapshot.jsonl`: a first line of facts (its name, the snapshot it was
/// compared with, its counts and what changed), then each item's ID a line in feed order;
/// and the items' whole records (`SnapshotRecord`, its page fingerprint last) in
/// `records/<xx>.jsonl`, a file for the items whose IDs end with `xx` (random in a random ID,
/// changing fastest in one counted up). The order is the snapshot's own, so it keeps no
/// more than it must: 47 bytes an item. Written once when
/// the snapshot is made: a records file with the bytes the previous snapshot's has is that
/// file, linked, so a snapshot stores the records of the items that changed and little
/// more. `SnapshotIndex` reads it back, and `SnapshotFacts` its first line alone.
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
            case let .unreadable(path, reason):
                "cannot read the snapshot \(path): \(reason) (feedsite verify names what is damaged; "
                    + "move the snapshot's folder out of history/ to go on without it)"
            }
        }
    }

    /// The facts line, written first.
    var header: String {
        SnapshotFacts(name: name, previous: previous, items: records.count, summary: summary).line
    }

    /// The folder of the records files.
    static let recordsFolder = "records"

    /// The records file of `id`, from the snapshot's folder.
    static func recordsFile(of id: UUID) -> String {
        recordsFolder + "/" + id.text.suffix(2).lowercased() + ".jsonl"
    }

    /// Writes the file and the records files into the snapshot's folder `folder`, linking
    /// the records files that are as they are in `previousFolder`'s.
    public func write(to folder: String, previousFolder: String?) throws {
        var groups: [String: String] = [:]
        for record in records { groups[Self.recordsFile(of: record.id), default: ""] += record.line }
        for (path, text) in groups.sorted(by: { $0.key < $1.key }) {
            try PublishError.naming(folder + "/" + path) {
                try PlainFile.write(Data(text.utf8), to: folder + "/" + path, sharing: previousFolder.map { $0 + "/" + path })
            }
        }
        try PublishError.naming(folder + "/" + Self.fileName) {
            try AtomicFile.write(toPath: folder + "/" + Self.fileName) { output in
                try output.write(header)
                for record in records { try output.write("{\"id\": \(JSONText.quoted(record.id.text))}\n") }
            }
        }
    }
}
