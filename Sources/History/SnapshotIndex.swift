import Basics
import FileSystem
import Foundation

/// The latest snapshot's `snapshot.jsonl` as a run compares its items with it: the lines
/// kept as read, each item's ID taken from its line, its page fingerprint from the end of
/// its line in its records file (or, in a snapshot made before the fingerprints moved
/// there, from the end of its own line), and a record parsed whole only when it is asked
/// for. An unchanged run of 10,000 items thus parses none: BENCHMARKS.md, "What each trick
/// buys", row "the latest snapshot read by its lines' ends".
public struct SnapshotIndex: Sendable {
    public let name: SnapshotName
    /// The items' IDs in feed order.
    public let ids: [UUID]
    private let bytes: Data
    /// Where each item's line is in `bytes`.
    private let lines: [Range<Int>]
    private let byID: [UUID: (line: Int, page: Substring)]
    private let path: String
    /// How many of an ID's last characters name its records file (`SnapshotFile.shardLength`).
    private let shardLength: Int

    /// The snapshot's file in `folder`.
    public static func read(from folder: String) throws(SnapshotFile.ReadError) -> SnapshotIndex {
        let path = folder + "/" + SnapshotFile.fileName
        // Kept as read: a copy into an array would be a second snapshot's worth of memory.
        let bytes = try readWhole(path)
        var lines: [Range<Int>] = []
        bytes.withUnsafeBytes { raw in
            var start = 0
            while start < raw.count {
                let end = raw[start...].firstIndex(of: UInt8(ascii: "\n")) ?? raw.count
                if end > start { lines.append((bytes.startIndex + start)..<(bytes.startIndex + end)) }
                start = end + 1
            }
        }
        guard let first = lines.first, let json = try? JSONReader.read(Data(bytes[first])), let facts = SnapshotFacts(json) else {
            throw .unreadable(path, reason: "its first line is not a snapshot's facts")
        }
        var ids: [UUID] = []
        var byID: [UUID: (line: Int, page: Substring)] = [:]
        var unpaged: [String: [UUID: Int]] = [:]
        let shardLength = SnapshotFile.shardLength(in: String(path.dropLast(SnapshotFile.fileName.count + 1)), items: facts.items)
        ids.reserveCapacity(lines.count)
        byID.reserveCapacity(lines.count)
        let folder = String(path.dropLast(SnapshotFile.fileName.count + 1))
        // A snapshot whose file is its facts alone lists its items in its places.js, in feed
        // order, a feed page after another.
        if lines.count == 1, facts.items > 0 {
            for (index, id) in try Self.placedIDs(in: folder + "/" + SnapshotFile.placesFile).enumerated() {
                ids.append(id)
                unpaged[SnapshotFile.recordsFile(of: id, shardLength: shardLength), default: [:]][id] = index
            }
        }
        for (index, line) in lines.dropFirst().enumerated() {
            if let (id, page) = Self.ends(of: bytes[line]) {
                ids.append(id)
                byID[id] = (index, page)
            } else if let id = Self.id(of: bytes[line]) {
                ids.append(id)
                unpaged[SnapshotFile.recordsFile(of: id, shardLength: shardLength), default: [:]][id] = index
            } else {
                throw .unreadable(path, reason: "line \(index + 2) is not an item")
            }
        }
        for (file, lineOf) in unpaged.sorted(by: { $0.key < $1.key }) {
            for (id, page) in try Self.pages(in: folder + "/" + file) where byID[id] == nil {
                if let line = lineOf[id] { byID[id] = (line, page) }
            }
            if let missing = lineOf.keys.first(where: { byID[$0] == nil }) {
                throw .unreadable(folder + "/" + file, reason: "it has no record of item \(missing.text)")
            }
        }
        return SnapshotIndex(
            name: facts.name, ids: ids, bytes: bytes, lines: Array(lines.dropFirst()), byID: byID, path: path,
            shardLength: shardLength)
    }

