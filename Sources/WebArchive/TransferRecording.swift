import Foundation

/// One transfer's exchanges as they come, told in order by whoever runs the transfer: a
/// request's head, then its answer's, for each hop of its redirects, then the last answer's
/// body, then its end, which sends the transfer to the archive's writer. Used by one thread;
/// not `Sendable`.
public final class TransferRecording {
    private let archiver: ExchangeArchiver
    private var hops: [EndedTransfer.Hop] = []
    private let firstURL: URL
    private let date: Date
    /// The last answer's body, kept aside as it comes; `nil` once handed on.
    private var body: BodySpool?
    private var bodyFailed = false
    private var bodyBegun = false

    init(archiver: ExchangeArchiver, url: URL, date: Date, spool: BodySpool) {
        self.archiver = archiver
        self.firstURL = url
        self.date = date
        self.body = spool
    }

    /// A transfer dropped before it ended keeps nothing aside.
    deinit {
        body?.discard()
    }

    /// The head of a request as sent, its lines ended by CRLF and the blank line after them.
    public func sent(requestHead: UnsafeRawBufferPointer) {
        var url = firstURL
        if let previous = hops.last, let location = HTTPMessageHead.field("location", in: previous.answer),
            let next = URL(string: location, relativeTo: previous.url)
        {
            url = next.absoluteURL
        }
        hops.append(.init(request: Array(requestHead), url: url))
    }

    /// A line of an answer's head as received, its line break taken off: a status line
    /// begins an answer (a redirect's, then the next), an empty line ends its head.
    public func received(headerLine: String) {
        guard !hops.isEmpty else { return }
        // A 1xx answer's head before the real one: start the hop's answer over.
        if HTTPMessageHead.status(of: headerLine) != nil { hops[hops.count - 1].answer = [] }
        hops[hops.count - 1].answer.append(headerLine)
    }

    /// Bytes of the last answer's body, decoded as the client asked, of any status.
    public func received(body bytes: UnsafeRawBufferPointer) {
        guard !bodyFailed, body != nil else { return }
        do {
            bodyBegun = true
            try body?.append(bytes)
        } catch {
            bodyFailed = true
            let why = ExchangeArchiver.reason(error, writing: body?.path ?? archiver.folder)
            archiver.fail("cannot keep the body of \(hops.last?.url ?? firstURL) aside for the web archive: \(why)")
        }
    }

    /// The transfer ended: the address it last reached, its protocol (`HTTP/1.1`, `HTTP/2`),
    /// and why its last answer is not whole, `nil` when it is (or none came).
    public func ended(address: String?, protocolName: String?, cut: ExchangeCut?) {
        // A spool that took no bytes holds neither memory nor a file.
        let kept = bodyBegun ? body : nil
        body = nil
        archiver.send(EndedTransfer(hops: hops, body: kept, ending: .init(date: date, address: address, protocolName: protocolName, cut: cut)))
    }
}
