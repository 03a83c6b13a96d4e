import FeedCore
import FileSystem
import Foundation
import Hashing
import SQLite

/// Renditions: smaller copies of a stored image, made by a recipe (the widths, the quality,
/// the encoders' version, said in one text by the caller), kept so a warm run decodes nothing.
///
///     rendition_sets (source, recipe → reason, placeholder)   the recipe was applied; reason NULL: made
///     renditions (source, recipe, position → width, height, format, byte_count, sha256)
///
/// A rendition's bytes are a blob like an original's (`blobs/<h[0..2]>/<h>`, a row in
/// `blobs`), so identical renditions of two sources are stored once. A rendition lives as
/// long as a source it was made from (pruning says how).
extension SQLiteImageStore {
    /// A rendition to save: its size in pixels, its format and its encoded bytes.
    public typealias RenditionBytes = (width: Int, height: Int, format: ImageFormat, bytes: [UInt8])

    /// What the cache holds for `source` made by `recipe`. Made renditions come back only
    /// when every one of their blobs is still there and hashes to its name: otherwise the
    /// answer is `.unknown`, and the caller makes them again.
    public func renditions(of source: StoredImage, recipe: String) throws(CacheError) -> RenditionLookup {
        let found = try cache.read { connection -> (set: Bool, reason: String?, placeholder: String?, made: [StoredImage?]) in
            var set = false
            var reason: String?
            var placeholder: String?
            try connection.statement("SELECT reason, placeholder FROM rendition_sets WHERE source = ? AND recipe = ?").forEachRow(
                .text(source.sha256), .text(recipe)
            ) { row in
                set = true
                reason = row.text(at: 0)
                placeholder = row.text(at: 1)
            }
            guard set, reason == nil else { return (set, reason, nil, []) }
            var made: [StoredImage?] = []
            try connection.statement(
                "SELECT width, height, format, byte_count, sha256 FROM renditions WHERE source = ? AND recipe = ? ORDER BY position"
            ).forEachRow(.text(source.sha256), .text(recipe)) { row in
                made.append(Self.rendition(row))
            }
            return (set, nil, placeholder, made)
        }
        guard found.set else { return .unknown }
        if let reason = found.reason { return .notDecodable(reason: reason) }
        var made: [StoredImage] = []
        for rendition in found.made {
            guard let rendition, try isWhole(rendition) else { return .unknown }
            made.append(rendition)
        }
        // A placeholder this feedsite cannot read is as good as none: the pages do without.
        return .made(made, placeholder: found.placeholder.flatMap(ImagePlaceholder.init(hex:)))
    }

