import CCurl
import FeedCore

/// libcurl's multi handle: the transfers in flight and the connections they share.
///
/// It is freed in `deinit`, when the last holder lets go, so no thread can wake or run a
/// freed handle: the engine's loop thread, the engine and every waiting transfer reach it
/// only through the engine's core, which holds it. The loop takes every easy handle out of
/// it before the loop ends.
final class CurlMulti: @unchecked Sendable {
    /// `curl_multi_wakeup` is the one call any thread may make; every other call belongs to
    /// the engine's loop thread.
    let handle: UnsafeMutableRawPointer

    /// A multi handle that multiplexes HTTP/2 and opens at most `maxConnections` at once.
    init(maxConnections: Int) throws(HTTPClientError) {
        guard let handle = curl_multi_init() else { throw HTTPClientError.connectivity("libcurl could not create its transfer engine") }
        self.handle = handle
        try set(FS_CURLMOPT_PIPELINING, FS_CURLPIPE_MULTIPLEX, "HTTP/2 multiplexing")
        try set(FS_CURLMOPT_MAX_TOTAL_CONNECTIONS, maxConnections, "the connection limit")
        try set(FS_CURLMOPT_MAXCONNECTS, maxConnections, "the connection cache's size")
        // The loop relies on waking up at once when a request arrives or is cancelled; a
        // libcurl that cannot (no wakeup socket) is refused here rather than found slow later.
        // The byte this leaves only makes the loop's first wait return at once.
        let woken = curl_multi_wakeup(handle)
        guard woken == FS_CURLM_OK else {
            throw HTTPClientError.connectivity("libcurl cannot wake its transfer engine: \(Self.reason(woken))")
        }
    }

    deinit {
        // Fails only for a handle that is not a multi handle, or when called from within
        // one of libcurl's callbacks; neither can happen here, and nothing could be done.
        _ = curl_multi_cleanup(handle)
    }

    /// Makes a `curl_multi_poll` under way (or the next one) return at once. It cannot fail
    /// once `init` has woken the handle: libcurl reports a full wakeup socket as success, as
    /// a wakeup is then already pending. Were it to fail anyway, the loop would still turn
    /// within its longest wait (`Core.longestWait`).
    func wakeUp() {
        _ = curl_multi_wakeup(handle)
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
