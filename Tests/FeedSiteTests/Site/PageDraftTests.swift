import FeedCore
import Foundation
import Hashing
import TestSupport
import XCTest

@testable import SiteGenerator

/// A page's inputs: the same for the same page made again, whatever order its values were
/// gathered in; other as soon as anything the page shows is other.
final class PageDraftTests: XCTestCase {
    func test_draft_rendersThePageItsRendererRenders() throws {
        let renderer = try SiteFixtures.renderer()
        let entry = SiteFixtures.feedEntries()[1]

        let draft = try renderer.commentsPageDraft(for: entry, comments: SiteFixtures.comments(), feedPage: 2)

        XCTAssertEqual(draft.path, "comments/\(entry.id.text).html")
        XCTAssertEqual(try draft.render(), try renderer.commentsPage(for: entry, comments: SiteFixtures.comments(), feedPage: 2).html)
    }

    func test_inputs_areTheSameForTheSamePageMadeAgainByAnotherRenderer() throws {
        let entries = SiteFixtures.feedEntries()

        let first = try SiteFixtures.renderer()
        let second = try SiteFixtures.renderer()

        for entry in entries {
            XCTAssertEqual(
                try first.commentsPageDraft(for: entry, comments: SiteFixtures.comments(), feedPage: 1).inputs,
                try second.commentsPageDraft(for: entry, comments: SiteFixtures.comments(), feedPage: 1).inputs)
        }
        XCTAssertEqual(
            try first.feedPageDraft(1, of: entries, pageSize: 2, feedSavedAt: nil).inputs,
            try second.feedPageDraft(1, of: entries, pageSize: 2, feedSavedAt: nil).inputs)
    }

    func test_inputs_changeWithWhateverThePageShows() throws {
        let entry = SiteFixtures.feedEntries()[0]
        let comments = SiteFixtures.comments()
        let renderer = try SiteFixtures.renderer()
        func inputs(_ renderer: SiteRenderer, comments: [ImageComment]? = comments, feedPage: Int = 1, neighbours: PhotoNeighbours = .none) throws
            -> UInt64
        {
            try renderer.commentsPageDraft(for: entry, comments: comments, feedPage: feedPage, neighbours: neighbours).inputs
        }
        var edited = comments
        edited[2] = SiteFixtures.comment(message: "Where was this?", createdAt: comments[2].createdAt, username: comments[2].username)
        let neighbour = SiteFixtures.feedEntries()[1]

        let variants: [(String, UInt64)] = [
            ("a comment's text", try inputs(renderer, comments: edited)),
            ("no comments", try inputs(renderer, comments: [])),
            ("comments unavailable", try inputs(renderer, comments: nil)),
            ("the feed page it links back to", try inputs(renderer, feedPage: 2)),
            ("a neighbour", try inputs(renderer, neighbours: PhotoNeighbours(previous: neighbour, next: nil))),
            ("the run's clock, a day on: its relative dates", try inputs(try SiteFixtures.renderer(now: fixedNow().adding(days: 1)))),
            ("the locale", try inputs(try SiteFixtures.renderer(locale: "pt-BR"))),
            ("the site's title", try inputs(try SiteFixtures.renderer(title: "Another"))),
            ("a template", try inputs(try self.renderer(layoutEndingWith: "<!-- changed -->"))),
        ]

        let same = try inputs(renderer)
        for (change, changed) in variants { XCTAssertNotEqual(changed, same, change) }
        XCTAssertEqual(Set(variants.map(\.1)).count, variants.count, "each change makes other inputs")
    }

    func test_inputs_ofAnObject_doNotDependOnTheOrderItsFieldsWereGathered() {
        var first: [String: TemplateValue] = [:]
        var second: [String: TemplateValue] = [:]
        let names = (0..<40).map { "field\($0)" }
        for name in names { first[name] = .text(name) }
        for name in names.reversed() { second[name] = .text(name) }
        second.reserveCapacity(500)

        XCTAssertEqual(digest(.object(first)), digest(.object(second)))
        XCTAssertNotEqual(digest(.object(first)), digest(.object(first.merging(["field0": .html("field0")]) { $1 })), "html is not text")
        XCTAssertNotEqual(digest(.list([.text("ab"), .text("c")])), digest(.list([.text("a"), .text("bc")])), "where a text ends")
        XCTAssertNotEqual(digest(.bool(true)), digest(.bool(false)))
    }

    /// The version in a page's inputs stands for the bytes the engine renders from the same
    /// templates and values: pages published before a change to the engine or its escaping
    /// must not be kept as if they were made by the new one.
    func test_version_isTheOneSetForWhatTheEngineRendersNow() throws {
        let template = try Template(
            name: "version.html",
            source: "<p title=\"{{title}}\">{{#items}}<b>{{.}}</b>{{/items}}{{^none}} none{{/none}}{{{body}}}</p>\n  {{#flag}}\n yes\n  {{/flag}}\n")
        let html = try template.render([
            "title": "\"Tom\" & 'Jerry' <ok>", "items": ["a<", "b>", "c&"], "none": false, "body": .html("<i>x</i>"), "flag": true,
        ])

        XCTAssertEqual(
            SHA256.hexDigest(Array(html.utf8)), "906aa8f82c1f9b4ccc5d8c763d1025979befd1498355c1669f52676e13909de7",
            "the engine renders other bytes than version \(PageInputs.version) was set for: bump PageInputs.version, then record the new digest here")
    }

    private func digest(_ value: TemplateValue) -> UInt64 {
        var inputs = PageInputs(version: PageInputs.version)
        inputs.add(value)
        return inputs.digest()
    }

    private func renderer(layoutEndingWith text: String) throws -> SiteRenderer {
        let base = try SiteFixtures.templates()
        let source = try String(contentsOf: repositoryTemplates().appendingPathComponent("layout.html"), encoding: .utf8) + text
        let templates = SiteTemplates(
            layout: try Template(name: "layout.html", source: source), feed: base.feed, comments: base.comments, stylesheet: base.stylesheet,
            searchScript: base.searchScript, viewerScript: base.viewerScript, history: base.history, historyScript: base.historyScript,
            historyChanges: base.historyChanges)
        return SiteRenderer(
            templates: templates, strings: try SiteFixtures.strings("en"), paths: SitePaths(), languages: [], now: fixedNow(), apiHost: SiteFixtures.apiHost)
    }
}
