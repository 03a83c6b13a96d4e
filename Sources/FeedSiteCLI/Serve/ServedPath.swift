import Foundation

/// What a request's target names in the site folder, told from its text alone: the names
/// of the folders and the file on the way from the site's root, each percent-decoded once
/// and checked, so that no target leads out of the folder, whatever it is spelled like.
/// (Symbolic links are for the lookup on disk to check.)
struct ServedPath: Equatable {
    /// The decoded names from the root: empty for the root itself.
    let names: [String]
    /// Whether the path ended in `/`, asking for a folder.
    let endsInSlash: Bool
    /// The query as sent, without its `?`, kept for a redirect.
    let query: String?

    enum Refusal: Error, Equatable {
        /// Not a path with well-formed escapes (answered 400), and why.
        case badRequest(String)
        /// A name no site file has and none outside may be reached by: `.` or `..`, a
        /// dot-file, or a name holding `/`, `\` or NUL once decoded; or more names than
        /// `maxNames`. Answered 404, as a missing file is, so the answer tells nothing of
        /// what lies outside the folder.
        case notInSite
    }

    /// The most names a path may hold: far more than the deepest file of a site, few
    /// enough that looking a path up costs next to nothing whatever a client sends.
    static let maxNames = 64

    /// The target of a request line, such as `/el/comments/1.html?x=1`.
    static func parse(_ target: String) throws(Refusal) -> ServedPath {
        guard target.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw .badRequest("the request target holds a space, a control character or a byte outside ASCII")
        }
        guard target.hasPrefix("/") else { throw .badRequest("the request target is not a path such as /index.html") }
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts[0]
        var names: [String] = []
        // Split before decoding, so an encoded `/` (`%2F`) stays inside its name, where it
        // is refused; decoded once, so `%252e` is the name `%2e`, never `.`.
        for raw in path.split(separator: "/") {
            guard let name = raw.removingPercentEncoding else {
                throw .badRequest("malformed percent-encoding in the request target")
            }
            guard isServable(name), names.count < maxNames else { throw .notInSite }
            names.append(name)
        }
        return ServedPath(names: names, endsInSlash: path.hasSuffix("/"), query: parts.count == 2 ? String(parts[1]) : nil)
    }

    /// Where the path leads under the folder `root`.
    func location(in root: String) -> String {
        ([root] + names).joined(separator: "/")
    }

    /// The address of this path as a folder, to redirect `/el` to: each name encoded
    /// again, the query kept.
    var folderAddress: String {
        let path = names.map { $0.addingPercentEncoding(withAllowedCharacters: Self.allowedInName) ?? $0 }.joined(separator: "/")
        let folder = path.isEmpty ? "/" : "/" + path + "/"
        return query.map { folder + "?" + $0 } ?? folder
    }

    private static func isServable(_ name: String) -> Bool {
        !name.hasPrefix(".") && !name.contains { $0 == "/" || $0 == "\\" || $0 == "\0" }
    }

    /// The characters a path segment may hold unencoded.
    private static let allowedInName = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@")
}
