import Basics
import Foundation

/// A line of JSON the history wrote itself, read as bytes in the one shape it was written in
/// (its members in their order, a space after each colon and comma): a line of any other
/// shape (one an earlier feedsite wrote, or one edited by hand) is left to the JSON reader.
/// What this saves a changed run is in BENCHMARKS.md, "What each trick buys", row "the
/// history's own lines read as bytes".
struct ItemLine {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0

    /// The item an `items.jsonl` line holds; `nil` when it is not in the shape written.
    static func item(_ line: UnsafeBufferPointer<UInt8>) -> HistoryItems.Item? {
        var reader = ItemLine(bytes: line)
        return reader.item()
    }

    /// The record a records file's line holds (`SnapshotRecord.line`); `nil` when it is not
    /// in the shape written.
    static func record(_ line: UnsafeBufferPointer<UInt8>) -> SnapshotRecord? {
        var reader = ItemLine(bytes: line)
        return reader.record()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private mutating func record() -> SnapshotRecord? {
        guard expect(#"{"id": "#), let idText = string(), let id = UUID(uuidString: idText), expect(#", "description": "#) else { return nil }
        guard let description = optionalString(), expect(#", "location": "#), let location = optionalString(), expect(#", "image": "#),
            let image = string(), expect(#", "sha256": "#), let sha256 = optionalString(), expect(#", "comments": "#)
        else { return nil }
        var comments: [String]?
        if !expect("null") {
            guard expect("[") else { return nil }
            var list: [String] = []
            while !peek("]") {
                if !list.isEmpty { guard expect(", ") else { return nil } }
                guard let comment = string() else { return nil }
                list.append(comment)
            }
            guard expect("]") else { return nil }
            comments = list
        }
        guard expect(#", "comments_digest": "#), let digest = string(), expect(#", "page": "#), let page = string(), expect("}"), at == bytes.count
        else { return nil }
        return SnapshotRecord(
            id: id, description: description, location: location, imageURL: image, imageSHA256: sha256, commentIDs: comments, commentsDigest: digest,
            page: page)
    }

    /// A string, or `null`; `.some(nil)` for `null`, `nil` for anything else.
    private mutating func optionalString() -> String?? {
        if expect("null") { return .some(nil) }
        return string().map { .some($0) }
    }

    private mutating func item() -> HistoryItems.Item? {
        guard expect(#"{"id": "#), let idText = string(), let id = UUID(uuidString: idText), expect(#", "spans": ["#) else { return nil }
        var spans: [HistoryItems.Span] = []
        while !peek("]") {
            if !spans.isEmpty { guard expect(", ") else { return nil } }
            guard expect("["), let from = name(), expect(", "), let to = optionalName(), expect("]") else { return nil }
            spans.append(HistoryItems.Span(from: from, to: to))
        }
        guard expect(#"], "versions": ["#) else { return nil }
        var versions: [HistoryItems.Version] = []
        while !peek("]") {
            if !versions.isEmpty { guard expect(", ") else { return nil } }
            guard expect("["), let data = string(), expect(", "), let from = name(), expect(", "), let to = optionalName(), expect(", "),
                let holder = name(), expect("]")
            else { return nil }
            versions.append(HistoryItems.Version(data: data, from: from, to: to, holder: holder))
        }
        guard !versions.isEmpty, expect(#"], "gone": "#), let gone = optionalName(), expect(#", "first_seen": "#) else { return nil }
        var firstSeen: Date?
        if !expect("null") {
            guard let text = string(), let date = ISO8601Date.parse(text) else { return nil }
            firstSeen = date
        }
        guard expect(#", "record": "#), let record = string(), expect(#", "terms": "#), let terms = string(), expect("}"), at == bytes.count else {
            return nil
        }
        return HistoryItems.Item(
            id: id, spans: spans, versions: versions, gone: gone, firstSeenAt: firstSeen, document: HistoryItems.Document(record: record, terms: terms))
    }

    /// Whether the bytes at the reader are `text`; they are passed over when they are.
    private mutating func expect(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard at + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[at + offset] != text.utf8Start[offset] { return false }
        at += count
        return true
    }

    private func peek(_ text: StaticString) -> Bool {
        at < bytes.count && bytes[at] == text.utf8Start[0]
    }

    private mutating func name() -> SnapshotName? {
        string().flatMap(SnapshotName.init)
    }

    /// A snapshot's name, or `null`; `.some(nil)` for `null`, `nil` for anything else.
    private mutating func optionalName() -> SnapshotName?? {
        if expect("null") { return .some(nil) }
        return name().map { .some($0) }
    }

    /// A JSON string literal at the reader, read as the JSON reader reads one.
    private mutating func string() -> String? {
        try? JSONReader.string(in: UnsafeRawBufferPointer(bytes), at: &at)
    }
}
