import FeedCore
import SQLite

/// The database's tables, version by version. `PRAGMA user_version` says which migrations a
/// database has had; opening runs the rest, each in the transaction that records it.
/// Migrations are only ever added, never changed.
///
/// Times are seconds since 2001-01-01T00:00:00Z, Foundation's reference date, so a date
/// reads back exactly as it was saved.
enum CacheSchema {
    static let migrations: [String] = [
        // 1: the first database layout.
        """
        CREATE TABLE feed (
            singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
            saved_at REAL NOT NULL
        );
        CREATE TABLE feed_items (
            position INTEGER PRIMARY KEY,
            id TEXT NOT NULL,
            url TEXT NOT NULL,
            description TEXT,
            location TEXT,
            first_seen REAL NOT NULL
        );
        CREATE TABLE comments (
            image_id TEXT PRIMARY KEY,
            saved_at REAL NOT NULL,
            etag TEXT,
            last_modified TEXT,
            comments TEXT NOT NULL
        );
        CREATE INDEX comments_by_saved_at ON comments (saved_at);
        CREATE TABLE blobs (
            sha256 TEXT PRIMARY KEY,
            last_referred REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE images (
            url TEXT PRIMARY KEY,
            sha256 TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX images_by_blob ON images (sha256);
        """,
        // 2: renditions, smaller copies of a stored image made by one recipe. A set says the
        // recipe was applied to the source blob: `reason` is NULL when it made the set's
        // renditions (none, or some), or says why the source could not be decoded. Each
        // rendition's bytes are a blob like an original's.
        """
        CREATE TABLE rendition_sets (
            source TEXT NOT NULL,
            recipe TEXT NOT NULL,
            reason TEXT,
            PRIMARY KEY (source, recipe)
        ) WITHOUT ROWID;
        CREATE TABLE renditions (
            source TEXT NOT NULL,
            recipe TEXT NOT NULL,
            position INTEGER NOT NULL,
            width INTEGER NOT NULL,
            height INTEGER NOT NULL,
            format TEXT NOT NULL,
            byte_count INTEGER NOT NULL,
            sha256 TEXT NOT NULL,
            PRIMARY KEY (source, recipe, position)
        ) WITHOUT ROWID;
        CREATE INDEX renditions_by_blob ON renditions (sha256);
        """,
        // 3: a blob's last check: its file's stamp (device, inode, size, modification time in
        // nanoseconds) when its bytes last hashed to its name, and what the bytes are
        // (format, width and height). NULL until the blob is first checked.
        """
        ALTER TABLE blobs ADD COLUMN checked_device INTEGER;
        ALTER TABLE blobs ADD COLUMN checked_inode INTEGER;
        ALTER TABLE blobs ADD COLUMN checked_size INTEGER;
        ALTER TABLE blobs ADD COLUMN checked_modified INTEGER;
        ALTER TABLE blobs ADD COLUMN format TEXT;
        ALTER TABLE blobs ADD COLUMN width INTEGER;
        ALTER TABLE blobs ADD COLUMN height INTEGER;
        """,
        // 4: what a page shows of a source before its picture arrives, made with its
        // renditions: its placeholder's colours in hex, NULL when it has none.
        """
        ALTER TABLE rendition_sets ADD COLUMN placeholder TEXT;
        """,
    ]

    /// The version this feedsite writes.
    static var version: Int32 { Int32(migrations.count) }

    /// Brings `database` to `version`, in one transaction; a database of a newer feedsite is
    /// left alone and refused. `filling` runs in that transaction when the database is new
    /// (version 0), so what it writes arrives with the tables or not at all.
    static func migrate<Value>(_ database: Database, path: String, filling: () throws -> Value?) throws -> Value? {
        let found = try database.userVersion
        guard found <= version else { throw newerVersion(found, path: path) }
        guard found < version else { return nil }
        return try database.transaction {
            for migration in migrations[Int(found)...] { try database.execute(migration) }
            let filled = found == 0 ? try filling() : nil
            try database.setUserVersion(version)
            return filled
        }
    }

    /// A database of a newer feedsite, left as it is.
    static func newerVersion(_ found: Int32, path: String) -> CacheError {
        .cannot(
            .read, "cache database \(path)",
            reason: "it was written by a newer feedsite (schema version \(found); this one knows up to \(version)); run that version, or use another --cache")
    }

    /// What `sqlite_master` holds in a database of schema `version`: the migrations up to it,
    /// run on a database in memory.
    static func entries(atVersion version: Int32) throws -> Set<Database.SchemaEntry> {
        let database = try Database.inMemory()
        for migration in migrations.prefix(Int(version)) { try database.execute(migration) }
        return Set(try database.schema())
    }
}
