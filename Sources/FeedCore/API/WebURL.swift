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
}
