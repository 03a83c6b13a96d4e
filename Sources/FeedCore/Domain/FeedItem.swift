import Foundation

/// An image of the feed and when feedsite first saw it. The API gives items no date, so the
/// feed cache keeps, for each item, the run that first found it; the JSON and Atom
/// feeds date items by it.
public struct FeedItem: Hashable, Sendable {
    public let image: FeedImage
    public let firstSeen: Date

    public init(image: FeedImage, firstSeen: Date) {
        self.image = image
        self.firstSeen = firstSeen
    }
}
