import Basics
import Foundation
import Hashing

/// The web archive as its writer's task holds it: the file being written, what earlier runs
/// captured, the first failure. Made for that task and used by it alone, so it is not
/// `Sendable`; the task takes each message of `ExchangeArchiver` in turn.
final class ArchiveWriting {
    private(set) var writer: WARCWriter?
    private let captures: ValidatedCaptures?
    /// The site's files recorded by earlier runs, by their bytes.
    let siteCaptures: ValidatedCaptures?
    let folder: String
    let newID: @Sendable () -> UUID
    private(set) var failure: String?
    /// Whether the run's site was recorded whole: the site's table then keeps only what it
    /// used.
    var siteRecorded = false

    init(writer: WARCWriter, captures: ValidatedCaptures?, siteCaptures: ValidatedCaptures?, newID: @escaping @Sendable () -> UUID) {
        self.writer = writer
        self.captures = captures
        self.siteCaptures = siteCaptures
        self.folder = writer.folder
        self.newID = newID
    }

    /// Takes the messages in the order sent until none can come; `written` is told of each
    /// transfer written (or let go of, once the archive stopped or was finished). Once the
    /// file is finished or thrown away, a later `finish` names no file and a later
    /// `discard` has nothing to throw away.
    func run(_ messages: AsyncStream<ExchangeArchiver.Message>, written: () -> Void) async {
        for await message in messages {
            switch message {
            case let .transfer(transfer):
                write(transfer)
                written()
            case let .failed(reason):
                fail(reason)
            case let .site(site, date, answer):
                record(site, date: date)
                answer.resume()
            case let .finish(answer):
                answer.resume(returning: finish())
            case let .discard(answer):
                writer?.discard()
                writer = nil
                answer.resume()
            }
        }
    }

    func fail(_ reason: String) {
        if failure == nil { failure = reason }
    }

    private func finish() -> Result<[String], ExchangeArchiver.Stop> {
        guard let current = writer else { return .success([]) }
        writer = nil
        if let failure {
            current.stop()
            return .failure(.init(description: failure))
        }
        do {
            try current.finish()
        } catch {
            return .failure(.init(description: ExchangeArchiver.reason(error, writing: folder)))
        }
        for (table, name) in [(captures, ValidatedCaptures.fileName), (siteCaptures, ValidatedCaptures.siteFileName)] {
            do {
                try table?.save(pruning: table === siteCaptures && siteRecorded)
            } catch {
                let path = folder + "/" + name
                return .failure(.init(description: ExchangeArchiver.reason(WARCFileFailure(path: path, error: error), writing: folder)))
            }
        }
        return .success(current.finished)
    }

    /// Writes `transfer`, unless the archive stopped, and lets go of its body.
    private func write(_ transfer: EndedTransfer) {
        var body = transfer.body
        defer { body?.discard() }
        guard let writer, failure == nil else { return }
        do {
            for (index, hop) in transfer.hops.enumerated() {
                let last = index == transfer.hops.count - 1
                try write(hop, body: last ? body : nil, ending: transfer.ending, cut: last ? transfer.ending.cut : nil, into: writer)
            }
        } catch {
            fail(ExchangeArchiver.reason(error, writing: folder + "/" + writer.currentName + ".open"))
        }
    }

