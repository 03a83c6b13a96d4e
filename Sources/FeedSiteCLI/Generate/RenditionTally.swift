/// What the renditions step did with each distinct picture of the feed.
struct RenditionTally: Equatable, Sendable {
    /// Pictures whose renditions were made in this run.
    var made = 0
    /// Pictures whose renditions the cache held.
    var fromCache = 0
    /// Pictures our codecs do not read (another format, damaged, too many pixels): their
    /// pages show the original.
    var notDecoded = 0
    /// Rendition files in the site.
    var files = 0
}
