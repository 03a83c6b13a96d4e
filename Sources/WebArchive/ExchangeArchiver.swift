import Basics
import FileSystem
import Foundation
import Hashing
import Synchronization

/// Writes every exchange of a run's HTTP transfers into its web archive: for each hop of a
/// transfer a `request` record and, once its answer's head came, a `response` record (a
/// `revisit` for a 304) tied to it by `WARC-Concurrent-To`. The last answer's body is kept
/// aside as it arrives (`BodySpool`) and written after its head; a redirect's body, which
/// libcurl does not hand over, is not kept. HTTP/2 exchanges are written as HTTP/1.1
/// messages, the protocol named in `WARC-Protocol`. An answer cut short (a limit, a timeout,
/// a broken connection) is marked `WARC-Truncated`.
///
/// One task owns the archive: the file being written, what earlier runs captured and the
/// first failure live in an `ArchiveWriting` made for that task alone. Everything else
/// reaches it as a message, in the order sent: each transfer once it ended (its
/// `TransferRecording` sends it, so copying a large body into the archive never holds up
/// whoever recorded it), a body that could not be kept aside, and at the end `finish` or
/// `discard`, answered once every transfer before it is written. Nothing waits for the
/// writer but those two: whoever starts transfers asks `isBehind` and holds new ones back
/// while too many ended ones wait to be written, so what they hold stays bounded when the
/// disk is slower than the network. The first failure (a full disk, a body that could not
/// be kept aside) stops the archive; `finish` tells it.
public final class ExchangeArchiver: Sendable {
    /// The archive's folder.
    public let folder: String
    private let inbox: AsyncStream<Message>.Continuation
    /// Transfers sent to the writer and not yet written.
    private let unwritten = Count()
    private let spools = Count()
    /// Bodies held in memory at once, all transfers together: a body that does not fit
    /// waits in a file (BENCHMARKS.md, "What each trick buys", row "the web archive's
    /// buffers kept small").
    private let budget: SpoolBudget
    private let clock: @Sendable () -> Date

    /// Transfers ended but not yet written past which the archive is behind.
    public static let backlog = 256

    enum Message: Sendable {
        case transfer(EndedTransfer)
        case failed(String)
        case site(PublishedSite, Date, CheckedContinuation<Void, Never>)
        case finish(CheckedContinuation<Result<[String], Stop>, Never>)
        case discard(CheckedContinuation<Void, Never>)
    }

    /// Why the archive is not whole.
    public struct Stop: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Archives into `writer`'s folder; `captures` says what a 304 confirms and
    /// `siteCaptures` which of the site's files earlier runs recorded, both kept up to date;
    /// `clock` dates the records, `newID` names them; bodies are held in memory up to
    /// `memoryBudget` bytes, all transfers together.
    public init(
        writer: sending WARCWriter, captures: sending ValidatedCaptures?, siteCaptures: sending ValidatedCaptures? = nil,
        clock: @escaping @Sendable () -> Date, newID: @escaping @Sendable () -> UUID, memoryBudget: Int = 1 << 20
    ) {
        folder = writer.folder
        budget = SpoolBudget(bytes: memoryBudget)
        self.clock = clock
        let (messages, inbox) = AsyncStream.makeStream(of: Message.self)
        self.inbox = inbox
        let writing = ArchiveWriting(writer: writer, captures: captures, siteCaptures: siteCaptures, newID: newID)
        let unwritten = self.unwritten
        Task.detached {
            await writing.run(messages) { unwritten.value.subtract(1, ordering: .relaxed) }
        }
    }

    deinit {
        inbox.finish()
    }

    /// Whether more ended transfers wait to be written than `backlog`: new ones should wait.
    public var isBehind: Bool { unwritten.value.load(ordering: .relaxed) >= Self.backlog }

    /// A transfer of `url` begins: its recording, to be told what is sent and received.
    public func begin(_ url: URL) -> TransferRecording {
        let number = spools.value.add(1, ordering: .relaxed).newValue
        return TransferRecording(archiver: self, url: url, date: clock(), spool: BodySpool(folder: folder, name: String(number), budget: budget))
    }

    /// Once every transfer has ended: writes what is left to write and finishes the file
    /// being written, with the captures, and names the files finished; unless the archive
    /// stopped, when that file, whose last record may be cut short, is closed as it is,
    /// unfinished, and the failure says why.
    /// Asked again, it names no file.
    public func finish() async -> Result<[String], Stop> {
        let outcome = await withCheckedContinuation { answer in
            if case .terminated = inbox.yield(.finish(answer)) { answer.resume(returning: .success([])) }
        }
        inbox.finish()
        return outcome
    }

    /// Records what the run published (`PublishedSite`) after every transfer sent before,
    /// dated now; done when it returns. A failure stops the archive, and `finish` tells it.
    public func record(_ site: PublishedSite) async {
        let date = clock()
        await withCheckedContinuation { answer in
            if case .terminated = inbox.yield(.site(site, date, answer)) { answer.resume() }
        }
    }

    /// Throws away the file being written, for a run that stopped before its first request;
    /// once the archive is finished, nothing.
    public func discard() async {
        await withCheckedContinuation { answer in
            if case .terminated = inbox.yield(.discard(answer)) { answer.resume() }
        }
        inbox.finish()
    }

    /// Hands an ended transfer to the writer; its body is let go of when the writer is gone.
    func send(_ transfer: EndedTransfer) {
        unwritten.value.add(1, ordering: .relaxed)
        if case .terminated = inbox.yield(.transfer(transfer)) {
            unwritten.value.subtract(1, ordering: .relaxed)
            var body = transfer.body
            body?.discard()
        }
    }

    /// Stops the archive for `reason`, unless it stopped already.
    func fail(_ reason: String) {
        inbox.yield(.failed(reason))
    }

    /// `error` in words, a full disk as the run says one, writing `path` unless the error
    /// names the file it failed on.
    public static func reason(_ error: any Error, writing path: String) -> String {
        if let failure = error as? WARCFileFailure { return reason(failure.error, writing: failure.path) }
        return OutOfSpace(writing: path, error).map { "\($0)" } ?? "\(error)"
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

    /// A number several threads count with.
    private final class Count: Sendable {
        let value = Atomic<Int>(0)
    }
}

/// How a transfer's last answer was cut short.
public enum ExchangeCut: String, Sendable {
    /// A limit stopped its body: the largest body allowed, or what is read of an error's.
    case length
    /// The time allowed ran out.
    case time
    /// The connection broke.
    case disconnect
    /// Anything else: the transfer was cancelled, or what received the body refused it.
    case unspecified
}

/// A transfer that ended, to be written: its hops, its last answer's body, how it ended.
struct EndedTransfer: Sendable {
    /// One hop: the request as sent and the answer's head lines as received.
    struct Hop: Sendable {
        var request: [UInt8]
        var answer: [String] = []
        var url: URL
    }

    /// When it began, where it went, over what, and why its last answer is not whole.
    struct Ending: Sendable {
        var date: Date
        var address: String?
        var protocolName: String?
        var cut: ExchangeCut?
    }

    let hops: [Hop]
    let body: BodySpool?
    let ending: Ending
}
