import Basics
import CCurl
import FeedCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CurlEngine.Failure {
    /// A libcurl error code turned into plain words, with whether it is worth another try:
    /// connection refused, reset or closed early, and timeouts are; certificate errors,
    /// unknown hosts, redirect loops, limits and undecodable bodies are not.
    init(code: CURLcode, transfer: CurlTransfer, configuration: CurlEngine.Configuration) {
        let host = transfer.host
        let detail = Self.detail(transfer.errorText)
        let osError = Int32(transfer.info(Int32(FS_CURLINFO_OS_ERRNO)))
        func connectivity(_ reason: String, transient: Bool) -> (HTTPClientError, Bool) {
            (HTTPClientError(.connectivity, reason), transient)
        }
        func invalid(_ reason: String) -> (HTTPClientError, Bool) {
            (HTTPClientError(.invalidAnswer, reason), false)
        }
        let (error, transient): (HTTPClientError, Bool)
        switch Int(code) {
        case FS_CURLE_COULDNT_CONNECT:
            if osError == ECONNREFUSED {
                (error, transient) = connectivity("connection refused", transient: true)
            } else {
                (error, transient) = connectivity("cannot connect to \(host)\(osError != 0 ? " (\(String(cString: strerror(osError))))" : "")", transient: true)
            }
        case FS_CURLE_COULDNT_RESOLVE_HOST:
            (error, transient) = connectivity("cannot find the host \(host)", transient: false)
        case FS_CURLE_COULDNT_RESOLVE_PROXY, FS_CURLE_PROXY:
            (error, transient) = connectivity("proxy: \(detail ?? "cannot use it")", transient: false)
        case FS_CURLE_OPERATION_TIMEDOUT:
            if transfer.errorText.hasPrefix("Operation too slow") {
                let limit = configuration.lowSpeedLimit
                let speed = limit % 1024 == 0 ? "\(limit / 1024) KiB/s" : "\(ByteCountText.describe(limit))/s"
                (error, transient) = connectivity("slower than \(speed) for \(configuration.lowSpeedTime) s", transient: true)
            } else if transfer.info64(Int32(FS_CURLINFO_CONNECT_TIME_T)) == 0 {
                (error, transient) = connectivity("no connection within \(configuration.connectTimeout.secondsText)", transient: true)
            } else {
                (error, transient) = connectivity("timed out after \(configuration.requestTimeout.secondsText)", transient: true)
            }
        case FS_CURLE_PARTIAL_FILE:
            let received = ByteCountText.grouped(transfer.bodyBytesReceived)
            if let expected = transfer.expectedBodyBytes {
                (error, transient) = connectivity("connection closed after \(received) of \(ByteCountText.describe(expected))", transient: true)
            } else {
                (error, transient) = connectivity(
                    "connection closed after \(ByteCountText.describe(transfer.bodyBytesReceived)), before the answer ended", transient: true)
            }
        case FS_CURLE_GOT_NOTHING:
            (error, transient) = connectivity("connection closed without an answer", transient: true)
        case FS_CURLE_RECV_ERROR, FS_CURLE_SEND_ERROR:
            if osError == ECONNRESET || transfer.errorText.contains("reset") {
                (error, transient) = connectivity("connection reset", transient: true)
            } else {
                (error, transient) = connectivity("connection lost\(detail.map { " (\($0))" } ?? "")", transient: true)
            }
        case FS_CURLE_HTTP2, FS_CURLE_HTTP2_STREAM:
            (error, transient) = connectivity("HTTP/2 stream failed\(detail.map { " (\($0))" } ?? "")", transient: true)
        case FS_CURLE_PEER_FAILED_VERIFICATION:
            (error, transient) = connectivity(
                "TLS: certificate for \(host) not trusted (\(detail ?? "no detail")); for a private CA use --ca-file", transient: false)
        case FS_CURLE_SSL_CONNECT_ERROR, FS_CURLE_SSL_CIPHER, FS_CURLE_SSL_CERTPROBLEM:
            (error, transient) = connectivity("TLS: handshake with \(host) failed (\(detail ?? "no detail"))", transient: false)
        case FS_CURLE_SSL_CACERT_BADFILE:
            (error, transient) = connectivity("TLS: cannot load the trusted certificates (\(detail ?? "no detail"))", transient: false)
        case FS_CURLE_TOO_MANY_REDIRECTS:
            (error, transient) = invalid("more than \(configuration.maxRedirects) redirects")
        case FS_CURLE_UNSUPPORTED_PROTOCOL:
            (error, transient) = invalid("redirected to a URL that is not http or https")
        case FS_CURLE_LOGIN_DENIED:
            // Every transfer refuses a URL with credentials, and a request's own URL has none
            // (the feed's are removed, `--api` refuses them): a redirect led to one.
            (error, transient) = invalid("redirected to a URL with credentials (user:password@), which feedsite never sends")
        case FS_CURLE_BAD_CONTENT_ENCODING:
            (error, transient) = invalid("undecodable compressed answer\(detail.map { " (\($0))" } ?? "")")
        case FS_CURLE_WEIRD_SERVER_REPLY:
            (error, transient) = invalid("not an HTTP answer\(detail.map { " (\($0))" } ?? "")")
        default:
            let text = String(cString: curl_easy_strerror(code)).lowercased()
            (error, transient) = connectivity("\(text)\(detail.map { " (\($0))" } ?? "")", transient: false)
        }
        self.init(error: error, isTransient: transient)
    }

    /// libcurl's own explanation, without the prefixes that restate the kind of error.
    private static func detail(_ text: String) -> String? {
        var text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        for prefix in ["SSL certificate problem: ", "SSL peer certificate or SSH remote key was not OK: "] where text.hasPrefix(prefix) {
            text.removeFirst(prefix.count)
        }
        return text.isEmpty ? nil : text
    }
}

extension Duration {
    /// "30 s", "0.2 s": a duration as the network's messages give it.
    var secondsText: String {
        milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
    }
}
