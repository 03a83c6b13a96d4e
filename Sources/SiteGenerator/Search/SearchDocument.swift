import Basics
import FeedCore
import Foundation
import Hashing

/// An item as the search shows it among the results, and what it is found by.
///
/// In the index, items come `docsPerFile` to a file (`d<n>.js` holds items `n × docsPerFile`
/// onwards), each a JSON array: `[id, image, width, height, location, text]`: the id names
/// its comments page, the image is its file name in `images/` (`""` when it could not be
/// had; its smallest rendition when it has renditions, for a result's small picture) with
/// its size in pixels (`0` when unknown), the location is `""` when there is none,
/// and the text is the description, then each comment as "username: message", a line each,
/// cut at about `textLimit` characters: the results' snippets come from it.
public enum SearchDocument {
    /// Items in one file: small enough that the 50 results of a query, in 50 different
    /// files, load little (BENCHMARKS.md, "Search").
    public static let docsPerFile = 8

    /// Characters of text kept for the snippets. A word further on is still found (every
    /// term is in the index) but shown without a snippet of its own.
    public static let textLimit = 400

    /// Every term of the item's location, description, comments and their authors as the
    /// pages show them (`DocumentText`), repeats included: `SearchIndex.add` drops them, more
    /// cheaply than a set here would. Then each term of its own words (its location and
    /// description) again, marked as its own (`SearchTerms.ownMarker`), which the search
    /// ranks by.
    public static func terms(of entry: SiteEntry, comments: [ImageComment]?) -> [String] {
        var terms: [String] = []
        for text in [entry.location, entry.description].compactMap({ $0 }) {
            SearchTerms.forEachTerm(in: DocumentText.cleaned(text)) { terms.append($0) }
        }
        let own = terms.count
        for text in (comments ?? []).flatMap({ [$0.message, $0.username] }) {
            SearchTerms.forEachTerm(in: DocumentText.cleaned(text)) { terms.append($0) }
        }
        for index in 0..<own { terms.append(SearchTerms.ownMarker + terms[index]) }
        return terms
    }

    /// The item's JSON array, as UTF-8, its text as the pages show it (`DocumentText`) with
    /// its line and paragraph separators escaped.
    public static func record(of entry: SiteEntry, comments: [ImageComment]?) -> [UInt8] {
        // UTF-8 bytes count at least as many as scalars: text within the limit in bytes needs
        // no counting of its scalars.
        var text = DocumentText.cleaned(entry.description ?? "")
        for comment in comments ?? [] where text.utf8.count < textLimit || text.unicodeScalars.count < textLimit {
            if !text.isEmpty { text += "\n" }
            text += DocumentText.cleaned(comment.username)
            text += ": "
            text += DocumentText.cleaned(comment.message)
        }
        let smallest = entry.sizedRenditions.first
        let image = smallest?.image ?? entry.stored
        let size = smallest?.size ?? entry.stored?.dimensions
        var record: [UInt8] = []
        record.reserveCapacity(text.utf8.count + 200)
        func add(_ piece: String) { record.append(contentsOf: piece.utf8) }
        func quote(_ piece: String) { JSONText.appendQuoted(piece, to: &record, escapingLineSeparators: true) }
        add("[")
        quote(entry.id.text)
        add(", ")
        quote(image?.fileName ?? "")
        add(", \(size?.width ?? 0), \(size?.height ?? 0), ")
        quote(DocumentText.cleaned(entry.location ?? ""))
        add(", ")
        quote(text.utf8.count > textLimit ? cut(text) : text)
        add("]")
        return record
    }

    /// The first `digestBytes` bytes of `record`'s SHA-256, for the index's generation.
    public static func digest(_ record: [UInt8]) -> [UInt8] {
        Array(SHA256.hash(record).prefix(digestBytes))
    }

    public static let digestBytes = 8

    /// `text` up to `textLimit` scalars, cut after the last space before the limit when
    /// there is one, with "…" when anything was cut.
    public static func cut(_ text: String) -> String {
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
    public static func file(_ number: Int, records: [ArraySlice<UInt8>]) -> SearchIndex.File {
        let name = "d\(number)"
        var value: [UInt8] = [UInt8(ascii: "[")]
        value.reserveCapacity(records.reduce(2) { $0 + $1.count + 2 })
        for (index, record) in records.enumerated() {
            if index > 0 { value.append(contentsOf: ", ".utf8) }
            value.append(contentsOf: record)
        }
        value.append(UInt8(ascii: "]"))
        return .init(name: name, text: SearchIndex.call(name, String(decoding: value, as: UTF8.self)))
    }
}