    /// Stores each rendition's bytes as a blob (once per content, whole or not at all) and
    /// records them, in this order, with `source`'s placeholder, as what `recipe` made of
    /// `source`, replacing whatever was recorded for the two. A full disk, for a blob or the
    /// database, is `.full`.
    @discardableResult
    public func saveRenditions(
        _ renditions: [RenditionBytes], placeholder: ImagePlaceholder? = nil, of source: StoredImage, recipe: String
    ) throws(CacheError) -> [StoredImage] {
        var stored: [StoredImage] = []
        for rendition in renditions {
            let image = StoredImage(
                digest: SHA256.digest(rendition.bytes), byteCount: rendition.bytes.count, format: rendition.format,
                dimensions: ImageDimensions(width: rendition.width, height: rendition.height))
            try writeBlob(rendition.bytes, of: image)
            stored.append(image)
        }
        let now = self.now
        try cache.write { connection in
            try Self.replaceSet(of: source, recipe: recipe, reason: nil, placeholder: placeholder, connection)
            let insert = try connection.statement(
                "INSERT INTO renditions (source, recipe, position, width, height, format, byte_count, sha256) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
            for (position, (image, rendition)) in zip(stored, renditions).enumerated() {
                try Self.refer(to: image.sha256, at: now, connection)
                try insert.run(
                    .text(source.sha256), .text(recipe), .integer(Int64(position)), .integer(Int64(rendition.width)),
                    .integer(Int64(rendition.height)), .text(image.format.rawValue), .integer(Int64(image.byteCount)), .text(image.sha256))
            }
        }
        return stored
    }

    /// Records that our decoders could not decode `source`, and why, so `recipe` is not tried
    /// on it again; replaces any renditions recorded for the two.
    public func saveNotDecodable(source: StoredImage, recipe: String, reason: String) throws(CacheError) {
        try cache.write { connection in
            try Self.replaceSet(of: source, recipe: recipe, reason: reason, placeholder: nil, connection)
        }
    }

    /// The bytes of a stored image (an original or a rendition), read back from its blob. At
    /// most `byteCount` bytes are read; a blob that is missing, of another size, or whose bytes
    /// no longer hash to its name is a read error naming it.
    public func bytes(of image: StoredImage) throws(CacheError) -> [UInt8] {
        let blob = blobPath(for: image.sha256)
        let data: Data?
        do {
            data = try PlainFile.readRegular(blob, maxBytes: image.byteCount)
        } catch let .tooLarge(maxBytes) {
            throw .file(.read, blob, reason: "it holds more than the \(maxBytes) bytes stored")
        } catch {
            throw .file(.read, blob, reason: error.description)
        }
        guard let data else { throw .file(.read, blob, reason: "it is missing") }
        let bytes = [UInt8](data)
        guard bytes.count == image.byteCount else {
            throw .file(.read, blob, reason: "it holds \(bytes.count) bytes, not the \(image.byteCount) stored")
        }
        guard SHA256.digest(bytes) == image.digest else { throw .file(.read, blob, reason: "its bytes no longer hash to its name") }
        return bytes
    }

    /// Puts the bytes at the image's blob by one `rename` from a temporary file beside it,
    /// unless the blob already holds them.
    private func writeBlob(_ bytes: [UInt8], of image: StoredImage) throws(CacheError) {
        let blob = blobPath(for: image.sha256)
        guard !Self.holds(blob, image) else { return }
        do {
            try AtomicFile.write(toPath: blob) { writer in
                try bytes.withUnsafeBytes { try writer.write($0) }
            }
        } catch {
            throw .file(.write, blob, error)
        }
    }

    /// Whether the rendition's blob is there with its size and bytes.
    private func isWhole(_ image: StoredImage) throws(CacheError) -> Bool {
        let blob = blobPath(for: image.sha256)
        do {
            return try FileDigest.sha256(ofFileAtPath: blob).map { $0.digest == image.digest && $0.byteCount == image.byteCount } ?? false
        } catch {
            throw .file(.read, blob, reason: error.description)
        }
    }

    /// The set of `source` by `recipe`, recorded anew: its renditions are forgotten.
    private static func replaceSet(
        of source: StoredImage, recipe: String, reason: String?, placeholder: ImagePlaceholder?, _ connection: CacheDatabase.Connection
    ) throws {
        try connection.statement("DELETE FROM renditions WHERE source = ? AND recipe = ?").run(.text(source.sha256), .text(recipe))
        try connection.statement("INSERT OR REPLACE INTO rendition_sets (source, recipe, reason, placeholder) VALUES (?, ?, ?, ?)").run(
            .text(source.sha256), .text(recipe), reason.map { .text($0) } ?? .null, placeholder.map { .text($0.hex) } ?? .null)
    }

    /// A `renditions` row as an image; `nil` for a row that does not make one (a format or
    /// digest this feedsite does not know).
    private static func rendition(_ row: Statement) -> StoredImage? {
        guard let format = row.text(at: 2).flatMap(ImageFormat.init(rawValue:)),
            let digest = row.text(at: 4).flatMap(SHA256.Digest.init(hex:))
        else { return nil }
        return StoredImage(
            digest: digest, byteCount: Int(row.int64(at: 3)), format: format,
            dimensions: ImageDimensions(width: Int(row.int64(at: 0)), height: Int(row.int64(at: 1))))
    }
}
