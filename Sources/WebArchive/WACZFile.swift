import Basics
import FileSystem
import Foundation
import Hashing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A web archive's folder packed as a WACZ 1.1.1 file, the one file ReplayWeb.page and pywb
/// open, whole on its own: every WARC file of the folder under `archive/`, their indexes
/// merged as ZipNum (`indexes/index.cdx.gz` and `indexes/index.idx`, `ZipNumIndex`),
/// `pages/pages.jsonl` (the site's pages with their words, then the API's feed pages in
/// feed order: `WACZPages`), `datapackage.json` (every file's size and SHA-256) and
/// `datapackage-digest.json`, in a ZIP whose entries are stored, not compressed, so a reader
/// fetches a record by its offset. Written whole or not at all; the same folder packs to the
/// same bytes (nothing reads a clock: `About.created` is the newest file's run).
public enum WACZFile {
    /// What the package says of itself.
    public struct About {
        public let title: String
        public let software: String
        /// The newest run's time: the package's and its entries' date.
        public let created: Date
        /// Where the API's feed pages begin (`https://api.example.org/v1/feed`).
        public let pagesPrefix: String

        public init(title: String, software: String, created: Date, pagesPrefix: String) {
            self.title = title
            self.software = software
            self.created = created
            self.pagesPrefix = pagesPrefix
        }
    }

    /// Packs the WARC files `warcs` of `folder` (finished, each with its index beside it,
    /// in the order given) into the WACZ at `path`. Working files go in `folder`, and are
    /// removed.
    public static func write(to path: String, folder: String, warcs: [String], about: About) throws {
        let working = folder + "/" + SortedLines.prefix + "wacz-"
        let (blocksPath, pagesPath) = (working + "index.cdx.gz", working + "pages.jsonl")
        defer {
            unlink(blocksPath)
            unlink(pagesPath)
        }
        let index = try ZipNumIndex(blocksAt: blocksPath)
        let indexes = warcs.map { folder + "/" + $0.dropLast(".warc.gz".count) + ".cdxj" }
        var pages = try WACZPages(feedPrefix: about.pagesPrefix, indexes: indexes)
        try SortedLines.merge(sortedFiles: indexes) { line in
            try index.add(line)
            pages.note(line)
        }
        try index.finish()
        try pages.write(to: pagesPath, records: WARCFileRecords(folder: folder), title: about.title)
        var parts: [(name: String, source: Source)] = warcs.map { ("archive/" + $0, .file(folder + "/" + $0)) }
        parts.append(("indexes/" + ZipNumIndex.blocksName, .file(blocksPath)))
        parts.append(("indexes/index.idx", .bytes(index.idx)))
        parts.append(("pages/pages.jsonl", .file(pagesPath)))
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

    /// The finished WARC files of `folder` (not those a killed run left `.open`), oldest
    /// first: their names begin with their runs' times.
    public static func warcFiles(in folder: String) throws -> [String] {
        try PlainFile.entries(inFolder: folder).map(\.name).filter { $0.hasPrefix("feedsite-") && $0.hasSuffix(".warc.gz") }.sorted()
    }

    /// No WARC file to pack.
    public struct NothingToPack: Error, CustomStringConvertible {
        public let folder: String
        public var description: String { "\(folder) holds no finished WARC file of feedsite's to pack" }
    }

    /// Packs every finished WARC file of `folder` into the WACZ at `path`, `software` its
    /// maker: its title and the feed pages it lists from the newest file's `warcinfo` (the
    /// API archived), its date that file's run. The files packed.
    @discardableResult
    public static func pack(folder: String, to path: String, software: String) throws -> [String] {
        let warcs = try warcFiles(in: folder)
        guard let newest = warcs.last, let created = runDate(of: newest) else { throw NothingToPack(folder: folder) }
        let api = try WARCFileRecords(folder: folder).firstRecordFields(of: newest)["api"] ?? ""
        let about = About(title: "feedsite: \(api)", software: software, created: created, pagesPrefix: api + "/feed")
        try write(to: path, folder: folder, warcs: warcs, about: about)
        return warcs
    }

    /// The run time a WARC file's name begins with (`feedsite-20261127T031751Z-00000.warc.gz`).
    static func runDate(of name: String) -> Date? {
        let parts = name.split(separator: "-")
        guard parts.count >= 3 else { return nil }
        let basic = Array(parts[1])
        guard basic.count == 16, basic[8] == "T", basic[15] == "Z" else { return nil }
        let text =
            String(basic[0..<4]) + "-" + String(basic[4..<6]) + "-" + String(basic[6..<8]) + "T" + String(basic[9..<11]) + ":"
            + String(basic[11..<13]) + ":" + String(basic[13..<15]) + "Z"
        return ISO8601Date.parse(text)
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

    private static func quoted(_ text: String) -> String {
        JSONText.quoted(text)
    }
}
