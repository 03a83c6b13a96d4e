import FeedCore

extension RenditionsStep {
    /// What became of one picture.
    enum Found: Equatable, Sendable {
        case made([StoredImage], placeholder: ImagePlaceholder? = nil)
        case fromCache([StoredImage], placeholder: ImagePlaceholder? = nil)
        /// Its pages show the original, for this reason; a small picture has a placeholder
        /// all the same.
        case asItIs(RenditionTally.AsItIs, placeholder: ImagePlaceholder? = nil)
        /// Not decoded: more pixels than its share of the limit allows beside others, so it
        /// is decoded again alone. Never in an outcome.
        case tooLargeToShare

        var renditions: [StoredImage] {
            switch self {
            case let .made(renditions, _), let .fromCache(renditions, _): renditions
            case .asItIs, .tooLargeToShare: []
            }
        }

        /// What the picture's frame shows before it arrives.
        var placeholder: ImagePlaceholder? {
            switch self {
            case let .made(_, placeholder), let .fromCache(_, placeholder), let .asItIs(_, placeholder): placeholder
            case .tooLargeToShare: nil
            }
        }

        /// Whether something went wrong with the picture, for the progress line: neither a
        /// small picture nor one of another format is a failure.
        var isFailure: Bool {
            switch self {
            case .asItIs(.undecodable, _), .asItIs(.cache, _): true
            default: false
            }
        }
    }
}
