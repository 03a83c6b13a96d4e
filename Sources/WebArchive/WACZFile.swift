import Basics
import FileSystem
import Foundation
import Hashing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A run's web archive packed as a WACZ 1.1.1 file, the one file ReplayWeb.page and pywb
/// open: the run's WARC files under `archive/`, their indexes merged into
/// `indexes/index.cdx` (CDXJ), `pages/pages.jsonl` (the feed's pages as the API answered
/// them), `datapackage.json` (every file's size and SHA-256) and `datapackage-digest.json`,
/// in a ZIP whose entries are stored, not compressed, so a reader fetches a record by its
/// offset. Written whole or not at all.
public enum WACZFile {
    /// What the package says of itself.
    public struct About {
        public let title: String
        public let software: String
        public let created: Date
        /// Where the feed's pages begin: a captured URL beginning so is a page.
        public let pagesPrefix: String

        public init(title: String, software: String, created: Date, pagesPrefix: String) {
            self.title = title
            self.software = software
            self.created = created
            self.pagesPrefix = pagesPrefix
        }
    }

    /// Packs the WARC files `warcs` of `folder` (finished, each with its index beside it)
    /// into the WACZ at `path`. Working files go in `folder`, and are removed.
    public static func write(to path: String, folder: String, warcs: [String], about: About) throws {
        let indexPath = folder + "/" + SortedLines.prefix + "wacz-index"
        defer { unlink(indexPath) }
        let pages = try mergeIndexes(of: warcs, in: folder, into: indexPath, pagesPrefix: about.pagesPrefix)
        var parts: [(name: String, source: Source)] = warcs.map { ("archive/" + $0, .file(folder + "/" + $0)) }
        parts.append(("indexes/index.cdx", .file(indexPath)))
        parts.append(("pages/pages.jsonl", .bytes(pagesFile(pages))))
        var resources: [(name: String, facts: Facts)] = []
        for part in parts { resources.append((part.name, try facts(of: part.source))) }
        let package = Array(datapackage(resources, about: about).utf8)
        let digest = Array("{\n  \"path\": \"datapackage.json\",\n  \"hash\": \"sha256:\(SHA256.hexDigest(package))\"\n}\n".utf8)
        parts += [("datapackage.json", .bytes(package)), ("datapackage-digest.json", .bytes(digest))]
        resources += [("datapackage.json", try facts(of: .bytes(package))), ("datapackage-digest.json", try facts(of: .bytes(digest)))]
        try AtomicFile.write(toPath: path) { writer in
            var offset: UInt64 = 0
            var entries: [StoredZip.Entry] = []
            for (part, resource) in zip(parts, resources) {
                let entry = StoredZip.Entry(name: part.name, size: resource.facts.size, crc: resource.facts.crc, offset: offset)
                let header = StoredZip.localHeader(for: entry, date: about.created)
                try writer.write(header)
                switch part.source {
                case let .file(path): try writer.write(contentsOf: path)
                case let .bytes(bytes): try writer.write(bytes)
                }
                offset += UInt64(header.count) + entry.size
                entries.append(entry)
            }
            var directory: UInt64 = 0
            for entry in entries {
                let bytes = StoredZip.centralEntry(for: entry, date: about.created)
                try writer.write(bytes)
                directory += UInt64(bytes.count)
            }
            try writer.write(StoredZip.end(count: entries.count, directoryOffset: offset, directorySize: directory))
        }
    }

    /// A page of `pages.jsonl`.
    struct Page {
        let url: String
        let timestamp: String
    }

    private enum Source {
        case file(String)
        case bytes([UInt8])
    }

    private struct Facts {
        let size: UInt64
        let crc: UInt32
        let sha256: String
    }

