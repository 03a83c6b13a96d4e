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
            guard let json = try? JSONReader.read(Data(line)), let item = Item(json),
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

extension HistoryItems.Item {
    init?(_ json: JSONValue) {
        guard let id = json["id"]?.string.flatMap(UUID.init(uuidString:)), let spans = json["spans"]?.array?.compactMap(HistoryItems.Span.init),
            !spans.isEmpty, spans.count == json["spans"]?.array?.count, let record = json["record"]?.string, let terms = json["terms"]?.string
        else { return nil }
        self.init(id: id, spans: spans, document: HistoryItems.Document(record: record, terms: terms))
    }
}
