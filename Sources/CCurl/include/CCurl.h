#ifndef FEEDSITE_CCURL_H
#define FEEDSITE_CCURL_H

// Our own declarations of the few libcurl functions and constants feedsite uses, so the
// package builds where libcurl's headers are not installed (only `libcurl.so.4`, which the
// Swift toolchain's Foundation already needs). Names, numbers and signatures are libcurl's
// public ABI (curl/curl.h, curl/multi.h), which has not broken since SONAME 4 (2006).
//
// `curl_easy_setopt` and `curl_easy_getinfo` are variadic, which Swift cannot call; the
// `fs_` functions below wrap them with one fixed argument type each.

#include <stddef.h>
#include <stdint.h>

typedef void CURL;
typedef void CURLM;
typedef int CURLcode;
typedef int CURLMcode;

struct curl_slist;

// Global and easy interface.
CURLcode curl_global_init(long flags);
CURL *curl_easy_init(void);
void curl_easy_cleanup(CURL *handle);
const char *curl_easy_strerror(CURLcode code);
char *curl_version(void);
struct curl_slist *curl_slist_append(struct curl_slist *list, const char *string);
void curl_slist_free_all(struct curl_slist *list);

// Multi interface.
CURLM *curl_multi_init(void);
CURLMcode curl_multi_cleanup(CURLM *multi);
CURLMcode curl_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode curl_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode curl_multi_perform(CURLM *multi, int *running);
CURLMcode curl_multi_poll(CURLM *multi, void *extra_fds, unsigned int extra_nfds, int timeout_ms, int *numfds);
CURLMcode curl_multi_wakeup(CURLM *multi);
const char *curl_multi_strerror(CURLMcode code);

// Callbacks.
typedef size_t (*fs_curl_data_callback)(char *data, size_t size, size_t count, void *context);

// Non-variadic wrappers (CCurl.c).
CURLcode fs_easy_setopt_long(CURL *handle, int option, long value);
CURLcode fs_easy_setopt_pointer(CURL *handle, int option, void *value);
CURLcode fs_easy_setopt_string(CURL *handle, int option, const char *value);
CURLcode fs_easy_setopt_callback(CURL *handle, int option, fs_curl_data_callback callback);
// CURLOPT_DEBUGFUNCTION's callback: what libcurl sends and receives, by kind
// (FS_CURLINFO_HEADER_OUT: a request's head as sent).
typedef int (*fs_curl_debug_callback)(CURL *handle, int kind, char *data, size_t size, void *context);
CURLcode fs_easy_setopt_debug(CURL *handle, fs_curl_debug_callback callback);
/// `CURLOPT_*_BLOB` with `CURL_BLOB_NOCOPY`: the bytes must outlive the handle.
CURLcode fs_easy_setopt_blob(CURL *handle, int option, const void *bytes, size_t length);
CURLcode fs_easy_getinfo_long(CURL *handle, int info, long *value);
CURLcode fs_easy_getinfo_off(CURL *handle, int info, int64_t *value);
CURLcode fs_easy_getinfo_string(CURL *handle, int info, const char **value);
CURLMcode fs_multi_setopt_long(CURLM *multi, int option, long value);
/// The next finished transfer from `curl_multi_info_read`: 1 with `handle` and `result`
/// set, or 0 when none is left.
int fs_multi_next_done(CURLM *multi, CURL **handle, CURLcode *result);

// Constants (curl/curl.h and curl/multi.h).
enum {
    FS_CURL_GLOBAL_ALL = 3,

