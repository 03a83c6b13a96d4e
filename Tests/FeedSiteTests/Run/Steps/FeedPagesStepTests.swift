import FeedCore
import Foundation
import SiteGenerator
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// The feed pages step on its own: one page per page size of items, in every locale, each
/// showing its own items.
final class FeedPagesStepTests: XCTestCase {
    func test_run_writesOnePagePerPageSizeOfItemsInEveryLocaleAndRecordsTheCount() async throws {
        let world = StepWorld()
        let entries = (1...5).map { StepWorld.entry("item\($0)word") }
        let step = try FeedPagesStep(world, entries: entries, locales: ["en", "el"], pageSize: 2)

        let outcome = try await step.run(world.progress(for: step))

        XCTAssertEqual(outcome.pageCount, 3)
        XCTAssertEqual(
            world.site.files.keys.sorted(), ["el/index.html", "el/page/2.html", "el/page/3.html", "index.html", "page/2.html", "page/3.html"])
        var summary = RunSummary()
        outcome.record(in: &summary)
        XCTAssertEqual(summary.feedPages, 3)
    }

    func test_run_showsOnEachPageItsOwnItems() async throws {
        let world = StepWorld()
        let entries = (1...5).map { StepWorld.entry("item\($0)word") }
        let step = try FeedPagesStep(world, entries: entries, pageSize: 2)

        _ = try await step.run(world.progress(for: step))

        let pages = ["index.html": [1, 2], "page/2.html": [3, 4], "page/3.html": [5]]
        for (page, shown) in pages {
            let html = try XCTUnwrap(world.site.text(page), page)
            for number in 1...5 {
                XCTAssertEqual(html.contains("item\(number)word"), shown.contains(number), "item \(number) on \(page)")
            }
        }
    }

    func test_run_ofAnEmptyFeedWritesTheFirstPageOnly() async throws {
        let world = StepWorld()
        let step = try FeedPagesStep(world, entries: [], pageSize: 2)

        let outcome = try await step.run(world.progress(for: step))

        XCTAssertEqual(outcome.pageCount, 1)
        XCTAssertEqual(world.site.files.keys.sorted(), ["index.html"])
    }

    func test_run_ofACachedFeedSaysOnItsPagesWhenTheFeedWasSaved() async throws {
        let (live, cached) = (StepWorld(), StepWorld())
        let entries = [StepWorld.entry("an item")]
        let savedAt = fixedNow().adding(days: -2)
        let liveStep = try FeedPagesStep(live, entries: entries, pageSize: 2)
        let cachedStep = try FeedPagesStep(cached, entries: entries, source: .cache(savedAt: savedAt), pageSize: 2)

        _ = try await liveStep.run(live.progress(for: liveStep))
        _ = try await cachedStep.run(cached.progress(for: cachedStep))

        let (livePage, cachedPage) = (try XCTUnwrap(live.site.text("index.html")), try XCTUnwrap(cached.site.text("index.html")))
        XCTAssertFalse(livePage.contains("Offline copy"), livePage)
        XCTAssertTrue(cachedPage.contains("Offline copy: this feed was saved 2 days ago."), cachedPage)
    }
}

extension FeedPagesStep {
    fileprivate init(
        _ world: StepWorld, entries: [SiteEntry], source: FeedService.FeedSource = .live, locales: [String] = ["en"], pageSize: Int
    ) throws {
        self.init(entries: entries, source: source, renderers: try StepWorld.renderers(locales: locales), site: world.site, pageSize: pageSize)
    }
}
