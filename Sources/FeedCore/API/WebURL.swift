import Foundation

/// Only absolute http and https URLs with a host are accepted as image URLs.
public enum WebURL {
    public static func parse(_ text: String) -> URL? {
        guard let url = URL(string: text),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        return url
    }

    /// `url` without its `user:password@` part (an empty one too), the rest as it was; `nil`
    /// when it has none. feedsite sends no credentials and publishes none: an image URL that
    /// carries some is used without them.
    public static func withoutCredentials(_ url: URL) -> URL? {
        guard url.user != nil || url.password != nil, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return nil }
        components.percentEncodedUser = nil
        components.percentEncodedPassword = nil
        return components.url
    }
}
