#include "CCurl.h"

// libcurl's variadic entry points, declared as libcurl declares them. Only this file calls
// them, each time with exactly the argument type the option or information expects.
CURLcode curl_easy_setopt(CURL *handle, int option, ...);
CURLcode curl_easy_getinfo(CURL *handle, int info, ...);
CURLMcode curl_multi_setopt(CURLM *multi, int option, ...);

struct fs_curl_blob {
    void *data;
    size_t len;
    unsigned int flags;
};

struct fs_curl_message {
    int msg;
    CURL *easy_handle;
    union {
        void *whatever;
        CURLcode result;
    } data;
};

struct fs_curl_message *curl_multi_info_read(CURLM *multi, int *messages_left);

CURLcode fs_easy_setopt_long(CURL *handle, int option, long value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode fs_easy_setopt_pointer(CURL *handle, int option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode fs_easy_setopt_string(CURL *handle, int option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode fs_easy_setopt_callback(CURL *handle, int option, fs_curl_data_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

CURLcode fs_easy_setopt_debug(CURL *handle, fs_curl_debug_callback callback) {
    return curl_easy_setopt(handle, FS_CURLOPT_DEBUGFUNCTION, callback);
}

CURLcode fs_easy_setopt_blob(CURL *handle, int option, const void *bytes, size_t length) {
    struct fs_curl_blob blob = {(void *)bytes, length, 0 /* CURL_BLOB_NOCOPY */};
    return curl_easy_setopt(handle, option, &blob);
}

CURLcode fs_easy_getinfo_long(CURL *handle, int info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLcode fs_easy_getinfo_off(CURL *handle, int info, int64_t *value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLcode fs_easy_getinfo_string(CURL *handle, int info, const char **value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLMcode fs_multi_setopt_long(CURLM *multi, int option, long value) {
    return curl_multi_setopt(multi, option, value);
}

int fs_multi_next_done(CURLM *multi, CURL **handle, CURLcode *result) {
    int left = 0;
    struct fs_curl_message *message;
    while ((message = curl_multi_info_read(multi, &left)) != NULL) {
        if (message->msg == 1 /* CURLMSG_DONE */) {
            *handle = message->easy_handle;
            *result = message->data.result;
            return 1;
        }
    }
    return 0;
}
