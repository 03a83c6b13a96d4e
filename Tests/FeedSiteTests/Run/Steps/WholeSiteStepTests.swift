import FeedCore
import Foundation
import Images
import SiteGenerator
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// The whole-site step on its own: the stylesheet, the scripts, the icon and the manifest
/// with the run's facts.
final class WholeSiteStepTests: XCTestCase {
    func test_run_writesTheStylesheetTheScriptsTheIconAndTheManifestWithTheRunsFacts() throws {
        let world = StepWorld()
        var summary = RunSummary()
        (summary.items, summary.feedPages, summary.images.files) = (3, 2, 3)
        let facts = summary.manifestFacts(api: FakeFeedAPI.root, now: fixedNow(), locales: ["en", "el"])
        let templates = try SiteFixtures.templates()
        let step = WholeSiteStep(facts: facts, templates: templates, site: world.site)

        _ = try step.run(world.progress(for: step))

        XCTAssertEqual(world.site.text(SitePaths.stylesheet), String(decoding: templates.stylesheet, as: UTF8.self))
        XCTAssertEqual(world.site.text(SitePaths.searchScript), String(decoding: templates.searchScript, as: UTF8.self))
        XCTAssertEqual(world.site.text(SitePaths.viewerScript), String(decoding: templates.viewerScript, as: UTF8.self))
        XCTAssertEqual(world.site.files[SitePaths.icon].map { Array($0) }, SiteIcon.png(size: WholeSiteStep.iconSize))
        XCTAssertEqual(world.site.manifest, facts)
        XCTAssertEqual(world.site.text("manifest.json"), "feedsite \(Usage.version)", "the generator it names")
        XCTAssertEqual(world.site.files.count, 5)
        XCTAssertEqual(world.lines, [])
    }
}
