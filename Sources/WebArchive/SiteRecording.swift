import Basics
import FileSystem
import Foundation
import Hashing
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ArchiveWriting {
    /// Records `site` into the file being written, its records dated `date`, unless the
    /// archive stopped; a failure stops the archive, as a transfer's would. The files are
    /// taken a batch at a time: their records are made side by side, one maker for each
    /// processor (reading, hashing, compressing, looking up what earlier runs recorded),
    /// then written in the manifest's order, as the run's other work is done by then
    /// (BENCHMARKS.md, "What each trick buys", row "the site's records made side by side").
    func record(_ site: PublishedSite, date: Date) {
        guard let writer, failure == nil, let siteCaptures else { return }
        do {
            // The pictures this run fetched, noted by their bytes, found too.
            try siteCaptures.refresh()
            let maker = SiteRecordMaker(site: site, date: date, earlier: siteCaptures.lookup, newID: newID)
            var batch: [PublishedSite.File] = []
            var batchBytes = 0
            func writeBatch() throws {
                for made in try maker.make(batch) {
                    for member in made.members { try writer.append(member: member.bytes, date: date, capture: member.capture) }
                    if made.foundEarlier { siteCaptures.use(key: made.key) }
                    if let new = made.new { try siteCaptures.note(key: made.key, uri: new.uri, payload: new.payload, date: date, record: new.record) }
                }
                batch.removeAll(keepingCapacity: true)
                batchBytes = 0
            }
            try site.files { file in
                batch.append(file)
                batchBytes += file.size
                if batch.count == SiteRecordMaker.batchFiles || batchBytes >= SiteRecordMaker.batchBytes { try writeBatch() }
            }
            try writeBatch()
            siteRecorded = true
        } catch {
            fail(ExchangeArchiver.reason(error, writing: folder + "/" + writer.currentName + ".open"))
        }
    }
}

/// Makes the records of a site's files: each a revisit of the capture of the same bytes an
/// earlier record of the folder holds, else a `resource` record of its bytes; a folder's
/// `index.html` also a revisit at the folder's address, since a web server serves it there.
struct SiteRecordMaker: Sendable {
    /// A batch holds at most this many files, and stops at the first that brings its bytes
    /// to `batchBytes`: what a batch holds in memory at once is about that much.
    static let batchFiles = 256
    static let batchBytes = 8 << 20

    let site: PublishedSite
    let date: Date
    let earlier: ValidatedCaptures.Lookup
    let newID: @Sendable () -> UUID
    private let dateText: String

    init(site: PublishedSite, date: Date, earlier: ValidatedCaptures.Lookup, newID: @escaping @Sendable () -> UUID) {
        self.site = site
        self.date = date
        self.earlier = earlier
        self.newID = newID
        dateText = UTCTime(date).iso8601
    }

    /// A file's records, made.
    struct Made: Sendable {
        var members: [(bytes: [UInt8], capture: WARCWriter.Capture)]
        /// The file's SHA-256, the site's table's key.
        let key: String
        /// Whether an earlier capture of its bytes was found.
        let foundEarlier: Bool
        /// A new capture of its bytes, for the table.
        let new: (uri: String, payload: [UInt8], record: UUID)?
    }

    /// The records of `files`, in their order.
    func make(_ files: [PublishedSite.File]) throws -> [Made] {
        let workers = min(files.count, max(1, ProcessInfo.processInfo.activeProcessorCount))
        guard workers > 1 else {
            let members = RecordMembers()
            return try files.map { try make($0, with: members) }
        }
        // Each maker takes every `workers`th file, so they share the large ones.
        let results = Mutex([Result<Made, any Error>?](repeating: nil, count: files.count))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let members = RecordMembers()
            let indices = Array(stride(from: worker, to: files.count, by: workers))
            let made = indices.map { index in Result { try make(files[index], with: members) } }
            results.withLock { slots in
                for (index, result) in zip(indices, made) { slots[index] = result }
            }
        }
        return try results.withLock { $0 }.map { try $0!.get() }
    }

    private func make(_ file: PublishedSite.File, with members: RecordMembers) throws -> Made {
        let address = site.address(of: file.path)
        let found = try earlier.latest(key: file.sha256)
        var made: Made
        let first: ValidatedCaptures.Capture
        if let found, found.uri != nil {
            made = Made(members: [try sameBytes(at: address, as: found, with: members)], key: file.sha256, foundEarlier: true, new: nil)
            first = found
        } else {
            let bytes = try read(file)
            let sha1 = SHA1.hash(bytes)
            let digest = WARCRecord.digest(sha1)
            let id = newID()
            let record = WARCRecord(
                kind: .resource, id: id, date: date, targetURI: address, fields: [.init("WARC-Payload-Digest", digest)], contentType: file.mediaType)
            let stored = ExchangeArchiver.isCompressed(file.mediaType) ? 0 : nil
            let member = try members.member(
                record, block: .init(length: bytes.count, sha1: sha1, storedFrom: stored) { write in try bytes.withUnsafeBytes { try write($0) } })
            let capture = WARCWriter.Capture(url: address, mime: String(file.mediaType.prefix { $0 != ";" }), status: nil, payloadDigest: digest)
            made = Made(members: [(member, capture)], key: file.sha256, foundEarlier: found != nil, new: (address, sha1, id))
            first = .init(digest: digest, date: dateText, record: WARCRecord.reference(to: id), uri: address)
        }
        if file.path == "index.html" || file.path.hasSuffix("/index.html") {
            made.members.append(try sameBytes(at: String(address.dropLast("index.html".count)), as: first, with: members))
        }
        return made
    }

    /// The file's bytes, read whole at the size the manifest gives: one allocation, one read.
    private func read(_ file: PublishedSite.File) throws -> [UInt8] {
        let path = site.folder + "/" + file.path
        let descriptor = try PlainFile.open(path, O_RDONLY | O_CLOEXEC)
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: file.size)
        var extra: UInt8 = 0
        guard try PlainFile.readAll(into: &bytes, from: descriptor, at: 0) == file.size, pread(descriptor, &extra, 1, off_t(file.size)) == 0 else {
            throw FileSystemError("\(path) is not as the site's manifest lists it: it changed since it was published", code: EIO)
        }
        return bytes
    }

    /// A `revisit` at `address` of the capture `earlier` of the same bytes, with no block:
    /// a replay tool answers it with that capture's content.
    private func sameBytes(
        at address: String, as earlier: ValidatedCaptures.Capture, with members: RecordMembers
    ) throws -> (bytes: [UInt8], capture: WARCWriter.Capture) {
        var fields: [WARCRecord.Field] = [
            .init("WARC-Profile", "http://netpreserve.org/warc/1.1/revisit/identical-payload-digest"),
            .init("WARC-Refers-To", earlier.record),
        ]
        if let uri = earlier.uri { fields.append(.init("WARC-Refers-To-Target-URI", uri)) }
        fields += [.init("WARC-Refers-To-Date", earlier.date), .init("WARC-Payload-Digest", earlier.digest)]
        let revisit = WARCRecord(kind: .revisit, id: newID(), date: date, targetURI: address, fields: fields, contentType: nil)
        return (try members.member(revisit, block: .empty), .init(url: address, mime: "warc/revisit", status: nil, payloadDigest: earlier.digest))
    }
}