    private func write(_ hop: EndedTransfer.Hop, body: BodySpool?, ending: EndedTransfer.Ending, cut: ExchangeCut?, into writer: WARCWriter) throws {
        let requestID = newID()
        let date = ending.date
        var shared: [WARCRecord.Field] = []
        if let address = ending.address { shared.append(.init("WARC-IP-Address", address)) }
        if let name = ending.protocolName { shared.append(.init("WARC-Protocol", name.lowercased() == "http/2" ? "h2" : name.lowercased())) }
        let url = hop.url.absoluteString
        let request = ExchangeArchiver.asHTTP11(hop.request)
        try writer.write(
            WARCRecord(kind: .request, id: requestID, date: date, targetURI: url, fields: shared, contentType: "application/http;msgtype=request"),
            block: .init(request))
        guard let status = hop.answer.first.flatMap(HTTPMessageHead.status(of:)) else { return }
        let lines = hop.answer.filter { !$0.isEmpty }
        let length = body?.length ?? 0
        guard let head = HTTPMessageHead.response(lines, bodyLength: length) else { return }
        var fields = [WARCRecord.Field("WARC-Concurrent-To", WARCRecord.reference(to: requestID))] + shared
        let id = newID()
        if status == 304 {
            try writeRevisit(id: id, url: url, head: head, date: date, fields: fields, into: writer)
            return
        }
        let mime = HTTPMessageHead.field("content-type", in: lines).map { String($0.split(separator: ";").first ?? "") } ?? "unk"
        // A whole picture is noted by its bytes' SHA-256, the name the site publishes it
        // under: the site's copy of the same bytes is then a revisit of this record.
        let isWholePicture = mime.hasPrefix("image/") && status == 200 && cut == nil && siteCaptures != nil
        let spooled = try body.map { try $0.block(head: head, storingBody: ExchangeArchiver.isCompressed(mime), withSHA256: isWholePicture) }
        let block = spooled?.block ?? .init(head)
        let payload = spooled?.payloadSHA1 ?? WARCWriter.Block.emptySHA1
        let digest = WARCRecord.digest(payload)
        fields.append(.init("WARC-Payload-Digest", digest))
        if let cut { fields.append(.init("WARC-Truncated", cut.rawValue)) }
        let record = WARCRecord(kind: .response, id: id, date: date, targetURI: url, fields: fields, contentType: "application/http;msgtype=response")
        try writer.write(record, block: block, capture: .init(url: url, mime: mime, status: status, payloadDigest: digest))
        if isWholePicture, let sha256 = spooled?.payloadSHA256 {
            try siteCaptures?.note(key: SHA256.hex(sha256), uri: url, payload: payload, date: date, record: id)
        }
        // A whole answer a later one may confirm with a 304.
        if (200..<300).contains(status), cut == nil, HTTPMessageHead.field("etag", in: lines) ?? HTTPMessageHead.field("last-modified", in: lines) != nil {
            try captures?.note(url, payload: payload, date: date, record: id)
        }
    }

    /// A 304 as a `revisit` record (profile server-not-modified) that names the capture it
    /// confirms and holds no HTTP head, then the 304's head as the server sent it in a
    /// `metadata` record that refers to the revisit. Replay tools (pywb, wabac.js) answer a
    /// revisit with the head it holds, if any, and the payload of the record it refers to:
    /// with the 304's head in it they replay an empty "304 Not Modified"; without, the
    /// confirmed answer, whole. The index line names no status, for the same reason: wabac.js
    /// takes a 304 there as an answer without a body. The `metadata` record names no target:
    /// pywb's indexer would list one that did as a capture of the URL.
    private func writeRevisit(id: UUID, url: String, head: [UInt8], date: Date, fields shared: [WARCRecord.Field], into writer: WARCWriter) throws {
        var fields = shared
        fields.append(.init("WARC-Profile", "http://netpreserve.org/warc/1.1/revisit/server-not-modified"))
        fields.append(.init("WARC-Refers-To-Target-URI", url))
        var digest = Self.emptyPayloadDigest
        if let confirmed = try captures?.latest(of: url) {
            digest = confirmed.digest
            fields += [.init("WARC-Refers-To", confirmed.record), .init("WARC-Refers-To-Date", confirmed.date), .init("WARC-Payload-Digest", digest)]
        }
        let revisit = WARCRecord(kind: .revisit, id: id, date: date, targetURI: url, fields: fields, contentType: nil)
        try writer.write(revisit, block: .empty, capture: .init(url: url, mime: "warc/revisit", status: nil, payloadDigest: digest))
        let reference = WARCRecord.reference(to: id)
        let answer = WARCRecord(
            kind: .metadata, id: newID(), date: date, targetURI: nil, fields: [.init("WARC-Concurrent-To", reference), .init("WARC-Refers-To", reference)],
            contentType: "application/http;msgtype=response")
        try writer.write(answer, block: .init(head))
    }

    /// An empty body's payload digest, as records write it.
    private static let emptyPayloadDigest = WARCRecord.digest(WARCWriter.Block.emptySHA1)
}
