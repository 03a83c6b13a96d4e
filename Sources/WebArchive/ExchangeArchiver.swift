import Basics
import Dispatch
import FileSystem
import Foundation
import HTTP
import Hashing

/// Writes every exchange of the HTTP engine into the run's web archive, as the engine's
/// recorder: for each hop of a transfer a `request` record and, once its answer's head came,
/// a `response` record (a `revisit` for a 304) tied to it by `WARC-Concurrent-To`. The last
/// answer's body is kept aside as it arrives (`BodySpool`) and written after its head; a
/// redirect's body, which libcurl does not hand over, is not kept. HTTP/2 exchanges are
/// written as HTTP/1.1 messages, the protocol named in `WARC-Protocol`. An answer cut short
/// (a limit, a timeout, a broken connection) is marked `WARC-Truncated`.
///
/// Records are written once transfers end, on a queue of the archiver's own, so copying a
/// large body into the archive never holds up the engine; transfers are handed to it a few
/// at a time, and those still waiting when the run ends are written by `finish`.
/// The first failure (a full disk, a body that could not be kept aside) stops the archive
/// and is kept for the run to report.
///
/// Sendable by its queue and its lock: the writer and the captures are used on `queue`
/// alone; the failure, the spools' count and the transfers waiting are read and changed
/// under `lock`; a transfer's spool belongs to its recording until it hands it over.
public final class ExchangeArchiver: HTTPExchangeRecorder, @unchecked Sendable {
    private let lock = NSLock()
    private let queue = DispatchQueue(label: "feedsite.web-archive")
    private var writer: WARCWriter?
    private let captures: ValidatedCaptures?
    private var firstFailure: String?
    private var spools = 0
    /// Transfers that ended, not yet handed to `queue`.
    private var waiting: [Ended] = []
    /// Bodies held in memory at once, all transfers together: a body that does not fit
    /// waits in a file (BENCHMARKS.md, "What each trick buys", row "the web archive's
    /// buffers kept small").
    private let budget = SpoolBudget(bytes: 1 << 20)
    /// Transfers ended but not yet written: the engine waits once this many are, so what
    /// they hold stays bounded when the disk is slower than the network.
    private let backlog = DispatchSemaphore(value: 256)
    fileprivate let folder: String
    private let clock: @Sendable () -> Date
    private let newID: @Sendable () -> UUID

    /// Archives into `writer`'s folder; `captures` says what a 304 confirms and is kept up
    /// to date; `clock` dates the records, `newID` names them.
    public init(writer: WARCWriter, captures: ValidatedCaptures?, clock: @escaping @Sendable () -> Date, newID: @escaping @Sendable () -> UUID) {
        folder = writer.folder
        self.writer = writer
        self.captures = captures
        self.clock = clock
        self.newID = newID
    }

    /// Why the archive stopped, `nil` while it goes on.
    public var failure: String? { lock.withLock { firstFailure } }

    public func begin(_ url: URL) -> any HTTPExchangeRecording {
        let number = lock.withLock {
            spools += 1
            return spools
        }
        return Recording(archiver: self, url: url, date: clock(), spoolName: String(number))
    }

    /// Once every transfer has ended: writes what is left to write and finishes the file
    /// being written, unless the archive stopped (`failure`): that file, whose last record
    /// may be cut short, is closed as it is, unfinished. The names of the files finished.
    public func finish() throws -> [String] {
        try queue.sync {
            write(takeWaiting())
            guard let current = writer else { return [] }
            writer = nil
            guard failure == nil else {
                current.stop()
                return current.finished
            }
            try current.finish()
            do {
                try captures?.save()
            } catch {
                throw WARCFileFailure(path: folder + "/" + ValidatedCaptures.fileName, error: error)
            }
            return current.finished
        }
    }

    /// Throws away the file being written, for a run that stopped before its first request.
    public func discard() {
        queue.sync {
            for transfer in takeWaiting() {
                transfer.body?.discard()
                backlog.signal()
            }
            writer?.discard()
            writer = nil
        }
    }

    /// Stops the archive for `reason`, unless it stopped already.
    func fail(_ reason: String) {
        lock.withLock { if firstFailure == nil { firstFailure = reason } }
    }

    /// One hop: the request as sent and the answer's head lines as received.
    struct Hop {
        var request: [UInt8]
        var answer: [String] = []
        var url: URL
    }

