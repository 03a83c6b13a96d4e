#include "CSQLite.h"

#include <stddef.h>

// sqlite3.h's bind functions take a destructor; SQLITE_TRANSIENT is the value -1 in its place,
// which tells SQLite to copy the bytes before the call returns.
typedef void (*fs_sqlite3_destructor)(void *);
#define FS_SQLITE_TRANSIENT ((fs_sqlite3_destructor)-1)

int sqlite3_bind_text(sqlite3_stmt *statement, int index, const char *text, int bytes, fs_sqlite3_destructor destructor);
int sqlite3_bind_blob(sqlite3_stmt *statement, int index, const void *bytes, int count, fs_sqlite3_destructor destructor);

static const char fs_empty[1] = {0};

int fs_sqlite3_bind_text_copy(sqlite3_stmt *statement, int index, const unsigned char *text, int bytes) {
    if (text == NULL || bytes == 0) return sqlite3_bind_text(statement, index, fs_empty, 0, FS_SQLITE_TRANSIENT);
    return sqlite3_bind_text(statement, index, (const char *)text, bytes, FS_SQLITE_TRANSIENT);
}

int fs_sqlite3_bind_blob_copy(sqlite3_stmt *statement, int index, const void *bytes, int count) {
    if (bytes == NULL || count == 0) return sqlite3_bind_blob(statement, index, fs_empty, 0, FS_SQLITE_TRANSIENT);
    return sqlite3_bind_blob(statement, index, bytes, count, FS_SQLITE_TRANSIENT);
}
