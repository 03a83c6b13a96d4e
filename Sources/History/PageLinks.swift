import Foundation

/// The files a page of a site links to within it, read from its HTML: every `href`, `src`
/// and `srcset` address that is relative, as a path from the site's root. Addresses with a
/// scheme, from the root of the server, to this page's own fragments, and those that lead
/// out of the site are left out.
enum PageLinks {
    /// The targets of the links in `html`, the page at `page` (a path from the site's root).
    static func targets(in html: String, at page: String) -> Set<String> {
        var targets = Set<String>()
        for attribute in ["href=\"", "src=\"", "srcset=\""] {
            var rest = html[...]
            while let start = rest.range(of: attribute) {
                rest = rest[start.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { break }
                let value = String(rest[..<end])
                rest = rest[end...]
                let addresses = attribute == "srcset=\"" ? sourceSet(value).map(\.address) : [value]
                for address in addresses {
                    if let target = resolved(address, onPage: page) { targets.insert(target) }
                }
            }
        }
        return targets
    }

    /// The candidates of a `srcset` value as the page wrote it: each address and its width
    /// (`480w`), `nil` when it gives none.
    static func sourceSet(_ value: String) -> [(address: String, width: Int?)] {
        value.split(separator: ",").compactMap { candidate in
            let fields = candidate.split(separator: " ")
            guard let address = fields.first else { return nil }
            return (String(address), fields.dropFirst().first.flatMap { $0.hasSuffix("w") ? Int($0.dropLast()) : nil })
        }
    }

    /// An address as a page at `page` (a path from the site's root) wrote it in its HTML,
    /// as a path from the root; `nil` when it is not a relative address within the site.
    static func resolved(_ address: String, onPage page: String) -> String? {
        resolved(HTMLEntities.unescaped(address), from: page.split(separator: "/", omittingEmptySubsequences: false).dropLast())
    }

    /// `address` from the folder `folder` (its parts), as a path from the root; `nil` when it
    /// is not a relative address within the site.
    static func resolved(_ address: String, from folder: ArraySlice<Substring>) -> String? {
        let path = address.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let plain = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard !plain.isEmpty, !plain.hasPrefix("/"), !plain.contains(":") else { return nil }
        var parts = Array(folder)
        for part in plain.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case "", ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }
}

/// Text as the template engine escaped it into HTML (`HTML.escape`), back as it was.
enum HTMLEntities {
    static func unescaped(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }
}