    /// A transfer that ended, to be written.
    private struct Ended {
        let hops: [Hop]
        let body: BodySpool?
        let ending: Ending
    }

    /// Hands transfers to `queue` this many at a time, so its thread is woken once for them
    /// all (BENCHMARKS.md, "What each trick buys", row "transfers handed to the writer 16 at
    /// a time"); `finish` writes those still waiting.
    private static let batch = 16

    fileprivate func archive(_ hops: [Hop], body: BodySpool?, ending: Ending) {
        backlog.wait()
        let ready: [Ended]? = lock.withLock {
            waiting.append(Ended(hops: hops, body: body, ending: ending))
            guard waiting.count >= Self.batch else { return nil }
            defer { waiting = [] }
            return waiting
        }
        if let ready { queue.async { [self] in write(ready) } }
    }

    /// The transfers not yet handed to `queue`, taken from `waiting`; on `queue`.
    private func takeWaiting() -> [Ended] {
        lock.withLock {
            defer { waiting = [] }
            return waiting
        }
    }

    /// Writes `transfers`, unless the archive stopped; on `queue`.
    private func write(_ transfers: [Ended]) {
        for transfer in transfers {
            defer {
                transfer.body?.discard()
                backlog.signal()
            }
            guard let writer, failure == nil else { continue }
            do {
                for (index, hop) in transfer.hops.enumerated() {
                    let last = index == transfer.hops.count - 1
                    try write(hop, body: last ? transfer.body : nil, ending: transfer.ending, cut: last ? transfer.ending.cut : nil, into: writer)
                }
            } catch {
                fail(Self.reason(error, writing: folder + "/" + writer.currentName + ".open"))
            }
        }
    }

    /// `error` in words, a full disk as the run says one, writing `path` unless the error
    /// names the file it failed on.
    public static func reason(_ error: any Error, writing path: String) -> String {
        if let failure = error as? WARCFileFailure { return reason(failure.error, writing: failure.path) }
        return OutOfSpace(writing: path, error).map { "\($0)" } ?? "\(error)"
    }

    /// How a transfer ended: when it began, where it went, over what, and why its last
    /// answer is not whole.
    struct Ending {
        var date: Date
        var address: String?
        var protocolName: String?
        var cut: HTTPExchangeCut?
    }

    private func write(_ hop: Hop, body: BodySpool?, ending: Ending, cut: HTTPExchangeCut?, into writer: WARCWriter) throws {
        let requestID = newID()
        let date = ending.date
        var shared: [WARCRecord.Field] = []
        if let address = ending.address { shared.append(.init("WARC-IP-Address", address)) }
        if let name = ending.protocolName { shared.append(.init("WARC-Protocol", name.lowercased() == "http/2" ? "h2" : name.lowercased())) }
        let url = hop.url.absoluteString
        let request = Self.asHTTP11(hop.request)
        try writer.write(
            WARCRecord(kind: .request, id: requestID, date: date, targetURI: url, fields: shared, contentType: "application/http;msgtype=request"),
            block: .init(request))
        guard let status = hop.answer.first.flatMap(HTTPMessageHead.status(of:)) else { return }
        let lines = hop.answer.filter { !$0.isEmpty }
        let length = body?.length ?? 0
        guard let head = HTTPMessageHead.response(lines, bodyLength: length) else { return }
        var fields = [WARCRecord.Field("WARC-Concurrent-To", WARCRecord.reference(to: requestID))] + shared
        let kind: WARCRecord.Kind = status == 304 ? .revisit : .response
        let id = newID()
        let mime =
            kind == .revisit ? "warc/revisit" : HTTPMessageHead.field("content-type", in: lines).map { String($0.split(separator: ";").first ?? "") } ?? "unk"
        let spooled = try body.map { try $0.block(head: head, storingBody: Self.isCompressed(mime)) }
        let block = spooled?.block ?? .init(head)
        let payload = spooled?.payloadSHA1 ?? Self.emptyDigest
        var digest = WARCRecord.digest(payload)
        if kind == .revisit {
            fields.append(.init("WARC-Profile", "http://netpreserve.org/warc/1.1/revisit/server-not-modified"))
            fields.append(.init("WARC-Refers-To-Target-URI", url))
            if let confirmed = try captures?.latest(of: url) {
                digest = confirmed.digest
                fields += [.init("WARC-Refers-To", confirmed.record), .init("WARC-Refers-To-Date", confirmed.date), .init("WARC-Payload-Digest", digest)]
            }
        } else {
            fields.append(.init("WARC-Payload-Digest", digest))
        }
        if let cut { fields.append(.init("WARC-Truncated", cut.rawValue)) }
        let record = WARCRecord(kind: kind, id: id, date: date, targetURI: url, fields: fields, contentType: "application/http;msgtype=response")
        try writer.write(record, block: block, capture: .init(url: url, mime: mime, status: status, payloadDigest: digest))
        // A whole answer a later one may confirm with a 304.
        if kind == .response, (200..<300).contains(status), cut == nil,
            HTTPMessageHead.field("etag", in: lines) ?? HTTPMessageHead.field("last-modified", in: lines) != nil
        {
            try captures?.note(url, payload: payload, date: date, record: id)
        }
    }

