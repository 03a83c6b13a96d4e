import Basics
import FileSystem
import Foundation

/// A snapshot's `snapshot.jsonl`: a first line of facts (its name, the snapshot it was
/// compared with, its counts and what changed), then one `SnapshotRecord` a line in feed
/// order. What the next run compares its items with, and what the calendar and the search
/// of the history read.
public struct SnapshotFile: Sendable {
    public static let fileName = "snapshot.jsonl"

    public let name: SnapshotName
    /// The snapshot this one was compared with when it was made.
    public let previous: SnapshotName?
    public let summary: SnapshotChanges.Summary
    public let records: [SnapshotRecord]
    private let byID: [UUID: SnapshotRecord]

    public init(name: SnapshotName, previous: SnapshotName?, summary: SnapshotChanges.Summary, records: [SnapshotRecord]) {
        self.name = name
        self.previous = previous
        self.summary = summary
        self.records = records
        self.byID = Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public func record(for id: UUID) -> SnapshotRecord? { byID[id] }

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

    /// The file in the snapshot folder `folder`.
    public static func read(from folder: String) throws(ReadError) -> SnapshotFile {
        let path = folder + "/" + fileName
        let data: Data?
        do {
            data = try PlainFile.readRegular(path, maxBytes: 1 << 30)
        } catch {
            throw .unreadable(path, reason: "\(error)")
        }
        guard let data else { throw .unreadable(path, reason: "it is missing") }
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).makeIterator()
        guard let first = lines.next(), let json = try? JSONReader.read(Data(first)), let facts = SnapshotFacts(json) else {
            throw .unreadable(path, reason: "its first line is not a snapshot's facts")
        }
        var records: [SnapshotRecord] = []
        for (number, line) in IteratorSequence(lines).enumerated() {
            guard let json = try? JSONReader.read(Data(line)), let record = SnapshotRecord(json) else {
                throw .unreadable(path, reason: "line \(number + 2) is not an item")
            }
            records.append(record)
        }
        return SnapshotFile(name: facts.name, previous: facts.previous, summary: facts.summary, records: records)
    }
}
