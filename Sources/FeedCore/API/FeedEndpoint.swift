import Foundation

/// `GET ROOT/feed?limit=N[&after_id=ID]`: one page of the keyset-paginated feed.
public enum FeedEndpoint {
    case get(after: UUID? = nil, limit: Int = FeedEndpoint.defaultLimit)

    public static let defaultLimit = 10

    public func url(baseURL: URL) -> URL {
        switch self {
        case let .get(after, limit):
            var components = URLComponents(url: baseURL.appendingPathComponent("feed"), resolvingAgainstBaseURL: false)!
            components.queryItems = [URLQueryItem(name: "limit", value: String(limit))]
            if let after {
                components.queryItems?.append(URLQueryItem(name: "after_id", value: after.text))
            }
            return components.url!
        }
    }
}
