import Basics
import FileSystem
import Foundation
import Publishing
import SiteGenerator

/// A snapshot's `snapshot.jsonl`: a line of facts (its name, the snapshot it was compared
/// with, its counts and what changed); its `places.js`: its feed pages, each one's path and
/// its items' IDs, so the items in feed order, for the history's script to send a comments
/// page's link back to the page that holds its item and for `SnapshotIndex`; and the items'
/// whole records (`SnapshotRecord`, its page fingerprint last) in `records/<x>.jsonl` (below
/// 128 items) or `records/<xx>.jsonl`, a file for the items whose IDs end with `x` or `xx`
/// (random in a random ID, changing fastest in one counted up). The order is the snapshot's
/// own, so it keeps no more than it must: some 40 bytes an item, once (a snapshot made
/// before listed the IDs in `snapshot.jsonl` too, a line each). Written once when the
/// snapshot is made: a records file or `places.js` with the bytes the previous snapshot's
/// has is that file, linked, so a snapshot stores the records of the items that changed
/// and little more. `SnapshotIndex` reads it back, and `SnapshotFacts` its first line alone.
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
        recordsFolder + "/" + id.text.suffix(shardLength).lowercased() + ".jsonl"
    }

    /// How many of an ID's last characters name its records file in a snapshot of `items`
    /// items: 16 files below 128 items, 256 from there. A record takes some 600 bytes, so
    /// either way a file holds about a disk block's worth or less: a small feed's snapshot
    /// writes 16 files, not one a record, and a larger one's changed item rewrites a block.
    /// (16 files up to 4,096 items made each a dozen blocks: 90 days of a 1,000-item feed
    /// kept 25 MB of records.)
    static func shardLength(items: Int) -> Int {
        items < 128 ? 1 : 2
    }

    /// The length the records files in `folder` (a snapshot of `items` items) are named by,
    /// from their names: 1 or 2 for files named by as many characters (every snapshot was
    /// named by 2 before small ones had 16 files); when none is there, as a snapshot of
    /// `items` items would be.
    static func shardLength(in folder: String, items: Int) -> Int {
        let names = (try? PlainFile.entries(inFolder: folder + "/" + recordsFolder, followingLinks: false))?.map(\.name) ?? []
        if names.contains(where: { $0.count == 1 + ".jsonl".count }) { return 1 }
        if names.contains(where: { $0.count == 2 + ".jsonl".count }) { return 2 }
        return shardLength(items: items)
    }

    /// Where each item is in a snapshot's feed, for the history's script.
    static let placesFile = "places.js"

    /// Writes the file, `places.js` and the records files into the snapshot's folder
    /// `folder`, linking those that are as they are in `previousFolder`'s; `pages` are the
    /// snapshot's feed pages, each one's path from a locale's root and its items (all of
    /// them on one first page when not given).
    public func write(to folder: String, previousFolder: String?, pages: [(path: String, items: Range<Int>)]? = nil) throws {
        let pages = pages ?? [(SitePaths().feedPage(1), records.indices)]
        let lines = pages.map { page in
            "{\"path\": \(JSONText.quoted(page.path)), \"ids\": [" + records[page.items].map { JSONText.quoted($0.id.text) }.joined(separator: ",") + "]}"
        }
        let places = "feedsiteSnapshotPlaces({\"pages\": [\n" + lines.joined(separator: ",\n") + "\n]});\n"
        try PublishError.naming(folder + "/" + Self.placesFile) {
            try PlainFile.write(Data(places.utf8), to: folder + "/" + Self.placesFile, sharing: previousFolder.map { $0 + "/" + Self.placesFile })
        }
        var groups: [String: String] = [:]
        let length = Self.shardLength(items: records.count)
        for record in records { groups[Self.recordsFile(of: record.id, shardLength: length), default: ""] += record.line }
        for (path, text) in groups.sorted(by: { $0.key < $1.key }) {
            try PublishError.naming(folder + "/" + path) {
                try PlainFile.write(Data(text.utf8), to: folder + "/" + path, sharing: previousFolder.map { $0 + "/" + path })
            }
        }
        try PublishError.naming(folder + "/" + Self.fileName) {
            try AtomicFile.write(toPath: folder + "/" + Self.fileName) { output in try output.write(header) }
        }
    }
}
