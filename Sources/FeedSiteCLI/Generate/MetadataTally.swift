import FeedCore
import Hashing

/// What the images phase dropped from the originals it published: the distinct originals
/// published without their metadata, and the bytes that came to. Stripped copies from the
/// cache count as those made in the run: the figures say what the site holds.
struct MetadataTally: Equatable, Sendable {
    var originals = 0
    var bytes = 0

    /// The tally of `files`: each original with the file published for it, each distinct
    /// original counted once.
    static func of(_ files: some Sequence<(original: StoredImage, published: StoredImage)>) -> MetadataTally {
        var tally = MetadataTally()
        var seen = Set<SHA256.Digest>()
        for (original, published) in files where published.digest != original.digest && seen.insert(original.digest).inserted {
            tally.originals += 1
            tally.bytes += original.byteCount - published.byteCount
        }
        return tally
    }
}
