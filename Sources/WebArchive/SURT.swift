import Basics

/// The sort-friendly form of a URL that CDX indexes are keyed and sorted by (a SURT, as
/// pywb writes it): the host's labels in reverse order, comma-separated and without a
/// leading `www.`, its port unless the scheme's own, `)`, then the path and the query in
/// lower case with the query's parameters sorted; no scheme, no fragment.
/// `https://www.Example.org:8443/A/b?z=1&a=2` is `org,example:8443)/a/b?a=2&z=1`.
/// Worked on the URL's bytes (ASCII, as a URL's text is) where they lie, a key for every
/// record (BENCHMARKS.md, "What each trick buys", rows "web archive heads written as
/// bytes" and "a capture read where it lies").
public enum SURT {
    public static func key(of url: String) -> String {
        var out: [UInt8] = []
        appendKey(of: url, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the key of `url` to `out`.
    public static func appendKey(of url: String, to out: inout [UInt8]) {
        var url = url
        url.withUTF8 { appendKey(of: $0, to: &out) }
    }

    /// Appends the key of the URL whose bytes are `url` to `out`, with no copy of them
    /// made but the key.
    private static func appendKey(of url: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var rest = url[...]
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) { rest = rest[..<hash] }
        var scheme = rest[rest.startIndex..<rest.startIndex]
        if let colon = firstIndex(of: "://", in: rest) {
            scheme = rest[..<colon]
            rest = rest[(colon + 3)...]
        }
        let hostEnd = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? rest.endIndex
        var host = rest[..<hostEnd]
        if let at = host.lastIndex(of: UInt8(ascii: "@")) { host = host[(at + 1)...] }
        var port = host[host.endIndex...]
        if let colon = host.lastIndex(of: UInt8(ascii: ":")), host.last != UInt8(ascii: "]") {
            port = host[(colon + 1)...]
            host = host[..<colon]
        }
        if (equalsLowercased(scheme, "http") && port.elementsEqual("80".utf8)) || (equalsLowercased(scheme, "https") && port.elementsEqual("443".utf8)) {
            port = port[port.endIndex...]
        }
        if host.count >= 4, equalsLowercased(host.prefix(4), "www.") { host = host.dropFirst(4) }
        // The host's labels, last first.
        var labelEnd = host.endIndex
        var at = host.endIndex
        while at > host.startIndex {
            at -= 1
            if host[at] == UInt8(ascii: ".") {
                appendLowercased(host[(at + 1)..<labelEnd], to: &out)
                out.append(UInt8(ascii: ","))
                labelEnd = at
            }
        }
        appendLowercased(host[host.startIndex..<labelEnd], to: &out)
        if !port.isEmpty {
            out.append(UInt8(ascii: ":"))
            appendLowercased(port, to: &out)
        }
        out.append(UInt8(ascii: ")"))
        var path = rest[hostEnd...]
        var query: [ArraySlice<UInt8>] = []
        if let mark = path.firstIndex(of: UInt8(ascii: "?")) {
            query = Array(path[(mark + 1)...]).map(ASCII.lowercased).split(separator: UInt8(ascii: "&")).sorted { $0.lexicographicallyPrecedes($1) }
            path = path[..<mark]
        }
        if path.isEmpty { out.append(UInt8(ascii: "/")) } else { appendLowercased(path, to: &out) }
        for (index, parameter) in query.enumerated() {
            out.append(UInt8(ascii: index == 0 ? "?" : "&"))
            out += parameter
        }
    }

    private static func appendLowercased(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, to out: inout [UInt8]) {
        for byte in bytes { out.append(ASCII.lowercased(byte)) }
    }

    private static func equalsLowercased(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ text: StaticString) -> Bool {
        bytes.count == text.utf8CodeUnitCount
            && zip(bytes, UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)).allSatisfy { ASCII.lowercased($0) == $1 }
    }

    private static func firstIndex(of needle: StaticString, in bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        let needle = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard bytes.count >= needle.count else { return nil }
        return (bytes.startIndex...(bytes.endIndex - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
