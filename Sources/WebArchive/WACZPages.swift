import Basics
import FileSystem
import Foundation

/// What a WACZ's `pages/pages.jsonl` lists, gathered from its index as the index is merged,
/// then written with what the records say:
/// - the site's pages: each distinct page (the bytes of an HTML `resource` record, with the
///   revisits that name them) once, at its newest capture, with its title and the words a
///   reader sees in it, newest first: a replay tool's text search reads no more than the
///   first MiB of the list, which then holds the newest words;
/// - then the API's feed pages, in feed order: page 1, then the page whose `after_id` is
///   page 1's last item, and so on, each at its newest capture, "Feed, page 1", ….
/// What it holds while the index goes by is a few strings a distinct page or feed page, never
/// a line a record.
struct WACZPages {
    struct Location {
        let file: String
        let offset: Int
        let length: Int
    }

    private struct Capture {
        let url: String
        let timestamp: String

        func isNewer(than other: Capture?) -> Bool {
            guard let other else { return true }
            return timestamp > other.timestamp
        }
    }

    /// The words of a page kept in the list, at most.
    static let textLimit = 2_000

    /// Where the API's feed pages begin (`https://api.example.org/v1/feed`), and that as an
    /// index key begins.
    private let feedPrefix: String
    private let feedKey: [UInt8]
    /// The newest capture of each page's bytes, by their payload digest.
    private var newest: [String: Capture] = [:]
    /// Where each page's bytes are stored, by their payload digest.
    private var stored: [String: Location] = [:]
    /// The newest whole answer of each feed page, by its URL.
    private var feedPages: [String: (timestamp: String, location: Location)] = [:]

    init(feedPrefix: String) {
        self.feedPrefix = feedPrefix
        var key: [UInt8] = []
        SURT.appendKey(of: feedPrefix, to: &key)
        feedKey = key
    }

    /// Takes note of the index line `line`, if it is of a page.
    mutating func note(_ line: UnsafeRawBufferPointer) {
        let keyEnd = line.firstIndex(of: UInt8(ascii: " ")) ?? line.count
        let key = UnsafeRawBufferPointer(rebasing: line[..<keyEnd])
        let isFeed = key.starts(with: feedKey)
        guard isFeed || key.last == UInt8(ascii: "/") || key.reversed().starts(with: "lmth.".utf8), let read = CDXJLine.read(line),
            let url = read.fields["url"], let digest = read.fields["digest"]
        else { return }
        let capture = Capture(url: url, timestamp: read.timestamp)
        let location = read.fields["filename"].flatMap { file in
            Int(read.fields["offset"] ?? "").flatMap { offset in Int(read.fields["length"] ?? "").map { Location(file: file, offset: offset, length: $0) } }
        }
        if isFeed {
            guard url.hasPrefix(feedPrefix), read.fields["status"] == "200", let location else { return }
            if capture.timestamp > feedPages[url]?.timestamp ?? "" { feedPages[url] = (capture.timestamp, location) }
            return
        }
        switch read.fields["mime"] {
        case "text/html" where read.fields["status"] == nil:
            if stored[digest] == nil, let location { stored[digest] = location }
        case "warc/revisit": break
        default: return
        }
        if capture.isNewer(than: newest[digest]) { newest[digest] = capture }
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
            for (capture, location) in sitePages() {
                let record = try records.record(in: location.file, offset: location.offset, length: location.length)
                let (title, text) = record.block.withUnsafeBytes { page in
                    (HTMLText.title(in: page).map { String(decoding: $0, as: UTF8.self) }, HTMLText.visibleText(in: page, limit: Self.textLimit))
                }
                try line([("url", capture.url), ("ts", Self.rfc3339(capture.timestamp)), ("title", title ?? capture.url), ("text", text)])
            }
            for (page, (url, timestamp)) in try feedOrder(records).enumerated() {
                try line([("url", url), ("ts", Self.rfc3339(timestamp)), ("title", "Feed, page \(page + 1)")])
            }
        }
    }

    /// The site's pages at their newest captures, newest first, then by URL.
    private func sitePages() -> [(capture: Capture, location: Location)] {
        stored.compactMap { digest, location in newest[digest].map { ($0, location) } }
            .sorted { first, second in
                first.capture.timestamp != second.capture.timestamp
                    ? first.capture.timestamp > second.capture.timestamp : first.capture.url < second.capture.url
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
