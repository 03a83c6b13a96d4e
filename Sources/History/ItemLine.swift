import Basics
import Foundation

/// A line of JSON the history wrote itself, read as bytes in the one shape it was written in
/// (its members in their order, a space after each colon and comma): a line of any other
/// shape (one an earlier feedsite wrote, or one edited by hand) is left to the JSON reader.
/// Reading `items.jsonl`'s 10,000 lines through the JSON reader took 4.8 % of a changed
/// 10,000-item run, and the latest snapshot's records 3.2 % (BENCHMARKS.md, "What each trick
/// buys").
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

    /// A JSON string literal at the reader, unescaped: the escapes `JSONText` writes (`\"`,
    /// `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\uXXXX` with surrogate pairs).
    private mutating func string() -> String? {
        guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { return nil }
        at += 1
        let start = at
        while at < bytes.count, bytes[at] != UInt8(ascii: "\""), bytes[at] != UInt8(ascii: "\\") { at += 1 }
        guard at < bytes.count else { return nil }
        if bytes[at] == UInt8(ascii: "\"") {
            at += 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<(at - 1)]), as: UTF8.self)
        }
        var scalars = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self).unicodeScalars
        var run = at
        while at < bytes.count {
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") {
                scalars.append(contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[run..<at]), as: UTF8.self).unicodeScalars)
                at += 1
                return String(scalars)
            }
            guard byte == UInt8(ascii: "\\") else {
                at += 1
                continue
            }
            scalars.append(contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[run..<at]), as: UTF8.self).unicodeScalars)
            guard at + 1 < bytes.count else { return nil }
            let escaped = bytes[at + 1]
            at += 2
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(Unicode.Scalar(escaped))
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                guard let unit = hex4() else { return nil }
                if (0xD800..<0xDC00).contains(unit) {
                    guard expect("\\u"), let low = hex4(), (0xDC00..<0xE000).contains(low),
                        let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                    else { return nil }
                    scalars.append(scalar)
                } else {
                    guard let scalar = Unicode.Scalar(unit) else { return nil }
                    scalars.append(scalar)
                }
            default: return nil
            }
            run = at
        }
        return nil
    }

    private mutating func hex4() -> UInt32? {
        guard at + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[at]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
            at += 1
        }
        return value
    }
}
