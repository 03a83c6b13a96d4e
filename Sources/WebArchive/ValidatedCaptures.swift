import Basics
import FileSystem
import Foundation
import Hashing

/// Captures in a web archive's folder that a later record refers to, kept beside the
/// archive's files, one line a key, sorted by it. Two tables of them:
/// - `fileName`: the latest capture of each URL whose answer came with a validator (`ETag`,
///   `Last-Modified`), keyed by the URL's SHA-256: what a later 304 for that URL confirms,
///   so its `revisit` record can name the payload and the record it refers to, and a
///   replay tool can serve that payload;
/// - `siteFileName`: the first capture of each file the site published, keyed by its
///   bytes' SHA-256 (the manifest's), with its URI: a later run's file of the same bytes is
///   a `revisit` naming it.
/// A line holds the key, the payload's SHA-1, the capture's second and its record's ID, in
/// hex and decimal, and for the site the URI.
///
public final class ValidatedCaptures {
    /// A capture as a `revisit` record names it.
    public struct Capture: Equatable, Sendable {
        /// The payload's digest, as records write one (`sha1:…`).
        public let digest: String
        /// The capture's `WARC-Date`.
        public let date: String
        /// The record's reference (`<urn:uuid:…>`).
        public let record: String
        /// The record's `WARC-Target-URI`, where the table keeps it (the site's).
        public var uri: String? = nil
    }

    /// The validated captures' file in the folder.
    public static let fileName = ".feedsite-warc-captures.tsv"
    /// The site's captures' file in the folder.
    public static let siteFileName = ".feedsite-warc-site.tsv"

    private let path: String
    private var earlier: KeyedLines?
    private var noted: SortedLines
    private var changed = false
    private let folder: String
    private let notedName: String
    /// With `keepingOnlyWhatIsUsed`: the keys found this run, by their first 16 hex digits.
    private var used: Set<UInt64>?

    /// The captures noted in `folder`'s file `fileName`, none when it has no file yet; a
    /// line that is not one is passed over. `keepingOnlyWhatIsUsed`: a pruning save keeps
    /// the lines this run found and noted and drops the rest (the site's table: the
    /// versions of pages no later run publishes again would grow it without end).
    public init(folder: String, fileName: String = ValidatedCaptures.fileName, keepingOnlyWhatIsUsed: Bool = false) throws {
        used = keepingOnlyWhatIsUsed ? [] : nil
        self.folder = folder
        path = folder + "/" + fileName
        notedName = "captures-" + fileName.filter(\.isLetter)
        earlier = try Self.open(path)
        noted = SortedLines(folder: folder, name: notedName, memoryLimit: 32 << 10)
    }

    /// Saves what this run noted so far, so that `latest` finds it too.
    public func refresh() throws {
        guard changed else { return }
        try save()
        earlier = try Self.open(path)
        noted = SortedLines(folder: folder, name: notedName, memoryLimit: 32 << 10)
        changed = false
    }

    private static func open(_ path: String) throws -> KeyedLines? {
        try KeyedLines.open(path, keyLength: keyLength, spacing: spacing) { $0.allSatisfy(HexDigit.isLowercase) }
    }

    /// The latest capture of `url` noted before this run.
    public func latest(of url: String) throws -> Capture? {
        try latest(key: SHA256.digest(url.utf8).hex)
    }

    /// The capture noted before this run under `key`, 64 lower-case hex digits.
    public func latest(key: String) throws -> Capture? {
        let capture = try lookup.latest(key: key)
        if capture != nil { use(key: key) }
        return capture
    }

    /// The captures noted before this run, as `latest(key:)` finds them, from any thread;
    /// `use(key:)` then says which the run found, for a pruning save.
    public var lookup: Lookup { Lookup(lines: earlier) }

    /// The captures noted before this run.
    public struct Lookup: Sendable {
        fileprivate let lines: KeyedLines?

        /// The capture under `key`, 64 lower-case hex digits.
        public func latest(key: String) throws -> Capture? {
            guard let line = try lines?.line(forKey: Array(key.utf8)) else { return nil }
            return ValidatedCaptures.capture(in: line)
        }
    }

    /// The run found the capture under `key`: a pruning save keeps it.
    public func use(key: String) {
        if used != nil, let prefix = UInt64(key.prefix(16), radix: 16) { used?.insert(prefix) }
    }

