import FeedCore
import FeedStorage

/// Where renditions are kept between runs, beside the originals, so a warm run decodes
/// nothing: by the original and the recipe's key.
protocol RenditionCache: Sendable {
    func renditions(of source: StoredImage, recipe: String) throws(CacheError) -> RenditionLookup
    /// Stores `renditions` (narrowest first) as blobs, and the original's list of them with
    /// its placeholder.
    func saveRenditions(
        _ renditions: [SQLiteImageStore.RenditionBytes], placeholder: ImagePlaceholder?, of source: StoredImage, recipe: String
    ) throws(CacheError) -> [StoredImage]
    /// Remembers that our codecs refused `source`, so it is not tried again every run.
    func saveNotDecodable(source: StoredImage, recipe: String, reason: String) throws(CacheError)
    /// The original's bytes, to decode.
    func bytes(of image: StoredImage) throws(CacheError) -> [UInt8]
}

extension SQLiteImageStore: RenditionCache {}