    /// Merges the indexes beside `warcs` into one at `path`; the feed's pages they name.
    private static func mergeIndexes(of warcs: [String], in folder: String, into path: String, pagesPrefix: String) throws -> [Page] {
        let merged = SortedLines(folder: folder, name: "wacz")
        var pages: [Page] = []
        for warc in warcs {
            let reader = try LineReader(path: folder + "/" + warc.dropLast(".warc.gz".count) + ".cdxj")
            while let line = try reader.next() {
                try merged.add(line)
                if let page = page(in: String(decoding: line, as: UTF8.self), prefix: pagesPrefix) { pages.append(page) }
            }
        }
        try merged.write(to: path)
        return pages.sorted { ($0.timestamp, $0.url) < ($1.timestamp, $1.url) }
    }

    /// The page an index line names: a whole answer (200) to a URL that begins with `prefix`.
    static func page(in line: String, prefix: String) -> Page? {
        guard let brace = line.firstIndex(of: "{"),
            let fields = try? JSONSerialization.jsonObject(with: Data(line[brace...].utf8)) as? [String: String],
            let url = fields["url"], url.hasPrefix(prefix), fields["status"] == "200"
        else { return nil }
        let parts = line.split(separator: " ", maxSplits: 2)
        return parts.count == 3 ? Page(url: url, timestamp: String(parts[1])) : nil
    }

    /// `pages.jsonl`: its header, then a line a page, titled by its place in the feed.
    static func pagesFile(_ pages: [Page]) -> [UInt8] {
        var text = #"{"format": "json-pages-1.0", "id": "pages", "title": "The feed's pages"}"# + "\n"
        for (number, page) in pages.enumerated() {
            let line: [String: String] = ["id": "page-\(number + 1)", "url": page.url, "ts": rfc3339(page.timestamp), "title": "Feed, page \(number + 1)"]
            text += json(line) + "\n"
        }
        return Array(text.utf8)
    }

    private static func datapackage(_ resources: [(name: String, facts: Facts)], about: About) -> String {
        let listed = resources.map { name, facts in
            // A resource's name is its file's, in lower case (what the data package allows).
            #"    {"name": \#(quoted(String(name.split(separator: "/").last ?? "").lowercased())), "path": \#(quoted(name)), "hash": "sha256:\#(facts.sha256)", "bytes": \#(facts.size)}"#
        }
        return """
            {
              "profile": "data-package",
              "wacz_version": "1.1.1",
              "title": \(quoted(about.title)),
              "created": "\(ISO8601Date.format(about.created))",
              "software": \(quoted(about.software)),
              "resources": [
            \(listed.joined(separator: ",\n"))
              ]
            }

            """
    }

    /// A part's size, CRC-32 (for the ZIP) and SHA-256 (for the data package), in one reading.
    private static func facts(of source: Source) throws -> Facts {
        var crc: UInt32 = 0
        let checksum = { (chunk: UnsafeRawBufferPointer) in crc = CRC32.update(crc, chunk) }
        switch source {
        case let .bytes(bytes):
            bytes.withUnsafeBytes(checksum)
            return Facts(size: UInt64(bytes.count), crc: crc, sha256: SHA256.hexDigest(bytes))
        case let .file(path):
            guard let digest = try FileDigest.sha256(ofFileAtPath: path, reading: checksum) else { throw FileSystemError.fromErrno(ENOENT) }
            return Facts(size: UInt64(digest.byteCount), crc: crc, sha256: digest.sha256)
        }
    }

    /// `20261127031751` as RFC 3339: `2026-11-27T03:17:51Z`.
    private static func rfc3339(_ timestamp: String) -> String {
        let digits = Array(timestamp)
        guard digits.count == 14 else { return timestamp }
        let part = { (from: Int, to: Int) in String(digits[from..<to]) }
        return "\(part(0, 4))-\(part(4, 6))-\(part(6, 8))T\(part(8, 10)):\(part(10, 12)):\(part(12, 14))Z"
    }

    private static func json(_ fields: [String: String]) -> String {
        "{" + ["id", "url", "ts", "title"].compactMap { key in fields[key].map { "\(quoted(key)): \(quoted($0))" } }.joined(separator: ", ") + "}"
    }

    private static func quoted(_ text: String) -> String {
        JSONText.quoted(text)
    }
}
