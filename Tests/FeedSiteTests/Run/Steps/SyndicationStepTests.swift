import FeedCore
import Foundation
import SiteGenerator
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// The syndication step on its own: nothing without `--base-url`; with it, each locale's
/// JSON and Atom feeds and the sitemap of every page.
final class SyndicationStepTests: XCTestCase {
    func test_run_withoutABaseURLWritesNothingAndRecordsNoFeeds() throws {
        let world = StepWorld()
        let step = SyndicationStep(
            entries: [StepWorld.entry("an item")], feedPageCount: 1, baseURL: nil, renderers: try StepWorld.renderers(), site: world.site)

        let outcome = try step.run(world.progress(for: step))

        XCTAssertEqual(outcome.written, [])
        XCTAssertEqual(world.site.files, [:])
        var summary = RunSummary()
        outcome.record(in: &summary)
        XCTAssertEqual(summary.syndication, [])
    }

    func test_run_withABaseURLWritesEachLocalesFeedsAndTheSitemapAndRecordsThem() throws {
        let world = StepWorld()
        let base = try XCTUnwrap(BaseURL("https://example.org/feed/"))
        let entries = [StepWorld.entry("first"), StepWorld.entry("second")]
        let step = SyndicationStep(
            entries: entries, feedPageCount: 1, baseURL: base, renderers: try StepWorld.renderers(locales: ["en", "el"], baseURL: base), site: world.site)

        let outcome = try step.run(world.progress(for: step))

        XCTAssertEqual(outcome.written, ["feed.json", "feed.atom", "el/feed.json", "el/feed.atom", "sitemap.xml"])
        XCTAssertEqual(world.site.files.keys.sorted(), outcome.written.sorted())
        for id in entries.map(\.id.text) {
            XCTAssertTrue(try XCTUnwrap(world.site.text("feed.json")).contains(id), "the feed lists \(id)")
            XCTAssertTrue(try XCTUnwrap(world.site.text("el/feed.atom")).contains(id), "the locale's feed lists \(id)")
        }
        var summary = RunSummary()
        outcome.record(in: &summary)
        XCTAssertEqual(summary.syndication, outcome.written)
    }

    func test_run_listsInTheSitemapEachPageOfEveryLocaleOnceEvenForAnItemTheFeedRepeats() throws {
        let world = StepWorld()
        let base = try XCTUnwrap(BaseURL("https://example.org/feed/"))
        let item = StepWorld.entry("repeated")
        let step = SyndicationStep(
            entries: [item, item], feedPageCount: 2, baseURL: base, renderers: try StepWorld.renderers(locales: ["en", "el"], baseURL: base),
            site: world.site)

        _ = try step.run(world.progress(for: step))

        let sitemap = try XCTUnwrap(world.site.text("sitemap.xml"))
        let pages = sitemap.components(separatedBy: "<loc>").dropFirst().map { String($0.prefix { $0 != "<" }) }
        XCTAssertEqual(
            pages.sorted(),
            [
                "https://example.org/feed/", "https://example.org/feed/comments/\(item.id.text).html", "https://example.org/feed/el/",
                "https://example.org/feed/el/comments/\(item.id.text).html", "https://example.org/feed/el/page/2.html",
                "https://example.org/feed/page/2.html",
            ].sorted())
    }
}
