import Basics
import Foundation

/// The items as the history's `items.jsonl`, and back: a first line naming the snapshots
/// they are counted over, then an item a line.
extension HistoryItems {
    public static let fileName = "items.jsonl"

    public var data: Data {
        var text = "{\"snapshots\": [" + snapshots.map { JSONText.quoted($0.text) }.joined(separator: ", ") + "]}\n"
        for item in items {
            text += "{\"id\": \(JSONText.quoted(item.id.text)), \"spans\": [" + item.spans.map(\.json).joined(separator: ", ") + "]"
            text += ", \"versions\": [" + item.versions.map(\.json).joined(separator: ", ") + "], \"gone\": \(JSONText.quotedOrNull(item.gone?.text))"
            text += ", \"first_seen\": \(JSONText.quotedOrNull(item.firstSeenAt.map(ISO8601Date.format)))"
            text += ", \"record\": \(JSONText.quoted(item.document.record)), \"terms\": \(JSONText.quoted(item.document.terms))}\n"
        }
        return Data(text.utf8)
    }

    /// The items `data` holds; `nil` when it is not such a file, or names a snapshot an item
    /// has no place in.
    public init?(_ data: Data) {
        var lines = data.split(separator: UInt8(ascii: "\n"))[...]
        guard let first = lines.popFirst(), let head = try? JSONReader.read(Data(first)), let names = head["snapshots"]?.array else { return nil }
        let snapshots = names.compactMap { $0.string.flatMap(SnapshotName.init) }
        guard snapshots.count == names.count else { return nil }
        let known = Set(snapshots)
        var items: [Item] = []
        items.reserveCapacity(lines.count)
        for line in lines {
            let fast = line.withUnsafeBytes { ItemLine.item($0.bindMemory(to: UInt8.self)) }
            guard let item = fast ?? (try? JSONReader.read(Data(line))).flatMap({ Item($0, snapshots: snapshots) }),
                item.spans.allSatisfy({ span in
                    known.contains(span.from) && span.to.map(known.contains) != false
                })
            else { return nil }
            items.append(item)
        }
        self.init(snapshots: snapshots, items: items)
    }
}

extension HistoryItems.Span {
    /// `["FROM", "TO"]`, or `["FROM", null]` for a span to the latest snapshot.
    var json: String { "[\(JSONText.quoted(from.text)), \(JSONText.quotedOrNull(to?.text))]" }

    init?(_ json: JSONValue) {
        guard let ends = json.array, ends.count == 2, let from = ends[0].string.flatMap(SnapshotName.init) else { return nil }
        let to = ends[1].string.flatMap(SnapshotName.init)
        guard to != nil || ends[1] == .null else { return nil }
        self.init(from: from, to: to)
    }
}

extension HistoryItems.Version {
    /// `["DATA", "FROM", "TO" or null, "HOLDER"]`.
    var json: String {
        "[\(JSONText.quoted(data)), \(JSONText.quoted(from.text)), \(JSONText.quotedOrNull(to?.text)), \(JSONText.quoted(holder.text))]"
    }

    init?(_ json: JSONValue) {
        guard let fields = json.array, fields.count == 4, let data = fields[0].string, let from = fields[1].string.flatMap(SnapshotName.init),
            let holder = fields[3].string.flatMap(SnapshotName.init)
        else { return nil }
        let to = fields[2].string.flatMap(SnapshotName.init)
        guard to != nil || fields[2] == .null else { return nil }
        self.init(data: data, from: from, to: to, holder: holder)
    }
}

extension HistoryItems.Item {
    /// An item's line; `snapshots` are the kept snapshots, from which a line written before
    /// versions were recorded gets one version a span, its data not known.
    init?(_ json: JSONValue, snapshots: [SnapshotName]) {
        guard let id = json["id"]?.string.flatMap(UUID.init(uuidString:)), let spanList = json["spans"]?.array, let record = json["record"]?.string,
            let terms = json["terms"]?.string
        else { return nil }
        let spans = spanList.compactMap(HistoryItems.Span.init)
        guard spans.count == spanList.count else { return nil }
        var versions: [HistoryItems.Version]
        var gone: SnapshotName?
        if let versionList = json["versions"]?.array {
            versions = versionList.compactMap(HistoryItems.Version.init)
            guard versions.count == versionList.count else { return nil }
            gone = json["gone"]?.string.flatMap(SnapshotName.init)
        } else {
            versions = spans.map { HistoryItems.Version(data: "", from: $0.from, to: $0.to, holder: $0.from) }
            gone = spans.last?.to.flatMap { end in snapshots.first { $0 > end } }
        }
        guard !versions.isEmpty else { return nil }
        self.init(
            id: id, spans: spans, versions: versions, gone: gone, firstSeenAt: json["first_seen"]?.string.flatMap(ISO8601Date.parse),
            document: HistoryItems.Document(record: record, terms: terms))
    }
}
