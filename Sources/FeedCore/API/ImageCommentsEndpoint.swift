import Foundation

/// `GET ROOT/image/<ID>/comments`.
public enum ImageCommentsEndpoint {
    case get(imageID: UUID)

    public func url(baseURL: URL) -> URL {
        switch self {
        case let .get(imageID):
            baseURL.appendingPathComponent("image").appendingPathComponent(imageID.text)
                .appendingPathComponent("comments")
        }
    }
}
