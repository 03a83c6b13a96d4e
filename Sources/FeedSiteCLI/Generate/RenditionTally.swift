/// What the renditions step did with each distinct picture of the feed: resized (its
/// renditions made in this run or taken from the cache), or shown as it is, and why.
struct RenditionTally: Equatable, Sendable {
    /// Why a picture's pages show its original.
    enum AsItIs: String, CaseIterable, Sendable {
        /// No wider, upright, than the narrowest width: its placeholder is made all the same.
        case small
        /// Not a JPEG, PNG or GIF.
        case format
        /// More pixels than `--max-image-pixels`.
        case pixels
        /// A JPEG, PNG or GIF our decoders refused: damaged, or a variant they do not read.
        case undecodable
        /// The cache or the site could not keep or give back its renditions.
        case cache

        /// The reason in the run's lines.
        var phrase: String {
            switch self {
            case .small: "small enough"
            case .format: "not JPEG, PNG or GIF"
            case .pixels: "over --max-image-pixels"
            case .undecodable: "not decodable"
            case .cache: "not kept by the cache"
            }
        }
    }

    /// Pictures whose renditions were made in this run.
    var made = 0
    /// Pictures whose renditions the cache held.
    var fromCache = 0
    /// Pictures shown as they are, by reason.
    var asItIs: [AsItIs: Int] = [:]
    /// Rendition files in the site.
    var files = 0

    var resized: Int { made + fromCache }
    var shownAsTheyAre: Int { asItIs.values.reduce(0, +) }

    /// "3 small enough, 1 not JPEG, PNG or GIF": the reasons that have pictures, in their order.
    var reasons: String {
        AsItIs.allCases.compactMap { reason in asItIs[reason].map { "\($0) \(reason.phrase)" } }.joined(separator: ", ")
    }
}
