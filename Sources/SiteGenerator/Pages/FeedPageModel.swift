import FeedCore
import Foundation

/// What one feed page shows, with every link already relative to the page.
public struct FeedPageModel: Equatable, Sendable {
    public struct Item: Equatable, Sendable {
        public let id: UUID
        public let location: String?
        public let description: String?
        /// The image in the site, or `nil` when it could not be had (the page shows a
        /// placeholder and `originalURL`): the middle rendition when it has renditions,
        /// else the original.
        public let imageSource: String?
        /// The width and height of `imageSource`, for `<img>`; `nil` when unknown.
        public let imageSize: ImageDimensions?
        /// The renditions for `srcset`; `nil` when there are none.
        public let imageSourceSet: ImageSourceSet?
        /// What the frame shows before the image arrives; `nil` for none.
        public let imagePlaceholder: ImagePlaceholder?
        public let originalURL: String
        public let commentsLink: String
    }

    /// Where a page is among the feed's pages: page `number` (from 1) of `count`.
    public struct Position: Equatable, Sendable {
        public let number: Int
        public let count: Int
    }

    public let path: String
    /// `nil` for a page known by its path alone (a snapshot's), which names no number.
    public let position: Position?
    public let items: [Item]
    public let previousLink: String?
    public let nextLink: String?

    /// Page `number` (from 1) of `pageCount`, holding `entries` in feed order.
    public init(number: Int, pageCount: Int, entries: [SiteEntry], paths: SitePaths) {
        self.init(
            path: paths.feedPage(number), entries: entries, previous: number > 1 ? paths.feedPage(number - 1) : nil,
            next: number < pageCount ? paths.feedPage(number + 1) : nil, paths: paths, position: Position(number: number, count: pageCount))
    }

    /// The page at `path` (from the site's root), holding `entries` in feed order, after
    /// the page at `previous` and before the one at `next`.
    public init(path: String, entries: [SiteEntry], previous: String?, next: String?, paths: SitePaths) {
        self.init(path: path, entries: entries, previous: previous, next: next, paths: paths, position: nil)
    }

    private init(path: String, entries: [SiteEntry], previous: String?, next: String?, paths: SitePaths, position: Position?) {
        self.path = path
        self.position = position
        self.items = entries.map { entry in
            let sourceSet = ImageSourceSet(entry: entry, page: path)
            return Item(
                id: entry.id,
                location: entry.location,
                description: entry.description,
                imageSource: sourceSet?.middle.source ?? entry.stored.map { SitePaths.relative(from: path, to: SitePaths.image($0)) },
                imageSize: sourceSet?.middle.size ?? entry.stored?.dimensions,
                imageSourceSet: sourceSet,
                imagePlaceholder: entry.placeholder,
                originalURL: entry.originalURL,
                commentsLink: SitePaths.relative(from: path, to: paths.commentsPage(for: entry.id))
            )
        }
        self.previousLink = previous.map { SitePaths.relative(from: path, to: $0) }
        self.nextLink = next.map { SitePaths.relative(from: path, to: $0) }
    }
}
