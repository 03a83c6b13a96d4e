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

    /// The widest the stylesheet shows the page's picture, in CSS pixels: its 40rem column
    /// less 20 pixels of padding each side.
    public static let imageColumnWidth = 600

    public let path: String
    public let imageID: UUID
    public let location: String?
    public let description: String?
    /// The image in the site, `nil` when it could not be had: the widest rendition that
    /// fits `imageColumnWidth` when it has renditions, else the original.
    public let imageSource: String?
    /// The width and height of `imageSource`, for `<img>`; `nil` when unknown.
    public let imageSize: ImageDimensions?
    /// The renditions for `srcset`; `nil` when there are none.
    public let imageSourceSet: ImageSourceSet?
    /// What the frame shows before the image arrives; `nil` for none.
    public let imagePlaceholder: ImagePlaceholder?
    /// The original, when the page shows renditions of it and its size is known.
    public let original: Original?
    public let originalURL: String
    public let feedLink: String
    public let comments: [Comment]?

    /// `feedPage` is the number of the feed page that holds the image, for the link back.
    /// `now` is the clock the comments' dates are relative to; without one (a snapshot's page,
    /// which one file may serve for snapshots of different times) they are written whole,
    /// and the history's script makes them relative to the snapshot the page is read in.
    public init(entry: SiteEntry, comments: [ImageComment]?, feedPage: Int, paths: SitePaths, dates: CommentDateFormatter, now: Date?) {
        let path = paths.commentsPage(for: entry.id)
        self.path = path
        self.imageID = entry.id
        self.location = entry.location
        self.description = entry.description
        let sourceSet = ImageSourceSet(entry: entry, page: path)
        let shown = sourceSet?.widest(fitting: Self.imageColumnWidth)
        self.imageSource = shown?.source ?? entry.stored.map { SitePaths.relative(from: path, to: SitePaths.image($0)) }
        self.imageSize = shown?.size ?? entry.stored?.dimensions
        self.imageSourceSet = sourceSet
        self.imagePlaceholder = entry.placeholder
        if sourceSet != nil, let stored = entry.stored, let size = stored.dimensions {
            self.original = Original(link: SitePaths.relative(from: path, to: SitePaths.image(stored)), size: size, byteCount: stored.byteCount)
        } else {
            self.original = nil
        }
        self.originalURL = entry.originalURL
        self.feedLink = SitePaths.relative(from: path, to: paths.feedPage(feedPage)) + "#" + Self.anchor(for: entry.id)
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

    /// The `id` of an image's card on its feed page, so "back" lands on the card.
    public static func anchor(for imageID: UUID) -> String {
        "image-\(imageID.text)"
    }
}
