import Basics
import FileSystem
import Foundation
import Hashing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a run published, as its web archive records it: each file as a `resource` record
/// at its address under `base`, or, when an earlier record of the folder holds its bytes, as
/// a `revisit` (profile identical-payload-digest) naming that record, so the archive grows
/// by what changed. A folder's `index.html` is also recorded at the folder's address, as a
/// revisit of the file's record, since a web server serves it there.
public struct PublishedSite: Sendable {
    /// A file of the site, as its manifest lists it.
    public struct File: Sendable {
        public let path: String
        public let size: Int
        /// Its bytes' SHA-256, in lower-case hex.
        public let sha256: String
        public let mediaType: String

        public init(path: String, size: Int, sha256: String, mediaType: String) {
            self.path = path
            self.size = size
            self.sha256 = sha256
            self.mediaType = mediaType
        }
    }

    /// The folder the files are in.
    public let folder: String
    /// The address of the folder, ending in "/".
    public let base: String
    /// Hands each file to its argument, one at a time.
    public let files: @Sendable ((File) throws -> Void) throws -> Void

    public init(folder: String, base: String, files: @escaping @Sendable ((File) throws -> Void) throws -> Void) {
        self.folder = folder
        self.base = base.hasSuffix("/") ? base : base + "/"
        self.files = files
    }

    /// The address of the file at `path`: `base` and the path, each byte outside what a
    /// URL's path holds as it is percent-encoded.
    public func address(of path: String) -> String {
        // Most paths need no encoding: the site names its files itself.
        if path.utf8.allSatisfy(Self.isPlain) { return base + path }
        var out = base
        for byte in path.utf8 {
            if Self.isPlain(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(Unicode.Scalar(HexDigit.uppercase(byte >> 4)))
                out.unicodeScalars.append(Unicode.Scalar(HexDigit.uppercase(byte & 15)))
            }
        }
        return out
    }

    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "-._~/!$&'()*+,;=:@".utf8.contains(byte)
        }
    }
}

extension ArchiveWriting {
    /// Records `site` into the file being written, its records dated `date`, unless the
    /// archive stopped; a failure stops the archive, as a transfer's would.
    func record(_ site: PublishedSite, date: Date) {
        guard let writer, failure == nil, let siteCaptures else { return }
        do {
            // The pictures this run fetched, noted by their bytes, found too.
            try siteCaptures.refresh()
            try site.files { file in
                let address = site.address(of: file.path)
                let first = try recordFile(file, at: address, in: site, date: date, writer: writer, captures: siteCaptures)
                if file.path == "index.html" || file.path.hasSuffix("/index.html") {
                    try writeSameBytes(at: String(address.dropLast("index.html".count)), as: first, date: date, into: writer)
                }
            }
            siteRecorded = true
        } catch {
            fail(ExchangeArchiver.reason(error, writing: folder + "/" + writer.currentName + ".open"))
        }
    }

    /// Writes the file's record: a revisit of the capture of the same bytes noted before
    /// this run, else a `resource` record of its bytes, noted. The capture it is, or names.
    private func recordFile(
        _ file: PublishedSite.File, at address: String, in site: PublishedSite, date: Date, writer: WARCWriter, captures: ValidatedCaptures
    ) throws -> ValidatedCaptures.Capture {
        if let earlier = try captures.latest(key: file.sha256), earlier.uri != nil {
            try writeSameBytes(at: address, as: earlier, date: date, into: writer)
            return earlier
        }
        // Read whole at the size the manifest gives: one allocation, one read.
        let path = site.folder + "/" + file.path
        let descriptor = try PlainFile.open(path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: file.size)
        var extra: UInt8 = 0
        guard try PlainFile.readAll(into: &bytes, from: descriptor, at: 0) == file.size, pread(descriptor, &extra, 1, off_t(file.size)) == 0 else {
            throw FileSystemError("\(path) is not as the site's manifest lists it: it changed since it was published", code: EIO)
        }
        let sha1 = SHA1.hash(bytes)
        let digest = WARCRecord.digest(sha1)
        let id = newID()
        let record = WARCRecord(
            kind: .resource, id: id, date: date, targetURI: address, fields: [.init("WARC-Payload-Digest", digest)], contentType: file.mediaType)
        let stored = ExchangeArchiver.isCompressed(file.mediaType) ? 0 : nil
        try writer.write(
            record, block: .init(length: bytes.count, sha1: sha1, storedFrom: stored) { write in try bytes.withUnsafeBytes { try write($0) } },
            capture: .init(url: address, mime: String(file.mediaType.prefix { $0 != ";" }), status: nil, payloadDigest: digest))
        try captures.note(key: file.sha256, uri: address, payload: sha1, date: date, record: id)
        return .init(digest: digest, date: UTCTime(date).iso8601, record: WARCRecord.reference(to: id), uri: address)
    }

    /// A `revisit` at `address` of the capture `earlier` of the same bytes, with no block:
    /// a replay tool answers it with that capture's content.
    private func writeSameBytes(at address: String, as earlier: ValidatedCaptures.Capture, date: Date, into writer: WARCWriter) throws {
        var fields: [WARCRecord.Field] = [
            .init("WARC-Profile", "http://netpreserve.org/warc/1.1/revisit/identical-payload-digest"),
            .init("WARC-Refers-To", earlier.record),
        ]
        if let uri = earlier.uri { fields.append(.init("WARC-Refers-To-Target-URI", uri)) }
        fields += [.init("WARC-Refers-To-Date", earlier.date), .init("WARC-Payload-Digest", earlier.digest)]
        let revisit = WARCRecord(kind: .revisit, id: newID(), date: date, targetURI: address, fields: fields, contentType: nil)
        try writer.write(revisit, block: .init([]), capture: .init(url: address, mime: "warc/revisit", status: nil, payloadDigest: earlier.digest))
    }
}
