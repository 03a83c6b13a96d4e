import Foundation
import XCTest

@testable import FeedSiteCLI

/// The early flush step on its own: it starts writing the staged site to the disk, and
/// does nothing else.
final class EarlyFlushStepTests: XCTestCase {
    func test_run_startsOneFlushWritesNothingAndPublishesNothing() throws {
        let world = StepWorld()
        try world.site.write("<p>a page</p>", to: "index.html")
        let step = EarlyFlushStep(site: world.site)

        _ = step.run(world.progress(for: step))

        XCTAssertEqual(world.site.flushesStarted, 1)
        XCTAssertEqual(world.site.files.keys.sorted(), ["index.html"])
        XCTAssertFalse(world.site.published)
        XCTAssertEqual(world.lines, [])
    }
}
