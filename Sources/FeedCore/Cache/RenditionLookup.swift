/// What the cache knows of an image's renditions for one recipe: made (in the order
/// they were saved, with the image's placeholder), refused by the decoders (with why, so the image is not tried again on
/// every run), or nothing yet.
public enum RenditionLookup: Equatable, Sendable {
    /// The renditions, in the order they were saved; empty when the recipe made none. The
    /// placeholder is `nil` for an image that has none (one with transparency).
    case made([StoredImage], placeholder: ImagePlaceholder? = nil)
    /// Our codecs could not decode the image; `reason` says why.
    case notDecodable(reason: String)
    /// Never tried with this recipe, or what was made is no longer whole in the cache.
    case unknown
}
