import FeedCore
import Foundation

/// The renditions an `<img>` offers the browser in its `srcset`, narrowest first, each linked
/// from the page that shows it.
public struct ImageSourceSet: Equatable, Sendable {
    public struct Candidate: Equatable, Sendable {
        public let source: String
        public let size: ImageDimensions
    }

    /// Never empty.
    public let candidates: [Candidate]

    /// The renditions of `entry` linked from the page at `page`; `nil` when it has none a
    /// page can use, and the page then shows the original alone.
    public init?(entry: SiteEntry, page: String) {
        let candidates = entry.sizedRenditions.map { Candidate(source: SitePaths.relative(from: page, to: SitePaths.image($0.image)), size: $0.size) }
        guard !candidates.isEmpty else { return nil }
        self.candidates = candidates
    }

    /// Every rendition with its width descriptor: `a.jpg 480w, b.jpg 960w`.
    public var srcset: String {
        candidates.map { "\($0.source) \($0.size.width)w" }.joined(separator: ", ")
    }

    /// The one in the middle (of three, the second): the `src` of a feed card, for a
    /// browser that reads no `srcset`.
    public var middle: Candidate { candidates[candidates.count / 2] }

    /// The widest rendition no wider than `width` pixels, else the narrowest.
    public func widest(fitting width: Int) -> Candidate {
        candidates.last { $0.size.width <= width } ?? candidates[0]
    }
}
