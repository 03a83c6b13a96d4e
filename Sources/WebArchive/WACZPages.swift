import Basics
import FileSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a WACZ's `pages/pages.jsonl` lists, gathered from the indexes, then written with
/// what the records say:
/// - the site's pages as the newest run that recorded the site published them (the feed's
///   pages and each photo's), each at its capture, with its title and, for the first MiB
///   of words, the words a reader sees in it: a replay tool's text search reads no more
///   than the first MiB of the list;
/// - then the API's feed pages, in feed order: page 1, then the page whose `after_id` is
///   page 1's last item, and so on, each at its newest capture, "Feed, page 1", ….
/// It holds a few strings a page of the newest site and a feed page, never a line a record:
/// a folder of 30 runs of a 10,000-item feed has a million index lines.
struct WACZPages {
    struct Location {
        let file: String
        let offset: Int
        let length: Int
    }

    private struct Page {
        let url: String
        let timestamp: String
        let digest: String
    }

    /// Words of the pages listed, at most, in all.
    static let textBudget = 1 << 20
    /// Words of a page, at most.
    static let textLimit = 2_000

    /// Where the API's feed pages begin (`https://api.example.org/v1/feed`), and that as an
    /// index key begins.
    private let feedPrefix: String
    private let feedKey: [UInt8]
    /// The newest site's pages, in the order listed.
    private var pages: [Page] = []
    /// Where the bytes of each of those pages are stored, by their payload digest; an
    /// offset of -1 while their record is not found yet.
    private var stored: [String: Location] = [:]
    /// The newest whole answer of each feed page, by its URL.
    private var feedPages: [String: (timestamp: String, location: Location)] = [:]

    /// Looks for the site's pages in the indexes `indexes` (oldest first) from the newest:
    /// those of the newest one that holds any.
    init(feedPrefix: String, indexes: [String]) throws {
        self.feedPrefix = feedPrefix
        var key: [UInt8] = []
        SURT.appendKey(of: feedPrefix, to: &key)
        feedKey = key
        for index in indexes.reversed() {
            let reader = try LineReader(path: index)
            var found: [Page] = []
            while try reader.advance() {
                let line = reader.line
                guard Self.mayBePage(line), !line.starts(with: feedKey), let read = CDXJLine.read(line), Self.isSitePage(read),
                    let url = read.fields["url"], let digest = read.fields["digest"]
                else { continue }
                found.append(Page(url: url, timestamp: read.timestamp, digest: digest))
            }
            guard !found.isEmpty else { continue }
            pages = found.sorted { ($0.timestamp, $1.url) > ($1.timestamp, $0.url) }
            for page in pages where stored[page.digest] == nil { stored[page.digest] = Location(file: "", offset: -1, length: 0) }
            break
        }
    }

    /// A line whose key ends as a page's address does: `.html`, or a folder's `/`.
    private static func mayBePage(_ line: UnsafeRawBufferPointer) -> Bool {
        let keyEnd = line.firstIndex(of: UInt8(ascii: " ")) ?? line.count
        let key = UnsafeRawBufferPointer(rebasing: line[..<keyEnd])
        return key.last == UInt8(ascii: "/") || key.reversed().starts(with: "lmth.".utf8)
    }

    /// An HTML `resource` record, or a revisit (of the site's, by its place).
    private static func isSitePage(_ read: CDXJLine.Read) -> Bool {
        read.fields["status"] == nil && (read.fields["mime"] == "text/html" || read.fields["mime"] == "warc/revisit")
    }

