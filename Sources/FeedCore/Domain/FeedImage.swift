import Foundation

/// One image of the feed, as the domain knows it (the API calls `url` "image").
public struct FeedImage: Hashable, Sendable {
    public let id: UUID
    public let description: String?
    public let location: String?
    /// The image's URL as text (`url.absoluteString`). A run holds every item of the feed
    /// at once, and a parsed `URL` costs about three times its text: BENCHMARKS.md, "What
    /// each trick buys", row "the feed's image URLs kept as text".
    public let address: String

    public init(id: UUID, description: String?, location: String?, url: URL) {
        self.id = id
        self.description = description
        self.location = location
        self.address = url.absoluteString
    }

    /// `address` parsed again. It is a `URL`'s own text, which always parses; should it
    /// ever not, the empty path stands in, which no HTTP request accepts.
    public var url: URL {
        URL(string: address) ?? URL(fileURLWithPath: "")
    }
}
