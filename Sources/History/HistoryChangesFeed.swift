import Basics
import Foundation
import SiteGenerator

/// `history/changes.xml`: the history's changes as an Atom feed, for feed readers. One entry
/// per kept snapshot, newest first, its content the page of what it changed since the kept
/// snapshot before it (that page's main part, its links resolved against the page's own
/// address with `xml:base`); the oldest kept snapshot's entry says what it holds. With
/// `--base-url` every address is absolute; without, they are relative to the feed, as a feed
/// reader resolves them against the address it read the feed from.
public enum HistoryChangesFeed {
    /// The feed's path from the history's root.
    public static let fileName = "changes.xml"

    /// The feed of `kept` (oldest first) in `renderer`'s locale; `page` gives the bytes of the
    /// page of what changed at a path from the history's root, when there is one.
    public static func data(of kept: [SnapshotFacts], in renderer: SiteRenderer, page: (String) -> Data?) throws -> Data {
        let base = renderer.siteAddress
        func address(_ path: String) -> String {
            base?.address(of: SitePaths.historyFolder + path) ?? path
        }
        // Tag URIs (RFC 4151) that stay the same however the history is thinned: the host
        // the site is served from, else the API's, and for an entry its snapshot's day.
        let host = renderer.siteAddress.flatMap { URL(string: $0.text)?.host } ?? renderer.snapshotHost
        let tag = base.map { _ in address(fileName) } ?? "tag:\(host),2000-01-01:history"
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        xml += "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"\(XMLText.escaped(renderer.language))\">\n"
        xml += "  <id>\(XMLText.escaped(tag))</id>\n"
        xml += "  <title>\(XMLText.escaped(try renderer.historyFeedTitle()))</title>\n"
        xml += "  <updated>\(ISO8601Date.format(kept.last?.name.time ?? Date(timeIntervalSince1970: 0)))</updated>\n"
        if base != nil { xml += "  <link rel=\"self\" type=\"application/atom+xml\" href=\"\(XMLText.escaped(address(fileName)))\"/>\n" }
        let calendar = String(renderer.paths.historyCalendar.dropFirst(SitePaths.historyFolder.count))
        xml += "  <link rel=\"alternate\" type=\"text/html\" href=\"\(XMLText.escaped(address(calendar)))\"/>\n"
        xml += "  <author><name>feedsite</name></author>\n"
        xml += "  <generator>feedsite</generator>\n"
        for (index, facts) in kept.enumerated().reversed() {
            let previous = index > 0 ? kept[index - 1].name : nil
            let snapshotPage = String(SitePaths.historySnapshotPage(facts.name.text, renderer.paths.feedPage(1)).dropFirst(SitePaths.historyFolder.count))
            let changesPage = previous.map { HistoryChangesPage.path(from: $0, to: facts.name, in: renderer) }
            let time = try renderer.historyString(.historyTime, renderer.dayAndTime(facts.name.time))
            xml += "  <entry>\n"
            let day = String(ISO8601Date.format(facts.name.time).prefix(10))
            xml += "    <id>\(XMLText.escaped("tag:\(host),\(day):history/\(facts.name.text)"))</id>\n"
            xml += "    <title>\(XMLText.escaped(time + " · " + (try HistoryPages.changes(of: facts, in: renderer))))</title>\n"
            xml += "    <updated>\(ISO8601Date.format(facts.name.time))</updated>\n"
            xml += "    <link rel=\"alternate\" type=\"text/html\" href=\"\(XMLText.escaped(address(changesPage ?? snapshotPage)))\"/>\n"
            if let changesPage, let body = page(changesPage).flatMap(mainPart) {
                xml += "    <content type=\"html\" xml:base=\"\(XMLText.escaped(address(changesPage)))\">\(XMLText.escaped(body))</content>\n"
            } else {
                let text = try renderer.historyString(.historyItems, String(facts.items))
                xml += "    <content type=\"text\">\(XMLText.escaped(text))</content>\n"
            }
            xml += "  </entry>\n"
        }
        xml += "</feed>\n"
        return Data(xml.utf8)
    }

    /// What a page shows inside its `<main>`, else inside its `<body>`.
    static func mainPart(_ data: Data) -> String? {
        let html = String(decoding: data, as: UTF8.self)
        for (open, close) in [("<main>", "</main>"), ("<body>", "</body>")] {
            if let start = html.range(of: open), let end = html.range(of: close, options: .backwards), start.upperBound <= end.lowerBound {
                // The page's own line is empty: it names its two snapshots in its body.
                return String(html[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "<p class=\"snapshot\"></p>", with: "")
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        return nil
    }
}