    /// Takes note of the index line `line`: where a page's bytes are, a feed page.
    mutating func note(_ line: UnsafeRawBufferPointer) {
        let isFeed = line.starts(with: feedKey)
        guard isFeed || Self.mayBePage(line) else { return }
        if !isFeed {
            // Only the `resource` records of the newest site's pages' bytes are wanted.
            guard Self.contains(line, #""mime": "text/html""#), let read = CDXJLine.read(line), read.fields["status"] == nil,
                let digest = read.fields["digest"], stored[digest]?.offset == -1, let location = Self.location(read)
            else { return }
            stored[digest] = location
            return
        }
        guard let read = CDXJLine.read(line), let url = read.fields["url"], url.hasPrefix(feedPrefix), read.fields["status"] == "200",
            let location = Self.location(read)
        else { return }
        if read.timestamp > feedPages[url]?.timestamp ?? "" { feedPages[url] = (read.timestamp, location) }
    }

    private static func location(_ read: CDXJLine.Read) -> Location? {
        guard let file = read.fields["filename"], let offset = Int(read.fields["offset"] ?? ""), let length = Int(read.fields["length"] ?? "") else {
            return nil
        }
        return Location(file: file, offset: offset, length: length)
    }

    private static func contains(_ line: UnsafeRawBufferPointer, _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard let base = line.baseAddress, let first = needle.first, line.count >= needle.count else { return false }
        var at = 0
        while at <= line.count - needle.count, let found = memchr(base + at, Int32(first), line.count - needle.count + 1 - at) {
            at = UnsafeRawPointer(found) - base
            if memcmp(base + at, needle, needle.count) == 0 { return true }
            at += 1
        }
        return false
    }

    /// Writes the list to `path`, its pages' words read from `records`; `title` is the
    /// list's.
    func write(to path: String, records: WARCFileRecords, title: String) throws {
        try AtomicFile.write(toPath: path) { writer in
            try writer.write(Array(#"{"format": "json-pages-1.0", "id": "pages", "title": \#(JSONText.quoted(title)), "hasText": true}"#.utf8 + [0x0A]))
            var number = 0
            func line(_ fields: [(String, String)]) throws {
                number += 1
                let members = [("id", "page-\(number)")] + fields
                try writer.write(Array(("{" + members.map { "\(JSONText.quoted($0.0)): \(JSONText.quoted($0.1))" }.joined(separator: ", ") + "}\n").utf8))
            }
            var words = 0
            for page in pages {
                var fields = [("url", page.url), ("ts", Self.rfc3339(page.timestamp))]
                if let location = stored[page.digest], location.offset >= 0 {
                    let record = try records.record(in: location.file, offset: location.offset, length: location.length)
                    let (title, text) = record.block.withUnsafeBytes { bytes in
                        (
                            HTMLText.title(in: bytes).map { String(decoding: $0, as: UTF8.self) },
                            words < Self.textBudget ? HTMLText.visibleText(in: bytes, limit: Self.textLimit) : ""
                        )
                    }
                    fields.append(("title", title ?? page.url))
                    if !text.isEmpty {
                        fields.append(("text", text))
                        words += text.utf8.count
                    }
                }
                try line(fields)
            }
            for (page, (url, timestamp)) in try feedOrder(records).enumerated() {
                try line([("url", url), ("ts", Self.rfc3339(timestamp)), ("title", "Feed, page \(page + 1)")])
            }
        }
    }

    /// The feed pages along the `after_id` chain from the page without one, each with its
    /// capture's time.
    private func feedOrder(_ records: WARCFileRecords) throws -> [(url: String, timestamp: String)] {
        var byAfter: [String: String] = [:]
        var first: (url: String, timestamp: String)?
        for (url, page) in feedPages {
            if let after = Self.afterID(in: url) {
                if byAfter[after].map({ feedPages[$0]!.timestamp < page.timestamp || ($0 > url && feedPages[$0]!.timestamp == page.timestamp) }) ?? true {
                    byAfter[after] = url
                }
            } else if first.map({ $0.timestamp < page.timestamp || ($0.timestamp == page.timestamp && url < $0.url) }) ?? true {
                first = (url, page.timestamp)
            }
        }
        var order: [(url: String, timestamp: String)] = []
        var next = first
        while let page = next, order.count < feedPages.count, let location = feedPages[page.url]?.location {
            order.append(page)
            let record = try records.record(in: location.file, offset: location.offset, length: location.length)
            let items = (try? JSONReader.read(Data(record.httpBody)))?["items"]
            guard case let .array(list)? = items, let last = list.last?["id"]?.string, let url = byAfter[last] else { break }
            next = (url, feedPages[url]!.timestamp)
        }
        return order
    }

    /// The `after_id` a feed page's URL names, percent-decoded.
    private static func afterID(in url: String) -> String? {
        guard let query = url.split(separator: "?", maxSplits: 1).dropFirst().first else { return nil }
        for pair in query.split(separator: "&") where pair.hasPrefix("after_id=") {
            let value = pair.dropFirst("after_id=".count)
            return String(value).removingPercentEncoding ?? String(value)
        }
        return nil
    }

    /// `20261127031751` as RFC 3339: `2026-11-27T03:17:51Z`.
    static func rfc3339(_ timestamp: String) -> String {
        let digits = Array(timestamp)
        guard digits.count == 14 else { return timestamp }
        let part = { (from: Int, to: Int) in String(digits[from..<to]) }
        return "\(part(0, 4))-\(part(4, 6))-\(part(6, 8))T\(part(8, 10)):\(part(10, 12)):\(part(12, 14))Z"
    }
}
