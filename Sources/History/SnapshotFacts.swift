import Basics
import FileSystem
import Foundation

/// A snapshot's first line of `snapshot.jsonl`, read alone: what the calendar shows of it.
public struct SnapshotFacts: Equatable, Sendable {
    public let name: SnapshotName
    public let previous: SnapshotName?
    public let items: Int
    public let summary: SnapshotChanges.Summary
    /// Whether snapshots before this one were made and thinned away: the oldest kept
    /// snapshot is then not the first, and its changes are not counted against nothing.
    public let earlierThinned: Bool

    public init(name: SnapshotName, previous: SnapshotName?, items: Int, summary: SnapshotChanges.Summary, earlierThinned: Bool = false) {
        self.name = name
        self.previous = previous
        self.items = items
        self.summary = summary
        self.earlierThinned = earlierThinned && previous == nil
    }

    /// The facts of the oldest kept snapshot once those before it are thinned away.
    public var oldestKept: SnapshotFacts {
        SnapshotFacts(name: name, previous: nil, items: items, summary: SnapshotChanges.Summary(), earlierThinned: true)
    }

    /// The facts as one line of JSON, ending with a line break: the first line of a
    /// `snapshot.jsonl`, and a line of the history's `changes.jsonl`.
    public var line: String {
        var line = "{\"snapshot\": \(JSONText.quoted(name.text)), \"previous\": \(JSONText.quotedOrNull(previous?.text))"
        line += ", \"items\": \(items), \"added\": \(summary.added), \"gone\": \(summary.gone), \"edited\": \(summary.edited)"
        line += ", \"comments_added\": \(summary.commentsAdded), \"comments_removed\": \(summary.commentsRemoved)"
        line += earlierThinned ? ", \"earlier_thinned\": true}\n" : "}\n"
        return line
    }

    /// The facts each line of `text` holds, skipping lines that hold none.
    public static func lines(_ text: Data) -> [SnapshotFacts] {
        text.split(separator: UInt8(ascii: "\n")).compactMap { line in (try? JSONReader.read(Data(line))).flatMap(SnapshotFacts.init) }
    }

    /// The facts of the snapshot in `folder`, `nil` when its file is missing or damaged.
    public static func read(from folder: String) -> SnapshotFacts? {
        guard let prefix = try? PlainFile.readPrefix(folder + "/" + SnapshotFile.fileName, count: 4096),
            let end = prefix.firstIndex(of: UInt8(ascii: "\n")), let facts = try? JSONReader.read(Data(prefix[..<end]))
        else { return nil }
        return SnapshotFacts(facts)
    }

    init?(_ facts: JSONValue) {
        guard let text = facts["snapshot"]?.string, let name = SnapshotName(text) else { return nil }
        func count(_ key: String) -> Int { facts[key]?.number.map { Int($0) } ?? 0 }
        self.init(
            name: name, previous: facts["previous"]?.string.flatMap(SnapshotName.init), items: count("items"),
            summary: SnapshotChanges.Summary(
                added: count("added"), gone: count("gone"), edited: count("edited"), commentsAdded: count("comments_added"),
                commentsRemoved: count("comments_removed")), earlierThinned: facts["earlier_thinned"] == .bool(true))
    }
}
