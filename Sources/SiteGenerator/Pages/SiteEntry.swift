import FeedCore
import Foundation

/// A feed item as the site knows it: the image's data from the feed, when feedsite first
/// saw it and, when it could be had, its bytes in the image store.
public struct SiteEntry: Equatable, Sendable {
    public let image: FeedImage
    public let stored: StoredImage?
    /// The item's date in the JSON and Atom feeds (`FeedItem.firstSeen`).
    public let firstSeen: Date

    public init(image: FeedImage, stored: StoredImage?, firstSeen: Date) {
        self.image = image
        self.stored = stored
        self.firstSeen = firstSeen
    }

    public var id: UUID { image.id }
    public var description: String? { image.description }
    public var location: String? { image.location }
    /// The image's URL as the feed gave it, for the "open the original" link.
    public var originalURL: String { image.url.absoluteString }
}
