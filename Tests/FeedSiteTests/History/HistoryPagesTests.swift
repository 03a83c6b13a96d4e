import Foundation
import History
import SiteGenerator
import TestSupport
import XCTest

/// The history's own pages made from the facts of the kept snapshots: the calendar of
/// each locale.
final class HistoryPagesTests: XCTestCase {
    private let first = SnapshotName("20261124T120000Z")!
    private let second = SnapshotName("20261125T093000Z")!

    func test_calendar_linksTheChangesPageOfEachSnapshotWithOneBefore_andTheFirstSnapshotHasNone() throws {
        let calendar = try calendars(locales: ["en"])[0]

        XCTAssertTrue(
            calendar.contains(#"<span class="history-changes"><a href="changes/20261124T120000Z_20261125T093000Z.html">added: 2, edited: 1</a></span>"#),
            calendar)
        XCTAssertTrue(calendar.contains(#"<span class="history-changes">first snapshot</span>"#), calendar)
        XCTAssertEqual(calendar.components(separatedBy: "changes/2026").count, 2, "one changes page for two snapshots")
    }

    func test_calendarOfASecondLocale_linksItsOwnChangesPage_andTheOtherLocalesCalendars() throws {
        let calendars = try calendars(locales: ["en", "el", "pt-BR"])

        XCTAssertTrue(calendars[1].contains(#"<a href="changes/20261124T120000Z_20261125T093000Z.html">νέα: 2, τροποποιήθηκαν: 1</a>"#), calendars[1])
        XCTAssertTrue(calendars[0].contains(#"<a href="20261125T093000Z/index.html">"#), "the snapshot's first feed page")
        XCTAssertTrue(calendars[1].contains(#"<a href="../20261125T093000Z/el/index.html">"#), "the snapshot's page in the locale")
        XCTAssertTrue(calendars[0].contains(#"hreflang="el" href="el/index.html""#), calendars[0])
        XCTAssertTrue(calendars[1].contains(#"hreflang="en" href="../index.html""#), calendars[1])
        XCTAssertTrue(calendars[1].contains(#"hreflang="pt-BR" href="../pt-BR/index.html""#), calendars[1])
    }

    func test_calendar_shadesEachDayByHowMuchItChanged_andLinksTheFeedOfChanges() throws {
        let third = SnapshotName("20261127T093000Z")!
        let facts = [
            SnapshotFacts(name: first, previous: nil, items: 3, summary: SnapshotChanges.Summary(added: 3)),
            SnapshotFacts(name: second, previous: first, items: 5, summary: SnapshotChanges.Summary(added: 2, edited: 1)),
            SnapshotFacts(name: third, previous: second, items: 5, summary: SnapshotChanges.Summary(commentsAdded: 12)),
        ]

        let calendar = String(decoding: try HistoryPages(renderers: [SiteFixtures.renderer()], script: Data()).files(for: facts)[1].data, as: UTF8.self)

        XCTAssertTrue(calendar.contains(##"<td class="history-level-1"><a href="#day-2026-11-24""##), "a first snapshot is the lightest: \(calendar)")
        XCTAssertTrue(calendar.contains(##"<td class="history-level-1"><a href="#day-2026-11-25""##), "3 of the most, 12: \(calendar)")
        XCTAssertTrue(calendar.contains(##"<td class="history-level-4"><a href="#day-2026-11-27""##), calendar)
        XCTAssertTrue(calendar.contains(#"<td>26</td>"#), "a day without snapshots is not shaded")
        XCTAssertTrue(calendar.contains(#"<link rel="alternate" type="application/atom+xml" title="What changed · History · "#), calendar)
        XCTAssertTrue(calendar.contains(#" href="changes.xml">"#), calendar)
    }

    func test_calendar_ofAHistoryWhoseEarlierSnapshotsWereThinned_saysSo_notFirstSnapshot() throws {
        let facts = [SnapshotFacts(name: second, previous: nil, items: 5, summary: .init(), earlierThinned: true)]

        let calendar = String(decoding: try HistoryPages(renderers: [SiteFixtures.renderer()], script: Data()).files(for: facts)[1].data, as: UTF8.self)

        XCTAssertTrue(calendar.contains("the oldest kept; earlier snapshots were thinned"), calendar)
        XCTAssertFalse(calendar.contains("first snapshot"), calendar)
    }

    /// The calendar of each of `locales` for two snapshots, the second with changes.
    private func calendars(locales: [String]) throws -> [String] {
        let facts = [
            SnapshotFacts(name: first, previous: nil, items: 3, summary: SnapshotChanges.Summary(added: 3)),
            SnapshotFacts(name: second, previous: first, items: 5, summary: SnapshotChanges.Summary(added: 2, edited: 1)),
        ]
        let files = try HistoryPages(renderers: try SiteFixtures.renderers(locales: locales), script: Data()).files(for: facts)
        XCTAssertEqual(files.map(\.path), ["history.js"] + locales.enumerated().map { $0.offset == 0 ? "index.html" : "\($0.element)/index.html" })
        return files.dropFirst().map { String(decoding: $0.data, as: UTF8.self) }
    }
}
