import Basics
import FeedCore
import Foundation
import SiteGenerator

extension HistoryItems.Document {
    /// What the live search makes of `entry` and its `comments`.
    public init(_ entry: SiteEntry, comments: [ImageComment]?) {
        var seen = Set<String>()
        let terms = SearchDocument.terms(of: entry, comments: comments).filter { seen.insert($0).inserted }
        self.init(record: String(decoding: SearchDocument.record(of: entry, comments: comments), as: UTF8.self), terms: terms.joined(separator: " "))
    }

    /// What a snapshot's record alone tells of an item, for one whose document was never
    /// remembered: its location and description, without a picture or comments.
    public init(_ record: SnapshotRecord) {
        let location = DocumentText.cleaned(record.location ?? "")
        let description = DocumentText.cleaned(record.description ?? "")
        var seen = Set<String>()
        var terms: [String] = []
        for text in [location, description] {
            SearchTerms.forEachTerm(in: text) { if seen.insert($0).inserted { terms.append($0) } }
        }
        terms += terms.map { SearchTerms.ownMarker + $0 }
        var bytes: [UInt8] = []
        bytes.append(UInt8(ascii: "["))
        JSONText.appendQuoted(record.id.text, to: &bytes)
        bytes.append(contentsOf: ", \"\", 0, 0, ".utf8)
        JSONText.appendQuoted(location, to: &bytes, escapingLineSeparators: true)
        bytes.append(contentsOf: ", ".utf8)
        JSONText.appendQuoted(SearchDocument.cut(description), to: &bytes, escapingLineSeparators: true)
        bytes.append(UInt8(ascii: "]"))
        self.init(record: String(decoding: bytes, as: UTF8.self), terms: terms.joined(separator: " "))
    }
}

extension HistoryItems.Document {
    /// This document, its terms followed by those of `earlier` it lacks, so the history's
    /// search still finds an item by the words of a version before its latest. The record,
    /// what a result shows, stays this one's.
    public func keepingTerms(of earlier: HistoryItems.Document) -> HistoryItems.Document {
        guard !earlier.terms.isEmpty, earlier.terms != terms else { return self }
        var seen = Set(terms.split(separator: " "))
        let older = earlier.terms.split(separator: " ").filter { seen.insert($0).inserted }
        guard !older.isEmpty else { return self }
        return HistoryItems.Document(record: record, terms: ([terms] + older.map(String.init)).filter { !$0.isEmpty }.joined(separator: " "))
    }
}
