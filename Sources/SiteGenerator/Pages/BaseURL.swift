import FeedCore
import Foundation

/// Where the site will be served (`--base-url`): an absolute http or https URL with a host
/// and neither query nor fragment, kept with a trailing slash, so that a file's path from
/// the site root appended to it is the file's address.
public struct BaseURL: Equatable, Sendable {
    /// The URL as given, ending in `/`.
    public let text: String

    /// `nil` unless `text` is such a URL.
    public init?(_ text: String) {
        guard let url = WebURL.parse(text), url.query == nil, url.fragment == nil, !text.contains("?"), !text.contains("#") else { return nil }
        self.text = text.hasSuffix("/") ? text : text + "/"
    }

    /// The address of the file at `path` (from the site root). A folder's `index.html` is
    /// addressed as the folder, as a web server serves it: `el/index.html` → `<base>el/`.
    public func address(of path: String) -> String {
        if path == "index.html" { return text }
        if path.hasSuffix("/index.html") { return text + path.dropLast("index.html".count) }
        return text + path
    }
}
