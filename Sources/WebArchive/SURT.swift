/// The sort-friendly form of a URL that CDX indexes are keyed and sorted by (a SURT, as
/// pywb writes it): the host's labels in reverse order, comma-separated and without a
/// leading `www.`, its port unless the scheme's own, `)`, then the path and the query in
/// lower case with the query's parameters sorted; no scheme, no fragment.
/// `https://www.Example.org:8443/A/b?z=1&a=2` is `org,example:8443)/a/b?a=2&z=1`.
public enum SURT {
    public static func key(of url: String) -> String {
        var rest = Substring(url)
        var scheme = ""
        if let colon = rest.range(of: "://") {
            scheme = rest[..<colon.lowerBound].lowercased()
            rest = rest[colon.upperBound...]
        }
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let hostEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        var authority = rest[..<hostEnd].lowercased()
        if let at = authority.lastIndex(of: "@") { authority = String(authority[authority.index(after: at)...]) }
        var host = authority
        var port = ""
        if let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
            host = String(authority[..<colon])
            port = String(authority[authority.index(after: colon)...])
        }
        if (scheme == "http" && port == "80") || (scheme == "https" && port == "443") { port = "" }
        if host.hasPrefix("www.") { host.removeFirst(4) }
        var labels = host.split(separator: ".", omittingEmptySubsequences: false).reversed().joined(separator: ",")
        if !port.isEmpty { labels += ":" + port }
        var path = String(rest[hostEnd...]).lowercased()
        var query = ""
        if let mark = path.firstIndex(of: "?") {
            query = path[path.index(after: mark)...].split(separator: "&").sorted().joined(separator: "&")
            path = String(path[..<mark])
        }
        if path.isEmpty { path = "/" }
        return labels + ")" + path + (query.isEmpty ? "" : "?" + query)
    }
}
