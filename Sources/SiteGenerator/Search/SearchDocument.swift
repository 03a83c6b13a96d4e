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

    /// Every term of the item's location, description, comments and their authors, repeats
    /// included: `SearchIndex.add` drops them, more cheaply than a set here would.
    public static func terms(of entry: SiteEntry, comments: [ImageComment]?) -> [String] {
        var terms: [String] = []
        let add: (String) -> Void = { terms.append($0) }
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
        var length = text.unicodeScalars.count
        for comment in comments ?? [] where length < textLimit {
            let line = (text.isEmpty ? "" : "\n") + comment.username + ": " + comment.message
            text += line
            length += line.unicodeScalars.count
        }
        let size = entry.stored?.dimensions
        var record = "["
        record.reserveCapacity(text.utf8.count + 160)
        record += JSONText.quoted(entry.id.text)
        record += ", "
        record += JSONText.quoted(entry.stored?.fileName ?? "")
        record += ", \(size?.width ?? 0), \(size?.height ?? 0), "
        record += JSONText.quoted(entry.location ?? "")
        record += ", "
        record += JSONText.quoted(length > textLimit ? cut(text) : text)
        record += "]"
        return record
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
