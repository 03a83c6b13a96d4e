import Foundation
import History
import SiteGenerator
import TestSupport
import XCTest

/// `history/changes.xml`: an Atom entry per kept snapshot, newest first, whose content is
/// its page of what changed.
final class HistoryChangesFeedTests: XCTestCase {
    private let first = SnapshotName("20261124T120000Z")!
    private let second = SnapshotName("20261125T093000Z")!
    private var facts: [SnapshotFacts] {
        [
            SnapshotFacts(name: first, previous: nil, items: 3, summary: SnapshotChanges.Summary(added: 3)),
            SnapshotFacts(name: second, previous: first, items: 5, summary: SnapshotChanges.Summary(added: 2, edited: 1)),
        ]
    }
    private let page = Data("<html><body><main>\n<p class=\"snapshot\"></p>\n<p>Two <b>added</b> & one edited</p>\n</main></body></html>".utf8)

    func test_feed_hasAnEntryPerKeptSnapshotNewestFirst_itsContentThePageOfWhatChanged_relativeWithoutABaseURL() throws {
        let xml = String(decoding: try HistoryChangesFeed.data(of: facts, in: try SiteFixtures.renderer()) { _ in self.page }, as: UTF8.self)

        let entries = xml.components(separatedBy: "<entry>").dropFirst()
        XCTAssertEqual(entries.count, 2)
        XCTAssertTrue(entries.first?.contains("<id>tag:\(SiteFixtures.apiHost),2026-11-25:history/20261125T093000Z</id>") == true, xml)
        XCTAssertTrue(entries.first?.contains(#"<link rel="alternate" type="text/html" href="changes/20261124T120000Z_20261125T093000Z.html"/>"#) == true, xml)
        XCTAssertTrue(
            entries.first?.contains(
                #"<content type="html" xml:base="changes/20261124T120000Z_20261125T093000Z.html">&lt;p&gt;Two &lt;b&gt;added&lt;/b&gt; &amp; one edited&lt;/p&gt;</content>"#
            )
                == true, xml)
        XCTAssertTrue(entries.last?.contains(#"<link rel="alternate" type="text/html" href="20261124T120000Z/index.html"/>"#) == true, xml)
        XCTAssertTrue(entries.last?.contains(#"<content type="text">Items: 3</content>"#) == true, xml)
        XCTAssertTrue(entries.last?.contains("first snapshot</title>") == true, xml)
        XCTAssertFalse(xml.contains(#"rel="self""#), "no address of its own without --base-url")
    }

    func test_feed_withABaseURL_givesAbsoluteAddresses() throws {
        let renderer = try SiteFixtures.renderer(baseURL: BaseURL("https://example.org/feed/"))

        let xml = String(decoding: try HistoryChangesFeed.data(of: facts, in: renderer) { _ in nil }, as: UTF8.self)

        XCTAssertTrue(xml.contains(#"<link rel="self" type="application/atom+xml" href="https://example.org/feed/history/changes.xml"/>"#), xml)
        XCTAssertTrue(xml.contains("<id>https://example.org/feed/history/changes.xml</id>"), xml)
        XCTAssertTrue(xml.contains("<id>tag:example.org,2026-11-24:history/20261124T120000Z</id>"), xml)
        XCTAssertTrue(xml.contains(#"href="https://example.org/feed/history/changes/20261124T120000Z_20261125T093000Z.html""#), xml)
    }
}
