import CCurl

/// libcurl's global set-up, once per process, before the first handle.
enum Curl {
    static let isReady: Bool = curl_global_init(Int(FS_CURL_GLOBAL_ALL)) == FS_CURLE_OK
}
