import CCurl
import FeedCore
import Foundation

/// The libcurl options of one transfer: its URL, limits, callbacks and headers.
extension CurlTransfer {
    func configure(_ easy: UnsafeMutableRawPointer, _ configuration: CurlEngine.Configuration) throws(HTTPClientError) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        var failed: Int32?
        func set(_ result: CURLcode) {
            if result != FS_CURLE_OK, failed == nil { failed = result }
        }
        set(fs_easy_setopt_string(easy, Int32(FS_CURLOPT_URL), request.url.absoluteString))
        set(fs_easy_setopt_long(easy, Int32(FS_CURLOPT_NOSIGNAL), 1))
        set(fs_easy_setopt_long(easy, Int32(FS_CURLOPT_FOLLOWLOCATION), 1))
        set(fs_easy_setopt_long(easy, Int32(FS_CURLOPT_MAXREDIRS), configuration.maxRedirects))
        set(Self.restrictToHTTP(easy))
        // No credentials from a URL: libcurl would send a redirect target's `user:password@`
        // as Basic authorization; this makes it refuse such a URL instead.
        set(fs_easy_setopt_long(easy, Int32(FS_CURLOPT_DISALLOW_USERNAME_IN_URL), 1))
        set(fs_easy_setopt_string(easy, Int32(FS_CURLOPT_USERAGENT), configuration.userAgent))
        set(fs_easy_setopt_long(easy, Int32(FS_CURLOPT_CONNECTTIMEOUT_MS), configuration.connectTimeout.milliseconds))
        set(fs_easy_setopt_long(easy, Int32(FS_CURLOPT_TIMEOUT_MS), configuration.requestTimeout.milliseconds))
        set(fs_easy_setopt_long(easy, Int32(FS_CURLOPT_LOW_SPEED_LIMIT), configuration.lowSpeedLimit))
        set(fs_easy_setopt_long(easy, Int32(FS_CURLOPT_LOW_SPEED_TIME), configuration.lowSpeedTime))
        set(fs_easy_setopt_pointer(easy, Int32(FS_CURLOPT_ERRORBUFFER), errorBuffer))
        set(fs_easy_setopt_callback(easy, Int32(FS_CURLOPT_HEADERFUNCTION), curlHeaderCallback))
        set(fs_easy_setopt_pointer(easy, Int32(FS_CURLOPT_HEADERDATA), context))
        set(fs_easy_setopt_callback(easy, Int32(FS_CURLOPT_WRITEFUNCTION), curlWriteCallback))
        set(fs_easy_setopt_pointer(easy, Int32(FS_CURLOPT_WRITEDATA), context))
        if request.acceptsCompression {
            // "" offers every decoder this libcurl has (gzip, br, zstd here), decoded before
            // the body callback, so the limit counts decoded bytes.
            set(fs_easy_setopt_string(easy, Int32(FS_CURLOPT_ACCEPT_ENCODING), ""))
        }
        if request.url.scheme?.lowercased() == "https" {
            // Wait for the HTTP/2 connection rather than open one connection per request.
            set(fs_easy_setopt_long(easy, Int32(FS_CURLOPT_PIPEWAIT), 1))
        }
        if let certificates {
            set(certificates.apply(to: easy))
        }
        if recording != nil {
            // The debug callback alone gives a request's head as sent; libcurl calls it only
            // when verbose, and with it set writes nothing of its own.
            set(fs_easy_setopt_debug(easy, curlDebugCallback))
            set(fs_easy_setopt_pointer(easy, Int32(FS_CURLOPT_DEBUGDATA), context))
            set(fs_easy_setopt_long(easy, Int32(FS_CURLOPT_VERBOSE), 1))
        }
        if !request.headers.isEmpty {
            for header in request.headers {
                // NULL when out of memory, the list so far left as it was (and still ours
                // to free): a request without its validators must not go out.
                guard let longer = curl_slist_append(headerList, header) else {
                    throw HTTPClientError.connectivity("libcurl could not hold the request's headers (out of memory)")
                }
                headerList = longer
            }
            set(fs_easy_setopt_pointer(easy, Int32(FS_CURLOPT_HTTPHEADER), UnsafeMutableRawPointer(headerList)))
        }
        if let failed {
            throw HTTPClientError.connectivity("libcurl refused an option: \(String(cString: curl_easy_strerror(failed)))")
        }
    }

    /// http and https only, for the request and every redirect. The `_STR` options are
    /// libcurl 7.85's; older ones know only the deprecated bit masks.
    private static func restrictToHTTP(_ easy: UnsafeMutableRawPointer) -> CURLcode {
        if fs_easy_setopt_string(easy, Int32(FS_CURLOPT_PROTOCOLS_STR), "http,https") == FS_CURLE_OK {
            return fs_easy_setopt_string(easy, Int32(FS_CURLOPT_REDIR_PROTOCOLS_STR), "http,https")
        }
        let web = FS_CURLPROTO_HTTP | FS_CURLPROTO_HTTPS
        let result = fs_easy_setopt_long(easy, Int32(FS_CURLOPT_PROTOCOLS), web)
        return result == FS_CURLE_OK ? fs_easy_setopt_long(easy, Int32(FS_CURLOPT_REDIR_PROTOCOLS), web) : result
    }
}

private let curlHeaderCallback: fs_curl_data_callback = { data, size, count, context in
    let length = size * count
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
    return transfer.receiveHeader(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

private let curlDebugCallback: fs_curl_debug_callback = { _, kind, data, size, context in
    guard kind == Int32(FS_CURLINFO_HEADER_OUT), let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    transfer.recording?.sent(requestHead: UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

private let curlWriteCallback: fs_curl_data_callback = { data, size, count, context in
    let length = size * count
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
    return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

extension Duration {
    /// Whole milliseconds, for libcurl's `_MS` options.
    var milliseconds: Int {
        Int(components.seconds) * 1000 + Int(components.attoseconds / 1_000_000_000_000_000)
    }
}
