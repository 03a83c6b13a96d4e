import Basics

/// The sort-friendly form of a URL that CDX indexes are keyed and sorted by (a SURT, as
/// pywb writes it): the host's labels in reverse order, comma-separated and without a
/// leading `www.`, its port unless the scheme's own, `)`, then the path and the query in
/// lower case with the query's parameters sorted; no scheme, no fragment.
/// `https://www.Example.org:8443/A/b?z=1&a=2` is `org,example:8443)/a/b?a=2&z=1`.
/// Worked on the URL's bytes (ASCII, as a URL's text is), a key for every record
/// (BENCHMARKS.md, "What each trick buys", row "web archive heads written as bytes").
public enum SURT {
    public static func key(of url: String) -> String {
        var out: [UInt8] = []
        appendKey(of: url, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the key of `url` to `out`.
    public static func appendKey(of url: String, to out: inout [UInt8]) {
        var bytes = Array(url.utf8).map(ASCII.lowercased)
        if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) { bytes.removeSubrange(hash...) }
        var rest = bytes[...]
        var scheme: ArraySlice<UInt8> = []
        if let colon = firstIndex(of: Array("://".utf8), in: rest) {
            scheme = rest[..<colon]
            rest = rest[(colon + 3)...]
        }
        let hostEnd = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? rest.endIndex
        var host = rest[..<hostEnd]
        if let at = host.lastIndex(of: UInt8(ascii: "@")) { host = host[(at + 1)...] }
        var port: ArraySlice<UInt8> = []
        if let colon = host.lastIndex(of: UInt8(ascii: ":")), host.last != UInt8(ascii: "]") {
            port = host[(colon + 1)...]
            host = host[..<colon]
        }
        if (scheme.elementsEqual("http".utf8) && port.elementsEqual("80".utf8)) || (scheme.elementsEqual("https".utf8) && port.elementsEqual("443".utf8)) {
            port = []
        }
        if host.starts(with: "www.".utf8) { host = host.dropFirst(4) }
        for (index, label) in host.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).reversed().enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out += label
        }
        if !port.isEmpty {
            out.append(UInt8(ascii: ":"))
            out += port
        }
        out.append(UInt8(ascii: ")"))
        var path = rest[hostEnd...]
        var query: [ArraySlice<UInt8>] = []
        if let mark = path.firstIndex(of: UInt8(ascii: "?")) {
            query = path[(mark + 1)...].split(separator: UInt8(ascii: "&")).sorted { $0.lexicographicallyPrecedes($1) }
            path = path[..<mark]
        }
        out += path.isEmpty ? [UInt8(ascii: "/")] : Array(path)
        for (index, parameter) in query.enumerated() {
            out.append(UInt8(ascii: index == 0 ? "?" : "&"))
            out += parameter
        }
    }

    private static func firstIndex(of needle: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (bytes.startIndex...(bytes.endIndex - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
