import Basics
import CCurl
import FeedCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CurlTransfer {
    /// libcurl's error `code` for this transfer as a `TransportFailure`: its kind, and plain
    /// words for the user.
    func failure(_ code: CURLcode) -> TransportFailure {
        let detail = Self.detail(errorText)
        let osError = Int32(info(Int32(FS_CURLINFO_OS_ERRNO)))
        let detailText = detail.map { " (\($0))" } ?? ""
        switch Int(code) {
        case FS_CURLE_COULDNT_CONNECT:
            if osError == ECONNREFUSED { return TransportFailure(.refused, "connection refused") }
            return TransportFailure(.unreachable, "cannot connect to \(host)\(osError != 0 ? " (\(String(cString: strerror(osError))))" : "")")
        case FS_CURLE_COULDNT_RESOLVE_HOST:
            return TransportFailure(.unknownHost, "cannot find the host \(host)")
        case FS_CURLE_COULDNT_RESOLVE_PROXY, FS_CURLE_PROXY:
            return TransportFailure(.proxy, "proxy: \(detail ?? "cannot use it")")
        case FS_CURLE_OPERATION_TIMEDOUT:
            if errorText.hasPrefix("Operation too slow") {
                let limit = configuration.lowSpeedLimit
                let speed = limit % 1024 == 0 ? "\(limit / 1024) KiB/s" : "\(ByteCountText.describe(limit))/s"
                return TransportFailure(.timeout, "slower than \(speed) for \(configuration.lowSpeedTime) s")
            }
            if info64(Int32(FS_CURLINFO_CONNECT_TIME_T)) == 0 {
                return TransportFailure(.timeout, "no connection within \(configuration.connectTimeout.secondsText)")
            }
            return TransportFailure(.timeout, "timed out after \(configuration.requestTimeout.secondsText)")
        case FS_CURLE_PARTIAL_FILE:
            if let expected = expectedBodyBytes {
                return TransportFailure(
                    .closedEarly, "connection closed after \(ByteCountText.grouped(bodyBytesReceived)) of \(ByteCountText.describe(expected))")
            }
            return TransportFailure(.closedEarly, "connection closed after \(ByteCountText.describe(bodyBytesReceived)), before the answer ended")
        case FS_CURLE_GOT_NOTHING:
            return TransportFailure(.closedEarly, "connection closed without an answer")
        case FS_CURLE_RECV_ERROR, FS_CURLE_SEND_ERROR:
            if osError == ECONNRESET || errorText.contains("reset") { return TransportFailure(.reset, "connection reset") }
            return TransportFailure(.connectionLost, "connection lost\(detailText)")
        case FS_CURLE_HTTP2, FS_CURLE_HTTP2_STREAM:
            return TransportFailure(.streamFailed, "HTTP/2 stream failed\(detailText)")
        case FS_CURLE_PEER_FAILED_VERIFICATION:
            return TransportFailure(.tls, "TLS: certificate for \(host) not trusted (\(detail ?? "no detail")); for a private CA use --ca-file")
        case FS_CURLE_SSL_CONNECT_ERROR, FS_CURLE_SSL_CIPHER, FS_CURLE_SSL_CERTPROBLEM:
            return TransportFailure(.tls, "TLS: handshake with \(host) failed (\(detail ?? "no detail"))")
        case FS_CURLE_SSL_CACERT_BADFILE:
            return TransportFailure(.tls, "TLS: cannot load the trusted certificates (\(detail ?? "no detail"))")
        case FS_CURLE_TOO_MANY_REDIRECTS:
            return TransportFailure(.badRedirect, "more than \(configuration.maxRedirects) redirects")
        case FS_CURLE_UNSUPPORTED_PROTOCOL:
            return TransportFailure(.badRedirect, "redirected to a URL that is not http or https")
        case FS_CURLE_LOGIN_DENIED:
            // Every transfer refuses a URL with credentials, and a request's own URL has none
            // (the feed's are removed, `--api` refuses them): a redirect led to one.
            return TransportFailure(.badRedirect, "redirected to a URL with credentials (user:password@), which feedsite never sends")
        case FS_CURLE_BAD_CONTENT_ENCODING:
            return TransportFailure(.badAnswer, "undecodable compressed answer\(detailText)")
        case FS_CURLE_WEIRD_SERVER_REPLY:
            return TransportFailure(.badAnswer, "not an HTTP answer\(detailText)")
        default:
            return TransportFailure(.other, "\(String(cString: curl_easy_strerror(code)).lowercased())\(detailText)")
        }
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
