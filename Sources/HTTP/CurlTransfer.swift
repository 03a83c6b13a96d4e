import Basics
import CCurl
import FeedCore
import Foundation

/// One request on the engine's loop: its easy handle and the state its callbacks build
/// while libcurl runs it. Made, run and ended on the loop's thread alone (`CurlLoop`), so it
/// needs no lock; the task waiting for it is known by its ticket on the engine's board.
final class CurlTransfer {
    let ticket: Int
    let request: HTTPGet
    let sink: HTTPBodySink
    let host: String
    let configuration: CurlEngine.Configuration
    /// Kept while the handle lives: libcurl points at its bytes.
    let certificates: CertificateBundle?
    private(set) var easy: UnsafeMutableRawPointer?
    /// The request's extra headers, as libcurl holds them.
    var headerList: OpaquePointer?
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(FS_CURL_ERROR_SIZE))
    /// With a recorder, this transfer's exchanges as they happen.
    let recording: (any HTTPExchangeRecording)?

    // Built by the callbacks.
    private var head = Head()
    private var begun = false
    private var delivered = 0
    private var discarded = 0
    /// The body of a non-2xx answer grew past what is worth reading; the answer stands.
    private var abandonedBody = false
    /// The answer was larger than the request allows.
    private var overLimit = false
    /// Why a callback stopped the transfer: a limit, or the sink's own error.
    private var failure: Error?
    /// The final answer's head has arrived and no body will follow (a 304, a 204, an empty
    /// body): the transfer is complete, though libcurl may not notice until it runs again.
    private var endedWithHead = false

    /// The headers of the answer being received; a new status line (a redirect, a 1xx)
    /// starts over.
    private struct Head {
        var status = 0
        var contentType: String?
        var contentLength: Int?
        var etag: String?
        var lastModified: String?
        var retryAfter: String?
    }

    /// Most of a non-2xx body read (and dropped) to keep the connection for the next request.
    private static let discardLimit = 1024 * 1024

    init(ticket: Int, job: CurlEngine.Core.Job, configuration: CurlEngine.Configuration, certificates: CertificateBundle?) throws(HTTPClientError) {
        self.ticket = ticket
        self.request = job.request
        self.sink = job.sink
        self.host = job.request.url.host ?? ""
        self.configuration = configuration
        self.certificates = certificates
        self.recording = configuration.recorder?.begin(job.request.url)
        errorBuffer.initialize(repeating: 0, count: Int(FS_CURL_ERROR_SIZE))
        guard let easy = curl_easy_init() else { throw HTTPClientError.connectivity("libcurl could not create a transfer") }
        self.easy = easy
        try configure(easy, configuration)
    }

    deinit {
        if let easy { curl_easy_cleanup(easy) }
        if let headerList { curl_slist_free_all(headerList) }
        errorBuffer.deallocate()
    }

    /// Frees the easy handle once it left the multi handle.
    func releaseHandle() {
        if let easy { curl_easy_cleanup(easy) }
        easy = nil
        if let headerList { curl_slist_free_all(headerList) }
        headerList = nil
    }

    // MARK: - Callbacks

    func receiveHeader(_ line: UnsafeRawBufferPointer) -> Bool {
        if let recording { recording.received(headerLine: Self.lineText(line)) }
        guard let text = HeaderLine(line) else { return true }
        switch text {
        case let .status(code):
            head = Head(status: code)
            endedWithHead = false
        case let .field(name, value):
            switch name {
            case "content-type": head.contentType = value
            case "content-length": head.contentLength = Int(value)
            case "etag": head.etag = value
            case "last-modified": head.lastModified = value
            case "retry-after": head.retryAfter = value
            default: break
            }
        case .end:
            if isSuccess(head.status), let length = head.contentLength, length > request.maxBodyBytes {
                failure = tooLarge
                overLimit = true
                return false
            }
            endedWithHead = head.status == 304 || head.status == 204 || (head.status >= 200 && head.contentLength == 0)
        }
        return true
    }

    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        recording?.received(body: bytes)
        guard isSuccess(head.status) else {
            discarded += bytes.count
            if discarded > Self.discardLimit {
                abandonedBody = true
                return false
            }
            return true
        }
        do {
            if !begun {
                begun = true
                try sink.begin(answer(tries: 1))
            }
            guard delivered + bytes.count <= request.maxBodyBytes else {
                overLimit = true
                throw tooLarge
            }
            try sink.write(bytes)
            delivered += bytes.count
            return true
        } catch {
            failure = error
            return false
        }
    }

    /// Whether the engine should run libcurl again at once for this transfer: true once,
    /// after its head ended an answer without a body.
    func takeExtraTurn() -> Bool {
        defer { endedWithHead = false }
        return endedWithHead
    }

    private var tooLarge: HTTPClientError {
        HTTPClientError(.invalidAnswer, "answer larger than the \(ByteCountText.describe(request.maxBodyBytes)) limit \(request.limitName)")
    }

    private func isSuccess(_ status: Int) -> Bool {
        (200..<300).contains(status)
    }

    /// A header line as text, without its line break.
    private static func lineText(_ line: UnsafeRawBufferPointer) -> String {
        var end = line.count
        while end > 0, line[end - 1] == UInt8(ascii: "\n") || line[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return String(decoding: line[0..<end], as: UTF8.self)
    }

    /// Tells the recording the transfer ended, `failure` saying why when it did not answer:
    /// the address and protocol libcurl last used, and why its answer is not whole.
    func endRecording(failure: Error?) {
        guard let recording else { return }
        var address: String?
        var text: UnsafePointer<CChar>?
        if let easy, fs_easy_getinfo_string(easy, Int32(FS_CURLINFO_PRIMARY_IP), &text) == FS_CURLE_OK, let text, text.pointee != 0 {
            address = String(cString: text)
        }
        // CURL_HTTP_VERSION_1_0, 1_1, 2_0, 3 (curl.h).
        let version: String? =
            switch info(Int32(FS_CURLINFO_HTTP_VERSION)) {
            case 1: "HTTP/1.0"
            case 2: "HTTP/1.1"
            case 3: "HTTP/2"
            case 30: "HTTP/3"
            default: nil
            }
        recording.ended(address: address, protocolName: version, cut: cut(failure))
    }

    private func cut(_ failure: Error?) -> HTTPExchangeCut? {
        if overLimit || (failure == nil && abandonedBody) { return .length }
        guard let failure else { return nil }
        switch (failure as? TransportFailure)?.kind {
        case .timeout?: return .time
        case .closedEarly?, .reset?, .connectionLost?, .streamFailed?: return .disconnect
        default: return .unspecified
        }
    }

    // MARK: - Outcome

    /// The answer, or why there is none, once libcurl finished with `code`.
    func outcome(_ code: CURLcode) -> Result<HTTPAnswer, Error> {
        if code == FS_CURLE_OK || (abandonedBody && failure == nil) {
            if let easy {
                var status = 0
                if fs_easy_getinfo_long(easy, Int32(FS_CURLINFO_RESPONSE_CODE), &status) == FS_CURLE_OK, status > 0 { head.status = status }
            }
            if isSuccess(head.status), !begun {
                begun = true
                do {
                    try sink.begin(answer(tries: 1))
                } catch {
                    return .failure(error)
                }
            }
            return .success(answer(tries: 1))
        }
        if let failure { return .failure(failure) }
        return .failure(failure(code))
    }

    func answer(tries: Int) -> HTTPAnswer {
        var url = request.url
        if let easy, info(Int32(FS_CURLINFO_REDIRECT_COUNT)) > 0 {
            var effective: UnsafePointer<CChar>?
            if fs_easy_getinfo_string(easy, Int32(FS_CURLINFO_EFFECTIVE_URL), &effective) == FS_CURLE_OK, let effective,
                let parsed = URL(string: String(cString: effective))
            {
                url = parsed
            }
        }
        return HTTPAnswer(
            status: head.status, url: url, contentType: head.contentType, contentLength: head.contentLength, etag: head.etag,
            lastModified: head.lastModified, retryAfter: head.retryAfter, bodyBytes: delivered, tries: tries
        )
    }

    /// What the transfer received over the network, as it came (before any decoding): the
    /// headers of every answer it followed and the body of the last, whatever its status.
    var receivedBytes: Int { info(Int32(FS_CURLINFO_HEADER_SIZE)) + Int(info64(Int32(FS_CURLINFO_SIZE_DOWNLOAD_T))) }

    // What `failure(_:)` needs to explain an error.
    var errorText: String { String(cString: errorBuffer) }
    var bodyBytesReceived: Int { delivered }
    var expectedBodyBytes: Int? { head.contentLength }

    // `info` and `info64` answer 0 when libcurl does not: the handle is alive and what they
    // ask for (redirect count, the system's error number, connect time) is older than the
    // libcurl the engine needs anyway (7.68, for `curl_multi_wakeup`), so they do not fail;
    // were one to, 0 reads as "none" and only makes a message less precise.
    func info(_ name: Int32) -> Int {
        guard let easy else { return 0 }
        var value = 0
        return fs_easy_getinfo_long(easy, name, &value) == FS_CURLE_OK ? value : 0
    }

    func info64(_ name: Int32) -> Int64 {
        guard let easy else { return 0 }
        var value: Int64 = 0
        return fs_easy_getinfo_off(easy, name, &value) == FS_CURLE_OK ? value : 0
    }
}