    /// The items' IDs `places.js` at `path` lists, in its order: each feed page's `"ids"`, a
    /// list of quoted IDs, read as bytes rather than as strings split and trimmed
    /// (BENCHMARKS.md, "What each trick buys", row "the latest snapshot's files read as bytes").
    static func placedIDs(in path: String) throws(SnapshotFile.ReadError) -> [UUID] {
        let data = try readWhole(path)
        let marker = Array(#""ids": ["#.utf8)
        var ids: [UUID] = []
        var failure: String?
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var at = 0
            while at + marker.count <= bytes.count {
                guard bytes[at] == marker[0], bytes[at..<(at + marker.count)].elementsEqual(marker) else {
                    at += 1
                    continue
                }
                at += marker.count
                // Each ID: a quote, 36 characters, a quote, then a comma or the list's end.
                while at < bytes.count, bytes[at] != UInt8(ascii: "]") {
                    guard bytes[at] == UInt8(ascii: "\""), at + 37 < bytes.count, bytes[at + 37] == UInt8(ascii: "\""),
                        let id = UUID(uuidString: String(decoding: UnsafeBufferPointer(rebasing: bytes[(at + 1)..<(at + 37)]), as: UTF8.self))
                    else {
                        failure = "its list of items is not IDs"
                        return
                    }
                    ids.append(id)
                    at += 38
                    if at < bytes.count, bytes[at] == UInt8(ascii: ",") { at += 1 }
                }
            }
        }
        if let failure { throw .unreadable(path, reason: failure) }
        return ids
    }

