import FeedCore
import Foundation
import Hashing

/// An item as the search shows it among the results, and what it is found by.
///
/// In the index, items come `docsPerFile` to a file (`d<n>.js` holds items `n × docsPerFile`
/// onwards), each a JSON array: `[id, image, width, height, location, text]`: the id names
/// its comments page, the image is its file name in `images/` (`""` when it could not be
/// had) with its size in pixels (`0` when unknown), the location is `""` when there is none,
/// and the text is the description, then each comment as "username: message", a line each,
/// cut at about `textLimit` characters: the results' snippets come from it.
public enum SearchDocument {
    /// Items in one file: small enough that the 50 results of a query, in 50 different
    /// files, load little (BENCHMARKS.md, "Search").
    public static let docsPerFile = 8

    /// Characters of text kept for the snippets. A word further on is still found (every
    /// term is in the index) but shown without a snippet of its own.
    public static let textLimit = 400

    /// Every term of the item's location, description, comments and their authors.
    public static func terms(of entry: SiteEntry, comments: [ImageComment]?) -> Set<String> {
        var terms = Set<String>()
        let add: (String) -> Void = { terms.insert($0) }
        if let location = entry.location { SearchTerms.forEachTerm(in: location, add) }
        if let description = entry.description { SearchTerms.forEachTerm(in: description, add) }
        for comment in comments ?? [] {
            SearchTerms.forEachTerm(in: comment.message, add)
            SearchTerms.forEachTerm(in: comment.username, add)
        }
        return terms
    }

    /// The item's JSON array.
    public static func record(of entry: SiteEntry, comments: [ImageComment]?) -> String {
        var text = entry.description ?? ""
        for comment in comments ?? [] {
            guard text.unicodeScalars.count < textLimit else { break }
            if !text.isEmpty { text += "\n" }
            text += comment.username + ": " + comment.message
        }
        let size = entry.stored?.dimensions
        return "[" + JSONText.quoted(entry.id.text) + ", " + JSONText.quoted(entry.stored?.fileName ?? "") + ", \(size?.width ?? 0), \(size?.height ?? 0), "
            + JSONText.quoted(entry.location ?? "") + ", " + JSONText.quoted(cut(text)) + "]"
    }

    /// The first `digestBytes` bytes of `record`'s SHA-256, for the index's generation.
    public static func digest(_ record: String) -> [UInt8] {
        Array(SHA256.hash(record.utf8).prefix(digestBytes))
    }

    public static let digestBytes = 8

    /// `text` up to `textLimit` scalars, cut after the last space before the limit when
    /// there is one, with "…" when anything was cut.
    static func cut(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > textLimit else { return text }
        let limit = scalars.index(scalars.startIndex, offsetBy: textLimit)
        var end = limit
        if let space = scalars[..<limit].lastIndex(where: { $0.properties.isWhitespace }), space > scalars.startIndex {
            end = space
        }
        return String(scalars[..<end]) + "…"
    }

    /// The file of records `number × docsPerFile` onwards.
    public static func file(_ number: Int, records: [String]) -> SearchIndex.File {
        let name = "d\(number)"
        return .init(name: name, text: SearchIndex.call(name, "[" + records.joined(separator: ", ") + "]"))
    }
}
