import CCurl
import FeedCore

/// libcurl's multi handle: the transfers in flight and the connections they share. It
/// belongs to the engine's loop (`CurlLoop`), which alone calls it, and is freed with it.
final class CurlMulti {
    let handle: UnsafeMutableRawPointer

    /// A multi handle that multiplexes HTTP/2 and opens at most `maxConnections` at once.
    init(maxConnections: Int) throws(HTTPClientError) {
        guard let handle = curl_multi_init() else { throw HTTPClientError.connectivity("libcurl could not create its transfer engine") }
        self.handle = handle
        try set(FS_CURLMOPT_PIPELINING, FS_CURLPIPE_MULTIPLEX, "HTTP/2 multiplexing")
        try set(FS_CURLMOPT_MAX_TOTAL_CONNECTIONS, maxConnections, "the connection limit")
        try set(FS_CURLMOPT_MAXCONNECTS, maxConnections, "the connection cache's size")
    }

    deinit {
        // Fails only for a handle that is not a multi handle, or when called from within
        // one of libcurl's callbacks; neither can happen here, and nothing could be done.
        _ = curl_multi_cleanup(handle)
    }

    /// Waits until one of libcurl's sockets or `descriptor` is ready to read, libcurl's next
    /// timer is due, or `milliseconds` passed.
    func poll(alsoWatching descriptor: Int32, milliseconds: Int32) -> CURLMcode {
        // libcurl's `struct curl_waitfd`: the descriptor (an int), the events to watch for
        // (CURL_WAIT_POLLIN, 1) and the events seen, two shorts; a tuple of these is laid out
        // as that struct.
        var watched: (fd: Int32, events: Int16, revents: Int16) = (descriptor, 1, 0)
        return withUnsafeMutableBytes(of: &watched) { curl_multi_poll(handle, $0.baseAddress, 1, milliseconds, nil) }
    }

    /// libcurl's words for a multi interface error: "Out of memory".
    static func reason(_ code: CURLMcode) -> String {
        String(cString: curl_multi_strerror(code))
    }

    private func set(_ option: Int, _ value: Int, _ name: String) throws(HTTPClientError) {
        let result = fs_multi_setopt_long(handle, Int32(option), value)
        guard result == FS_CURLM_OK else {
            throw HTTPClientError.connectivity("libcurl refused \(name): \(Self.reason(result))")
        }
    }
}
