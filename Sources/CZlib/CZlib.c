#include "CZlib.h"

int inflateInit2_(fs_z_stream *stream, int windowBits, const char *version, int streamSize);
int deflateInit2_(fs_z_stream *stream, int level, int method, int windowBits, int memoryLevel, int strategy, const char *version, int streamSize);

int fs_inflate_init(fs_z_stream *stream, int windowBits) {
    return inflateInit2_(stream, windowBits, zlibVersion(), (int)sizeof(fs_z_stream));
}

int fs_deflate_init(fs_z_stream *stream, int level, int windowBits, int memoryLevel) {
    return deflateInit2_(stream, level, FS_Z_DEFLATED, windowBits, memoryLevel, FS_Z_DEFAULT_STRATEGY, zlibVersion(), (int)sizeof(fs_z_stream));
}
