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
        /// Where the item sits in the whole feed, from 1, for "Image 3 of 45".
        public let position: Int
        public let originalURL: String
        public let commentsLink: String
    }

    public let path: String
    public let number: Int
    public let pageCount: Int
    public let items: [Item]
    /// How many items the whole feed has.
    public let feedCount: Int
    public let previousLink: String?
    public let nextLink: String?

    /// Page `number` (from 1) of `pageCount`, holding `entries` in feed order; the first
    /// is item `firstPosition` (from 1) of the feed's `feedCount` (by default, a feed that
    /// ends with these entries).
    public init(number: Int, pageCount: Int, entries: [SiteEntry], paths: SitePaths, firstPosition: Int = 1, feedCount: Int? = nil) {
        let path = paths.feedPage(number)
        self.path = path
        self.number = number
        self.pageCount = pageCount
        self.feedCount = feedCount ?? firstPosition - 1 + entries.count
        self.items = entries.enumerated().map { offset, entry in
            let sourceSet = ImageSourceSet(entry: entry, page: path)
            return Item(
                id: entry.id,
                location: entry.location,
                description: entry.description,
                imageSource: sourceSet?.middle.source ?? entry.stored.map { SitePaths.relative(from: path, to: SitePaths.image($0)) },
                imageSize: sourceSet?.middle.size ?? entry.stored?.dimensions,
                imageSourceSet: sourceSet,
                position: firstPosition + offset,
                originalURL: entry.originalURL,
                commentsLink: SitePaths.relative(from: path, to: paths.commentsPage(for: entry.id))
            )
        }
        self.previousLink = number > 1 ? SitePaths.relative(from: path, to: paths.feedPage(number - 1)) : nil
        self.nextLink = number < pageCount ? SitePaths.relative(from: path, to: paths.feedPage(number + 1)) : nil
    }
}
