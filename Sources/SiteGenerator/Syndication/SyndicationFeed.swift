import Foundation

/// What both feed documents of one locale say: the JSON Feed (`JSONFeedDocument`) and the
/// Atom feed (`AtomDocument`) are two spellings of this one value, so they never disagree.
/// Every URL in it is absolute, as feed readers need: they fetch a feed away from the site.
public struct SyndicationFeed: Equatable, Sendable {
    /// An item's image, announced with its type and size so that a reader can decide
    /// whether to fetch it.
    public struct Image: Equatable, Sendable {
        /// Absolute URL of the image file.
        public let url: String
        /// The IANA media type, e.g. `image/png` (`ImageFormat.mediaType`).
        public let mediaType: String
        /// The file's size in bytes.
        public let byteCount: Int

        public init(url: String, mediaType: String, byteCount: Int) {
            self.url = url
            self.mediaType = mediaType
            self.byteCount = byteCount
        }
    }

    /// One entry of the feed: one image of the API's feed and its comments page.
    public struct Item: Equatable, Sendable {
        public let id: UUID
        public let title: String
        /// Absolute URL of the item's comments page.
        public let pageURL: String
        /// `nil` when the image could not be had.
        public let image: Image?
        /// Plain text, which may span several lines or be empty.
        public let text: String
        /// When feedsite first saw the item.
        public let date: Date

        public init(id: UUID, title: String, pageURL: String, image: Image?, text: String, date: Date) {
            self.id = id
            self.title = title
            self.pageURL = pageURL
            self.image = image
            self.text = text
            self.date = date
        }
    }

    public let title: String
    /// A BCP 47 language tag, e.g. `en` or `pt-BR`.
    public let language: String
    /// Absolute URL of the locale's first feed page.
    public let homePageURL: String
    /// Absolute URL of this feed's `feed.json`.
    public let jsonFeedURL: String
    /// Absolute URL of this feed's `feed.atom`.
    public let atomFeedURL: String
    /// Who the feed is by, e.g. the API's host name.
    public let author: String
    /// The feed's own date.
    public let updated: Date
    /// The items in the order the documents list them, newest first.
    public let items: [Item]

    public init(
        title: String, language: String, homePageURL: String, jsonFeedURL: String, atomFeedURL: String, author: String, updated: Date, items: [Item]
    ) {
        self.title = title
        self.language = language
        self.homePageURL = homePageURL
        self.jsonFeedURL = jsonFeedURL
        self.atomFeedURL = atomFeedURL
        self.author = author
        self.updated = updated
        self.items = items
    }
}