    // Easy options: a type base (long 0, object 10000, function 20000, off_t 30000,
    // blob 40000) plus the option's number.
    FS_CURLOPT_WRITEDATA = 10001,
    FS_CURLOPT_URL = 10002,
    FS_CURLOPT_ERRORBUFFER = 10010,
    FS_CURLOPT_WRITEFUNCTION = 20011,
    FS_CURLOPT_USERAGENT = 10018,
    FS_CURLOPT_LOW_SPEED_LIMIT = 19,
    FS_CURLOPT_LOW_SPEED_TIME = 20,
    FS_CURLOPT_HTTPHEADER = 10023,
    FS_CURLOPT_HEADERDATA = 10029,
    FS_CURLOPT_FOLLOWLOCATION = 52,
    FS_CURLOPT_CAINFO = 10065,
    FS_CURLOPT_MAXREDIRS = 68,
    FS_CURLOPT_HEADERFUNCTION = 20079,
    FS_CURLOPT_NOSIGNAL = 99,
    FS_CURLOPT_ACCEPT_ENCODING = 10102,
    FS_CURLOPT_TIMEOUT_MS = 155,
    FS_CURLOPT_CONNECTTIMEOUT_MS = 156,
    FS_CURLOPT_PIPEWAIT = 237,
    FS_CURLOPT_VERBOSE = 41,
    FS_CURLOPT_DEBUGFUNCTION = 20094,
    FS_CURLOPT_DEBUGDATA = 10095,
    FS_CURLOPT_CAINFO_BLOB = 40309,
    FS_CURLOPT_PROTOCOLS = 181,
    FS_CURLOPT_REDIR_PROTOCOLS = 182,
    FS_CURLOPT_PROTOCOLS_STR = 10318,
    FS_CURLOPT_REDIR_PROTOCOLS_STR = 10319,
    FS_CURLOPT_DISALLOW_USERNAME_IN_URL = 278,

    FS_CURLPROTO_HTTP = 1,
    FS_CURLPROTO_HTTPS = 2,

    // Information: a type base (string 0x100000, long 0x200000, off_t 0x600000) plus its number.
    FS_CURLINFO_EFFECTIVE_URL = 0x100000 + 1,
    FS_CURLINFO_RESPONSE_CODE = 0x200000 + 2,
    FS_CURLINFO_SIZE_DOWNLOAD_T = 0x600000 + 8,
    FS_CURLINFO_HEADER_SIZE = 0x200000 + 11,
    FS_CURLINFO_REDIRECT_COUNT = 0x200000 + 20,
    FS_CURLINFO_OS_ERRNO = 0x200000 + 25,
    FS_CURLINFO_CONNECT_TIME_T = 0x600000 + 52,
    FS_CURLINFO_CAINFO = 0x100000 + 61,
    FS_CURLINFO_PRIMARY_IP = 0x100000 + 32,
    FS_CURLINFO_HTTP_VERSION = 0x200000 + 46,
    // curl_infotype, the debug callback's kinds.
    FS_CURLINFO_HEADER_OUT = 2,

    // Multi options.
    FS_CURLMOPT_PIPELINING = 3,
    FS_CURLMOPT_MAXCONNECTS = 6,
    FS_CURLMOPT_MAX_TOTAL_CONNECTIONS = 13,
    FS_CURLPIPE_MULTIPLEX = 2,

    FS_CURL_ERROR_SIZE = 256,

    // Multi interface result codes.
    FS_CURLM_OK = 0,

    // Result codes.
    FS_CURLE_OK = 0,
    FS_CURLE_UNSUPPORTED_PROTOCOL = 1,
    FS_CURLE_COULDNT_RESOLVE_PROXY = 5,
    FS_CURLE_COULDNT_RESOLVE_HOST = 6,
    FS_CURLE_COULDNT_CONNECT = 7,
    FS_CURLE_WEIRD_SERVER_REPLY = 8,
    FS_CURLE_HTTP2 = 16,
    FS_CURLE_PARTIAL_FILE = 18,
    FS_CURLE_OPERATION_TIMEDOUT = 28,
    FS_CURLE_SSL_CONNECT_ERROR = 35,
    FS_CURLE_TOO_MANY_REDIRECTS = 47,
    FS_CURLE_GOT_NOTHING = 52,
    FS_CURLE_SEND_ERROR = 55,
    FS_CURLE_RECV_ERROR = 56,
    FS_CURLE_SSL_CERTPROBLEM = 58,
    FS_CURLE_SSL_CIPHER = 59,
    FS_CURLE_PEER_FAILED_VERIFICATION = 60,
    FS_CURLE_BAD_CONTENT_ENCODING = 61,
    FS_CURLE_LOGIN_DENIED = 67,
    FS_CURLE_SSL_CACERT_BADFILE = 77,
    FS_CURLE_HTTP2_STREAM = 92,
    FS_CURLE_PROXY = 97,
};

#endif
