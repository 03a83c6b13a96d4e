import Basics
import FeedCore
import Foundation
import SQLite

/// `CommentsStore` in the cache database: one row of `comments` per image, the list as a
/// JSON array (`CacheCodec.comments`' elements), with when it was saved and the validators
/// the API sent with it.
public final class SQLiteCommentsStore: CommentsStore {
    private let cache: CacheDatabase

    public init(_ cache: CacheDatabase) {
        self.cache = cache
    }

    /// A list longer than the API may answer was not saved by feedsite, and is not read: its
    /// comments would take twenty times its bytes.
    public func retrieve(imageID: UUID) throws(CacheError) -> CachedComments? {
        try cache.read { connection in
            let select = try connection.statement(
                "SELECT saved_at, etag, last_modified, CASE WHEN length(CAST(comments AS BLOB)) <= ? THEN comments END, length(CAST(comments AS BLOB))"
                    + " FROM comments WHERE image_id = ?")
            var found: CachedComments?
            try select.forEachRow(.integer(Int64(HTTPGet.apiAnswerLimit)), .text(imageID.text)) { row in
                let bytes = Int(row.int64(at: 4))
                guard bytes <= HTTPGet.apiAnswerLimit else {
                    throw UnreadableRow(
                        "the comments of image \(imageID.text) are \(ByteCountText.describe(bytes)), more than an API answer may be (\(ByteCountText.describe(HTTPGet.apiAnswerLimit)))"
                    )
                }
                guard let comments = row.text(at: 3).flatMap(CacheCodec.comments.elements(ofArray:)) else {
                    throw UnreadableRow("the comments of image \(imageID.text) are not a list of comments")
                }
                let validators = HTTPValidators(etag: row.text(at: 1), lastModified: row.text(at: 2))
                found = CachedComments(comments: comments, timestamp: Date(timeIntervalSinceReferenceDate: row.double(at: 0)), validators: validators)
            }
            return found
        }
    }

    public func insert(_ comments: [ImageComment], validators: HTTPValidators?, timestamp: Date, imageID: UUID) throws(CacheError) {
        let json: String
        do {
            json = try CacheCodec.comments.array(comments)
        } catch {
            throw .cannot(.write, "the comments of image \(imageID.text)", reason: "\(error)")
        }
        try cache.write { try Self.save(json, validators: validators, savedAt: timestamp, imageID: imageID, $0) }
    }

    /// Saves an image's comments, already a JSON array, in the caller's transaction.
    static func save(_ json: String, validators: HTTPValidators?, savedAt: Date, imageID: UUID, _ connection: CacheDatabase.Connection) throws {
        try connection.statement("INSERT OR REPLACE INTO comments (image_id, saved_at, etag, last_modified, comments) VALUES (?, ?, ?, ?, ?)").run(
            .text(imageID.text), .real(savedAt.timeIntervalSinceReferenceDate), SQLiteValue(validators?.etag), SQLiteValue(validators?.lastModified),
            .text(json))
    }

    public func refresh(validators: HTTPValidators?, timestamp: Date, imageID: UUID) throws(CacheError) {
        try cache.write { connection in
            try connection.statement("UPDATE comments SET saved_at = ?, etag = ?, last_modified = ? WHERE image_id = ?").run(
                .real(timestamp.timeIntervalSinceReferenceDate), SQLiteValue(validators?.etag), SQLiteValue(validators?.lastModified), .text(imageID.text))
        }
    }

    public func delete(imageID: UUID) throws(CacheError) {
        try cache.write { connection in
            try connection.statement("DELETE FROM comments WHERE image_id = ?").run(.text(imageID.text))
        }
    }

    /// Removes every image's comments saved seven days ago or more (`CacheRetention`): they can
    /// never be shown again. The number removed.
    public func prune(now: Date) throws(CacheError) -> Int {
        try cache.write { connection in
            try connection.statement("DELETE FROM comments WHERE saved_at <= ?").run(.real(CacheRetention.expiredSince(now).timeIntervalSinceReferenceDate))
        }
    }
}