    /// The capture `line` notes, its fields read where they lie and written as a record
    /// names them, with no text made between: a run looks up a line for each file of its
    /// site (BENCHMARKS.md, "What each trick buys", row "a capture read where it lies").
    /// `nil` when the line is not one.
    static func capture(in line: ArraySlice<UInt8>) -> Capture? {
        let tab = UInt8(ascii: "\t")
        var at = line.startIndex + keyLength
        // The payload's 40 hex digits, the seconds, the record's 36-character UUID.
        guard line.count >= keyLength + 1 + 40 + 2 + 1 + 36, line[at] == tab else { return nil }
        at += 1
        var payload = [UInt8](repeating: 0, count: 20)
        for index in 0..<20 {
            guard let byte = HexDigit.byte(line[at], line[at + 1]) else { return nil }
            payload[index] = byte
            at += 2
        }
        guard line[at] == tab else { return nil }
        at += 1
        let negative = line[at] == UInt8(ascii: "-")
        if negative { at += 1 }
        var seconds: Int64 = 0
        let digitsStart = at
        while at < line.endIndex, at - digitsStart < 18, line[at] &- UInt8(ascii: "0") < 10 {
            seconds = seconds * 10 + Int64(line[at] &- UInt8(ascii: "0"))
            at += 1
        }
        guard at > digitsStart, line.endIndex - at > 36, line[at] == tab else { return nil }
        at += 1
        var record = Array("<urn:uuid:".utf8)
        record.reserveCapacity(47)
        for offset in 0..<36 {
            let byte = line[at + offset]
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                record.append(byte)
            } else {
                guard let value = HexDigit.value(byte) else { return nil }
                record.append(HexDigit.lowercase(value))
            }
        }
        record.append(UInt8(ascii: ">"))
        at += 36
        var uri: String?
        if at < line.endIndex {
            let rest = line[(at + 1)...]
            guard line[at] == tab, !rest.contains(tab) else { return nil }
            uri = String(decoding: rest, as: UTF8.self)
        }
        var date: [UInt8] = []
        date.reserveCapacity(20)
        UTCTime(Date(timeIntervalSince1970: TimeInterval(negative ? -seconds : seconds))).appendISO8601(to: &date)
        return Capture(
            digest: WARCRecord.digest(payload), date: String(decoding: date, as: UTF8.self), record: String(decoding: record, as: UTF8.self), uri: uri)
    }

    /// `url` was captured anew: a payload of SHA-1 `payload` (20 bytes), at `date`, in
    /// record `record`.
    public func note(_ url: String, payload: [UInt8], date: Date, record: UUID) throws {
        try note(key: SHA256.digest(url.utf8).hex, payload: payload, date: date, record: record)
    }

    /// A capture under `key` (64 lower-case hex digits): a payload of SHA-1 `payload` (20
    /// bytes), at `date`, in record `record`, about `uri` when given (no tab or line break).
    public func note(key: String, uri: String? = nil, payload: [UInt8], date: Date, record: UUID) throws {
        guard payload.count == 20, key.utf8.count == Self.keyLength else { return }
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        // Made as bytes: a run notes a line for each picture it fetches and each file its
        // site has anew.
        try noted.add { line in
            line += key.utf8
            line.append(UInt8(ascii: "\t"))
            for byte in payload {
                line.append(HexDigit.lowercase(byte >> 4))
                line.append(HexDigit.lowercase(byte & 15))
            }
            line.append(UInt8(ascii: "\t"))
            line += String(seconds).utf8
            line.append(UInt8(ascii: "\t"))
            line += record.uuidString.utf8
            if let uri {
                line.append(UInt8(ascii: "\t"))
                line += uri.utf8.filter { $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }
            }
        }
        changed = true
    }

    /// Writes the file anew, the captures noted in this run in place of the earlier ones of
    /// their URLs, when a capture was noted; `pruning` (with `keepingOnlyWhatIsUsed`), the
    /// earlier lines this run did not find left out.
    public func save(pruning: Bool = false) throws {
        let pruning = pruning && used != nil
        guard changed || (pruning && earlier != nil) else { return }
        let used = self.used ?? []
        try AtomicFile.write(toPath: path) { writer in
            let older = try earlier?.lines()
            var nextOlder = try older?.next()
            func key(_ line: [UInt8]) -> ArraySlice<UInt8> { line.prefix(Self.keyLength) }
            func writeLine(_ line: [UInt8]) throws { try writer.write(line + [0x0A]) }
            func writeOld(_ line: [UInt8]) throws {
                if pruning, let prefix = UInt64(String(decoding: line.prefix(16), as: UTF8.self), radix: 16), !used.contains(prefix) { return }
                try writeLine(line)
            }
            // `line` after the earlier lines whose keys come before its, in place of the
            // earlier one with its key.
            func write(_ line: [UInt8]) throws {
                while let old = nextOlder, key(old).lexicographicallyPrecedes(key(line)) {
                    try writeOld(old)
                    nextOlder = try older?.next()
                }
                if let old = nextOlder, key(old).elementsEqual(key(line)) { nextOlder = try older?.next() }
                try writeLine(line)
            }
            // A URL captured twice in the run: its later capture is kept.
            var newest: [UInt8]?
            try noted.eachInOrder { bytes in
                let line = Array(bytes)
                if let kept = newest, key(kept).elementsEqual(key(line)) {
                    if Self.seconds(of: kept) <= Self.seconds(of: line) { newest = line }
                    return
                }
                if let kept = newest { try write(kept) }
                newest = line
            }
            if let kept = newest { try write(kept) }
            while let old = nextOlder {
                try writeOld(old)
                nextOlder = try older?.next()
            }
        }
    }

    /// Every how many lines a key is kept in memory: a lookup reads the lines between two,
    /// about a kilobyte and a half (BENCHMARKS.md, "What each trick buys", row "keyed lines
    /// looked up where they lie").
    private static let spacing = 8

    /// A line's key: the URL's SHA-256 in lower-case hex.
    private static let keyLength = 64

    private static func seconds(of line: [UInt8]) -> Int64 {
        let parts = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
        return parts.count >= 4 ? Int64(String(decoding: parts[2], as: UTF8.self)) ?? 0 : 0
    }
}
