import Basics
import FileSystem
import Foundation
import Publishing

/// A snapshot's `snapshot.jsonl`: a first line of facts (its name, the snapshot it was
/// compared with, its counts and what changed), then each item's ID a line in feed order;
/// and the items' whole records (`SnapshotRecord`, its page fingerprint last) in
/// `records/all.jsonl` (below 256 items), `records/<x>.jsonl` (below 4,096) or
/// `records/<xx>.jsonl`, a file for the items whose IDs end with `x` or `xx` (random in a
/// random ID, changing fastest in one counted up). The order is the snapshot's own, so it keeps no
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

    /// The records file of `id`, from the snapshot's folder: named by the last
    /// `shardLength` characters of its ID.
    static func recordsFile(of id: UUID, shardLength: Int) -> String {
        recordsFolder + "/" + (shardLength == 0 ? wholeFile : id.text.suffix(shardLength).lowercased()) + ".jsonl"
    }

    /// The name of the one records file of a small snapshot.
    static let wholeFile = "all"

    /// How many of an ID's last characters name its records file in a snapshot of `items`
    /// items: one file below 256 items, 16 files below 4,096, 256 from there. A small
    /// feed's snapshot then writes a few files of many records, not one a record (each a
    /// disk block), and a large one's changed item rewrites a file of a few dozen.
    static func shardLength(items: Int) -> Int {
        items < 4096 ? 1 : 2
    }

    /// The length the records files in `folder` (a snapshot of `items` items) are named by,
    /// from their names: 0 for one file, 1 or 2 for files named by as many characters (every
    /// snapshot was named by 2 before small ones had fewer files); when none is there, as a
    /// snapshot of `items` items would be.
    static func shardLength(in folder: String, items: Int) -> Int {
        let names = (try? PlainFile.entries(inFolder: folder + "/" + recordsFolder, followingLinks: false))?.map(\.name) ?? []
        if names.contains(wholeFile + ".jsonl") { return 0 }
        if names.contains(where: { $0.count == 1 + ".jsonl".count }) { return 1 }
        if names.contains(where: { $0.count == 2 + ".jsonl".count }) { return 2 }
        return shardLength(items: items)
    }

    /// Writes the file and the records files into the snapshot's folder `folder`, linking
    /// the records files that are as they are in `previousFolder`'s.
    public func write(to folder: String, previousFolder: String?) throws {
        var groups: [String: String] = [:]
        let length = Self.shardLength(items: records.count)
        for record in records { groups[Self.recordsFile(of: record.id, shardLength: length), default: ""] += record.line }
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
