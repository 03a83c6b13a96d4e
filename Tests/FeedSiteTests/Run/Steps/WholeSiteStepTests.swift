import FeedCore
import Foundation
import SiteGenerator
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// The whole-site step on its own: the stylesheet, the search script and the manifest with
/// the run's facts.
final class WholeSiteStepTests: XCTestCase {
    func test_run_writesTheStylesheetTheSearchScriptAndTheManifestWithTheRunsFacts() throws {
        let world = StepWorld()
        var summary = RunSummary()
        (summary.items, summary.feedPages, summary.images.files) = (3, 2, 3)
        let facts = summary.manifestFacts(api: FakeFeedAPI.root, now: fixedNow(), locales: ["en", "el"])
        let step = WholeSiteStep(facts: facts, stylesheet: Data("body {}".utf8), searchScript: Data("search();".utf8), site: world.site)

        _ = try step.run(world.progress(for: step))

        XCTAssertEqual(world.site.text(SitePaths.stylesheet), "body {}")
        XCTAssertEqual(world.site.text(SitePaths.searchScript), "search();")
        XCTAssertEqual(world.site.manifest, facts)
        XCTAssertEqual(world.site.text("manifest.json"), "feedsite \(Usage.version)", "the generator it names")
        XCTAssertEqual(world.site.files.count, 3)
        XCTAssertEqual(world.lines, [])
    }
}