    /// Whether a body of media type `mime` is compressed already, so deflating it would cost
    /// time and save nothing: pictures, sound, video, archives (but not SVG, which is text).
    static func isCompressed(_ mime: String) -> Bool {
        let type = mime.lowercased()
        if type.hasPrefix("image/") { return type != "image/svg+xml" && type != "image/bmp" }
        return type.hasPrefix("video/") || type.hasPrefix("audio/")
            || ["application/zip", "application/gzip", "application/x-gzip", "application/zstd"].contains(type)
    }

    /// A request head whose request line names another version (`GET / HTTP/2`) as HTTP/1.1.
    static func asHTTP11(_ head: [UInt8]) -> [UInt8] {
        guard let end = head.firstIndex(of: UInt8(ascii: "\r")), let space = head[..<end].lastIndex(of: UInt8(ascii: " ")) else { return head }
        let version = head[(space + 1)..<end]
        guard version.starts(with: "HTTP/".utf8), !version.elementsEqual("HTTP/1.1".utf8) else { return head }
        return head[...space] + Array("HTTP/1.1".utf8) + head[end...]
    }

    /// The SHA-1 of no bytes, an empty body's payload digest.
    private static let emptyDigest = SHA1.hash([UInt8]())

    fileprivate func spool(named name: String) -> BodySpool {
        BodySpool(folder: folder, name: name, budget: budget)
    }
}

/// One transfer's exchanges as they come, on the engine's thread.
private final class Recording: HTTPExchangeRecording {
    private let archiver: ExchangeArchiver
    private var hops: [ExchangeArchiver.Hop] = []
    private let firstURL: URL
    private let date: Date
    private let spoolName: String
    private var body: BodySpool?
    private var bodyFailed = false

    init(archiver: ExchangeArchiver, url: URL, date: Date, spoolName: String) {
        self.archiver = archiver
        self.firstURL = url
        self.date = date
        self.spoolName = spoolName
    }

    func sent(requestHead: UnsafeRawBufferPointer) {
        var url = firstURL
        if let previous = hops.last, let location = HTTPMessageHead.field("location", in: previous.answer),
            let next = URL(string: location, relativeTo: previous.url)
        {
            url = next.absoluteURL
        }
        hops.append(.init(request: Array(requestHead), url: url))
    }

    func received(headerLine: String) {
        guard !hops.isEmpty else { return }
        // A 1xx answer's head before the real one: start the hop's answer over.
        if HTTPMessageHead.status(of: headerLine) != nil { hops[hops.count - 1].answer = [] }
        hops[hops.count - 1].answer.append(headerLine)
    }

    func received(body bytes: UnsafeRawBufferPointer) {
        guard !bodyFailed else { return }
        do {
            if body == nil { body = archiver.spool(named: spoolName) }
            try body?.append(bytes)
        } catch {
            bodyFailed = true
            let why = ExchangeArchiver.reason(error, writing: body?.path ?? archiver.folder)
            archiver.fail("cannot keep the body of \(hops.last?.url ?? firstURL) aside for the web archive: \(why)")
        }
    }

    func ended(address: String?, protocolName: String?, cut: HTTPExchangeCut?) {
        archiver.archive(hops, body: body, ending: .init(date: date, address: address, protocolName: protocolName, cut: cut))
        body = nil
    }
}
