import FeedCore
import Foundation

/// What one image's comments page shows. `comments` is `nil` when they could not be loaded
/// from the API or the cache: the page then shows the connection error in their place.
public struct CommentsPageModel: Equatable, Sendable {
    public struct Comment: Equatable, Sendable {
        public let username: String
        public let message: String
        public let relativeDate: String
        public let absoluteDate: String
        public let isoDate: String
    }

    /// The original in the site, linked from under its renditions with its size.
    public struct Original: Equatable, Sendable {
        public let link: String
        public let size: ImageDimensions
        public let byteCount: Int
    }

    /// A photo before or after this one, linked from the page; `picture` is its photo as its
    /// own page shows it, so the page can fetch it ahead (only the next one's is).
    public struct Neighbour: Equatable, Sendable {
        public let link: String
        public let picture: Picture?
    }

    /// A photo as the page shows it: whole, as large as the window allows.
    public struct Picture: Equatable, Sendable {
        /// The widest rendition, else the original.
        public let source: String
        /// The size of `source`, when known.
        public let size: ImageDimensions?
        public let sourceSet: ImageSourceSet?

        /// The `sizes` of the photo: in a window wider than the photo's shape, the photo's
        /// width when it is as tall as the stylesheet lets it be (`.viewer img`: the window's
        /// height less 9rem), else the window's width. (A media condition rather than `min()`,
        /// which HTML's `sizes` does not take.) Without a known size, the window's width.
        public var sizes: String {
            guard let size, size.width > 0, size.height > 0 else { return "100vw" }
            let shape = "\(size.width) / \(size.height)"
            return "(min-aspect-ratio: \(size.width)/\(size.height)) calc((100vh - 9rem) * \(shape)), 100vw"
        }
    }

    public let path: String
    public let imageID: UUID
    public let location: String?
    public let description: String?
    /// The photo, `nil` when it could not be had.
    public let picture: Picture?
    /// What the photo's place shows before the photo arrives; `nil` for none.
    public let imagePlaceholder: ImagePlaceholder?
    /// The original, when the page shows renditions of it and its size is known.
    public let original: Original?
    public let originalURL: String
    public let feedLink: String
    public let comments: [Comment]?
    /// The photos before and after this one in the feed, or in the snapshot the page is of.
    public let previous: Neighbour?
    public let next: Neighbour?

    /// `feedPage` is the number of the feed page that holds the image, for the link back.
    /// `now` is the clock the comments' dates are relative to; without one (a snapshot's page,
    /// which one file may serve for snapshots of different times) they are written whole,
    /// and the history's script makes them relative to the snapshot the page is read in.
    /// `neighbours` are the photos before and after it.
    public init(
        entry: SiteEntry, comments: [ImageComment]?, feedPage: Int, neighbours: PhotoNeighbours, paths: SitePaths, dates: CommentDateFormatter,
        now: Date?
    ) {
        let path = paths.commentsPage(for: entry.id)
        self.path = path
        self.imageID = entry.id
        self.location = entry.location
        self.description = entry.description
        self.picture = Self.picture(of: entry, on: path)
        let sourceSet = picture?.sourceSet
        self.imagePlaceholder = entry.placeholder
        if sourceSet != nil, let stored = entry.stored, let size = stored.dimensions {
            self.original = Original(link: SitePaths.relative(from: path, to: SitePaths.image(stored)), size: size, byteCount: stored.byteCount)
        } else {
            self.original = nil
        }
        self.originalURL = entry.originalURL
        self.feedLink = SitePaths.relative(from: path, to: paths.feedPage(feedPage)) + "#" + Self.anchor(for: entry.id)
        self.previous = neighbours.previous.map { Neighbour(link: SitePaths.relative(from: path, to: paths.commentsPage(for: $0.id)), picture: nil) }
        self.next = neighbours.next.map { next in
            let page = paths.commentsPage(for: next.id)
            return Neighbour(link: SitePaths.relative(from: path, to: page), picture: Self.picture(of: next, on: page))
        }
        self.comments = comments?.map { comment in
            Comment(
                username: comment.username,
                message: comment.message,
                relativeDate: now.map { dates.relative(comment.createdAt, now: $0) } ?? dates.absolute(comment.createdAt),
                absoluteDate: dates.absolute(comment.createdAt),
                isoDate: dates.iso8601(comment.createdAt)
            )
        }
    }

    /// `entry`'s photo as the page at `path` shows it: its widest rendition, else its original.
    static func picture(of entry: SiteEntry, on path: String) -> Picture? {
        let sourceSet = ImageSourceSet(entry: entry, page: path)
        if let widest = sourceSet?.candidates.last { return Picture(source: widest.source, size: widest.size, sourceSet: sourceSet) }
        guard let stored = entry.stored else { return nil }
        return Picture(source: SitePaths.relative(from: path, to: SitePaths.image(stored)), size: stored.dimensions, sourceSet: nil)
    }

    /// The `id` of an image's card on its feed page, so "back" lands on the card.
    public static func anchor(for imageID: UUID) -> String {
        "image-\(imageID.text)"
    }
}