    /// Each record's ID and page fingerprint in the records file at `path`, from its lines'
    /// ends, in the file's order. Read as bytes rather than through `Data`'s slices
    /// (BENCHMARKS.md, "What each trick buys", row "the latest snapshot's files read as bytes").
    private static func pages(in path: String) throws(SnapshotFile.ReadError) -> [(UUID, Substring)] {
        let data = try readWhole(path)
        var pages: [(UUID, Substring)] = []
        var damaged: Int?
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var (start, number) = (0, 0)
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                number += 1
                if end > start {
                    guard let found = ends(of: UnsafeBufferPointer(rebasing: bytes[start..<end])) else {
                        damaged = number
                        return
                    }
                    pages.append(found)
                }
                start = end + 1
            }
        }
        if let damaged { throw .unreadable(path, reason: "line \(damaged) is not an item") }
        return pages
    }

    /// A file of the snapshot, which must be there.
    private static func readWhole(_ path: String) throws(SnapshotFile.ReadError) -> Data {
        try PlainFile.readExisting(path, maxBytes: 1 << 30) { SnapshotFile.ReadError.unreadable(path, reason: $0) }
    }

    /// The page fingerprint of item `id`, `nil` when the snapshot has no such item.
    public func page(for id: UUID) -> Substring? { byID[id]?.page }

    /// Item `id`'s whole record.
    public func record(for id: UUID) throws(SnapshotFile.ReadError) -> SnapshotRecord? {
        guard let line = byID[id]?.line else { return nil }
        return try record(at: line)
    }

    /// Every record, in feed order.
    public func records() throws(SnapshotFile.ReadError) -> [SnapshotRecord] {
        var files: [String: [UUID: SnapshotRecord]] = [:]
        var records: [SnapshotRecord] = []
        records.reserveCapacity(ids.count)
        for (line, id) in ids.enumerated() {
            if let inline = try inlineRecord(at: line) {
                records.append(inline)
                continue
            }
            let file = SnapshotFile.recordsFile(of: id, shardLength: shardLength)
            if files[file] == nil { files[file] = try recordsFile(file) }
            guard let record = files[file]?[id] else { throw .unreadable(folder + "/" + file, reason: "it has no record of item \(id.text)") }
            records.append(record)
        }
        return records
    }

    /// The record at line `line` (from 0, after the facts), from its records file.
    private func record(at line: Int) throws(SnapshotFile.ReadError) -> SnapshotRecord {
        if let inline = try inlineRecord(at: line) { return inline }
        let file = SnapshotFile.recordsFile(of: ids[line], shardLength: shardLength)
        guard let record = try recordsFile(file)[ids[line]] else {
            throw .unreadable(folder + "/" + file, reason: "it has no record of item \(ids[line].text)")
        }
        return record
    }

    /// The whole record a line holds, as a snapshot made before the records files had them;
    /// `nil` for a line of an ID, and maybe a page fingerprint, alone.
    private func inlineRecord(at line: Int) throws(SnapshotFile.ReadError) -> SnapshotRecord? {
        // A line of an ID and a fingerprint alone has this length, one of an ID less, and a
        // whole record more.
        guard line < lines.count, lines[line].count != Self.indexLineLength, lines[line].count != Self.idLineLength else { return nil }
        guard let json = try? JSONReader.read(Data(bytes[lines[line]])) else { throw .unreadable(path, reason: "line \(line + 2) is not an item") }
        guard json["comments_digest"] != nil else { return nil }
        guard let record = SnapshotRecord(json) else { throw .unreadable(path, reason: "line \(line + 2) is not an item") }
        return record
    }

    /// The records of a records file, by ID (the first of an ID the feed has twice).
    private func recordsFile(_ file: String) throws(SnapshotFile.ReadError) -> [UUID: SnapshotRecord] {
        let full = folder + "/" + file
        let data = try Self.readWhole(full)
        var records: [UUID: SnapshotRecord] = [:]
        for (number, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() {
            let fast = line.withUnsafeBytes { ItemLine.record($0.bindMemory(to: UInt8.self)) }
            guard let record = fast ?? (try? JSONReader.read(Data(line))).flatMap(SnapshotRecord.init) else {
                throw .unreadable(full, reason: "line \(number + 1) is not an item")
            }
            if records[record.id] == nil { records[record.id] = record }
        }
        return records
    }

    /// The snapshot's folder.
    private var folder: String { String(path.dropLast(SnapshotFile.fileName.count + 1)) }

    private static let head = #"{"id": ""#.utf8
    private static let tail = #", "page": ""#.utf8
    /// `{"id": "<36>", "page": "<64 hex>"}`, as `SnapshotFile` wrote an item's line before
    /// the fingerprints moved to the records.
    static let indexLineLength = head.count + 36 + 1 + tail.count + 64 + 2
    /// `{"id": "<36>"}`, as `SnapshotFile` writes an item's line.
    static let idLineLength = head.count + 36 + 2

    /// The ID of a line of an ID alone.
    static func id(of line: Data) -> UUID? {
        let start = line.startIndex
        guard line.count == idLineLength, line[start..<(start + head.count)].elementsEqual(head), line[line.endIndex - 2] == UInt8(ascii: "\""),
            line[line.endIndex - 1] == UInt8(ascii: "}")
        else { return nil }
        return UUID(uuidString: String(decoding: line[(start + head.count)..<(start + head.count + 36)], as: UTF8.self))
    }

    /// The ID and the page fingerprint at a record line's two ends, as `SnapshotFile` and
    /// `SnapshotRecord.line` write them: `{"id": "<36>", … "page": "<64 hex>"}`.
    static func ends(of line: Data) -> (UUID, Substring)? {
        line.withUnsafeBytes { raw in ends(of: raw.bindMemory(to: UInt8.self)) }
    }

    static func ends(of line: UnsafeBufferPointer<UInt8>) -> (UUID, Substring)? {
        let (head, tail) = (Self.head, Self.tail)
        let end = line.count
        guard end > head.count + 36 + tail.count + 64 + 2, line[0..<head.count].elementsEqual(head), line[end - 2] == UInt8(ascii: "\""),
            line[end - 1] == UInt8(ascii: "}"), line[(end - 2 - 64 - tail.count)..<(end - 2 - 64)].elementsEqual(tail),
            let id = UUID(uuidString: String(decoding: UnsafeBufferPointer(rebasing: line[head.count..<(head.count + 36)]), as: UTF8.self))
        else { return nil }
        let page = UnsafeBufferPointer(rebasing: line[(end - 2 - 64)..<(end - 2)])
        guard page.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) })
        else { return nil }
        return (id, Substring(String(decoding: page, as: UTF8.self)))
    }
}
