#ifndef FEEDSITE_CSQLITE_H
#define FEEDSITE_CSQLITE_H

// Our own declarations of the SQLite functions and constants feedsite uses, so the package
// builds where SQLite's header is not installed: only `libsqlite3.so.0`, which SwiftPM itself
// links, so every machine with the toolchain has it (macOS ships SQLite). Names, numbers and
// signatures are SQLite 3's public, stable C interface (sqlite3.h, documented at sqlite.org).
//
// SQLITE_TRANSIENT is the destructor value -1, which Swift cannot spell as a function pointer:
// the `fs_` functions below bind text and blobs with it on the C side.

typedef struct sqlite3 sqlite3;
typedef struct sqlite3_stmt sqlite3_stmt;
typedef long long int sqlite3_int64;

// Connections.
int sqlite3_open_v2(const char *filename, sqlite3 **database, int flags, const char *vfs);
int sqlite3_close_v2(sqlite3 *database);
int sqlite3_exec(sqlite3 *database, const char *sql, int (*callback)(void *, int, char **, char **), void *context, char **error);
void sqlite3_free(void *memory);
int sqlite3_busy_timeout(sqlite3 *database, int milliseconds);
int sqlite3_extended_result_codes(sqlite3 *database, int on);
int sqlite3_changes(sqlite3 *database);
sqlite3_int64 sqlite3_last_insert_rowid(sqlite3 *database);
int sqlite3_get_autocommit(sqlite3 *database);
const char *sqlite3_libversion(void);

// Errors.
int sqlite3_errcode(sqlite3 *database);
int sqlite3_extended_errcode(sqlite3 *database);
int sqlite3_system_errno(sqlite3 *database);
const char *sqlite3_errmsg(sqlite3 *database);
const char *sqlite3_errstr(int code);

// Statements.
int sqlite3_prepare_v2(sqlite3 *database, const char *sql, int bytes, sqlite3_stmt **statement, const char **tail);
int sqlite3_prepare_v3(sqlite3 *database, const char *sql, int bytes, unsigned int flags, sqlite3_stmt **statement, const char **tail);
int sqlite3_bind_int64(sqlite3_stmt *statement, int index, sqlite3_int64 value);
int sqlite3_bind_double(sqlite3_stmt *statement, int index, double value);
int sqlite3_bind_null(sqlite3_stmt *statement, int index);
int sqlite3_bind_parameter_count(sqlite3_stmt *statement);
int sqlite3_step(sqlite3_stmt *statement);
int sqlite3_column_count(sqlite3_stmt *statement);
int sqlite3_column_type(sqlite3_stmt *statement, int column);
sqlite3_int64 sqlite3_column_int64(sqlite3_stmt *statement, int column);
double sqlite3_column_double(sqlite3_stmt *statement, int column);
const unsigned char *sqlite3_column_text(sqlite3_stmt *statement, int column);
const void *sqlite3_column_blob(sqlite3_stmt *statement, int column);
int sqlite3_column_bytes(sqlite3_stmt *statement, int column);
const char *sqlite3_column_name(sqlite3_stmt *statement, int column);
int sqlite3_reset(sqlite3_stmt *statement);
int sqlite3_clear_bindings(sqlite3_stmt *statement);
int sqlite3_finalize(sqlite3_stmt *statement);

// Binding with SQLITE_TRANSIENT (SQLite copies the bytes before returning), never NULL for an
// empty value: SQLite binds a NULL pointer as SQL NULL, and "" or an empty blob is not NULL.
int fs_sqlite3_bind_text_copy(sqlite3_stmt *statement, int index, const unsigned char *text, int bytes);
int fs_sqlite3_bind_blob_copy(sqlite3_stmt *statement, int index, const void *bytes, int count);

// Constants, as macros so that Swift sees them as Int32, the type the functions take and return.

// Result codes.
#define SQLITE_OK 0
#define SQLITE_ERROR 1
#define SQLITE_INTERNAL 2
#define SQLITE_PERM 3
#define SQLITE_ABORT 4
#define SQLITE_BUSY 5
#define SQLITE_LOCKED 6
#define SQLITE_NOMEM 7
#define SQLITE_READONLY 8
#define SQLITE_INTERRUPT 9
#define SQLITE_IOERR 10
#define SQLITE_CORRUPT 11
#define SQLITE_NOTFOUND 12
#define SQLITE_FULL 13
#define SQLITE_CANTOPEN 14
#define SQLITE_PROTOCOL 15
#define SQLITE_EMPTY 16
#define SQLITE_SCHEMA 17
#define SQLITE_TOOBIG 18
#define SQLITE_CONSTRAINT 19
#define SQLITE_MISMATCH 20
#define SQLITE_MISUSE 21
#define SQLITE_NOLFS 22
#define SQLITE_AUTH 23
#define SQLITE_FORMAT 24
#define SQLITE_RANGE 25
#define SQLITE_NOTADB 26
#define SQLITE_NOTICE 27
#define SQLITE_WARNING 28
#define SQLITE_ROW 100
#define SQLITE_DONE 101

// Flags of sqlite3_open_v2.
#define SQLITE_OPEN_READONLY 0x00000001
#define SQLITE_OPEN_READWRITE 0x00000002
#define SQLITE_OPEN_CREATE 0x00000004
#define SQLITE_OPEN_URI 0x00000040
#define SQLITE_OPEN_MEMORY 0x00000080
#define SQLITE_OPEN_NOMUTEX 0x00008000
#define SQLITE_OPEN_FULLMUTEX 0x00010000
#define SQLITE_OPEN_PRIVATECACHE 0x00040000
#define SQLITE_OPEN_NOFOLLOW 0x01000000

// Flags of sqlite3_prepare_v3.
#define SQLITE_PREPARE_PERSISTENT 0x01

// Fundamental column types (sqlite3_column_type).
#define SQLITE_INTEGER 1
#define SQLITE_FLOAT 2
#define SQLITE_TEXT 3
#define SQLITE_BLOB 4
#define SQLITE_NULL 5

#endif
