import Foundation

/// `GET ROOT/image/<ID>/comments`.
public enum ImageCommentsEndpoint {
    case get(imageID: UUID)

    /// The three components appended at once: the same URL as one at a time, in a third of
    /// the time, for every item of a run (BENCHMARKS.md, "What each trick buys", row "the
    /// comments' URL in one append").
    public func url(baseURL: URL) -> URL {
        switch self {
        case let .get(imageID):
            baseURL.appendingPathComponent("image/\(imageID.text)/comments")
        }
    }
}
