#ifndef FEEDSITE_CZLIB_H
#define FEEDSITE_CZLIB_H

// Our own declarations of the zlib functions feedsite uses, so the package builds where
// zlib's header is not installed: only `libz.so.1`, which libcurl itself needs, so every
// machine with the toolchain's Foundation has it (macOS ships zlib). Names, numbers, the
// stream's layout and the signatures are zlib 1.x's public, stable interface (zlib.h).

typedef struct fs_z_stream {
    const unsigned char *next_in;
    unsigned int avail_in;
    unsigned long total_in;
    unsigned char *next_out;
    unsigned int avail_out;
    unsigned long total_out;
    const char *msg;
    void *state;
    void *(*zalloc)(void *opaque, unsigned int items, unsigned int size);
    void (*zfree)(void *opaque, void *address);
    void *opaque;
    int data_type;
    unsigned long adler;
    unsigned long reserved;
} fs_z_stream;

enum {
    FS_Z_NO_FLUSH = 0,
    FS_Z_FINISH = 4,
    FS_Z_OK = 0,
    FS_Z_STREAM_END = 1,
    FS_Z_NEED_DICT = 2,
    FS_Z_STREAM_ERROR = -2,
    FS_Z_DATA_ERROR = -3,
    FS_Z_MEM_ERROR = -4,
    FS_Z_BUF_ERROR = -5,
    FS_Z_DEFLATED = 8,
    FS_Z_DEFAULT_STRATEGY = 0,
};

const char *zlibVersion(void);
int inflate(fs_z_stream *stream, int flush);
int inflateEnd(fs_z_stream *stream);
int deflate(fs_z_stream *stream, int flush);
int deflateEnd(fs_z_stream *stream);
int deflateReset(fs_z_stream *stream);
int deflateParams(fs_z_stream *stream, int level, int strategy);
unsigned long deflateBound(fs_z_stream *stream, unsigned long sourceLength);
unsigned long crc32(unsigned long crc, const unsigned char *bytes, unsigned int length);

// inflateInit2 and deflateInit2 are macros in zlib.h over these, which check the library's
// version and the stream's size: the C side passes both.
int fs_inflate_init(fs_z_stream *stream, int windowBits);
int fs_deflate_init(fs_z_stream *stream, int level, int windowBits, int memoryLevel);

#endif
