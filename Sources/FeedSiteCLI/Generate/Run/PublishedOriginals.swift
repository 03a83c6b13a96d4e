import FeedCore
import FeedStorage
import Hashing
import Images
import SiteGenerator

/// The file the site publishes of each original: a copy without its metadata
/// (`MetadataStripper`), made once and kept in the cache beside its original as a rendition
/// is (by the original and the stripper's version), so a later run finds it made; or, with
/// `--keep-metadata`, the original as it was fetched. The cache and the web archive keep
/// the originals as fetched either way.
struct PublishedOriginals: Sendable {
    let cache: any RenditionCache
    /// `--keep-metadata`: every original is published as it is.
    let keepMetadata: Bool

    /// What the cache keeps the stripped copies under, beside the renditions' recipes.
    static let recipe = "metadata-dropped-v\(MetadataStripper.version)"

    /// The file to publish for `original`: its stripped copy, or the original itself when it
    /// holds nothing to drop, is neither JPEG nor PNG, or cannot be read safely (what cannot be
    /// read is not rewritten). The cache failing to give the original's bytes or keep the copy
    /// is the image's failure: an original is never published with its metadata for want of
    /// a copy.
    func file(for original: StoredImage) throws(CacheError) -> StoredImage {
        guard !keepMetadata, original.format == .jpeg || original.format == .png else { return original }
        switch try cache.renditions(of: original, recipe: Self.recipe) {
        case let .made(copies, _): return copies.first ?? original
        case .notDecodable: return original
        case .unknown: break
        }
        switch MetadataStripper.strip(try cache.bytes(of: original)) {
        case let .stripped(stripped):
            let size = (width: original.dimensions?.width ?? 0, height: original.dimensions?.height ?? 0)
            let copy = (width: size.width, height: size.height, format: original.format, bytes: stripped.bytes)
            return try cache.saveRenditions([copy], placeholder: nil, of: original, recipe: Self.recipe).first ?? original
        case .nothingToDrop:
            _ = try cache.saveRenditions([], placeholder: nil, of: original, recipe: Self.recipe)
            return original
        case let .notRead(reason):
            try cache.saveNotDecodable(source: original, recipe: Self.recipe, reason: reason)
            return original
        }
    }

    /// `entries` with each original as published: `published` gives the file for each
    /// original that was not published as it is.
    static func entries(_ entries: [SiteEntry], publishing published: [SHA256.Digest: StoredImage]) -> [SiteEntry] {
        guard !published.isEmpty else { return entries }
        return entries.map { entry in
            guard let original = entry.stored, let file = published[original.digest] else { return entry }
            return entry.publishing(file)
        }
    }
}
