import FeedCore
import Foundation
import SiteGenerator
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// The comments step on its own: each item's comments (API, else cache), its comments page
/// in every locale, the tally, the data export in feed order, every item for the search.
final class CommentsStepTests: XCTestCase {
    func test_run_writesEachItemsCommentsPageInEveryLocaleWithItsComments() async throws {
        let world = StepWorld()
        let entries = [StepWorld.entry("first"), StepWorld.entry("second")]
        for (number, entry) in entries.enumerated() {
            world.api.serve(comments: [uniqueComment(message: "comment\(number)word")], for: entry.id)
        }

        _ = try await run(CommentsStep(world, entries: entries, locales: ["en", "el"]))

        let pages = entries.flatMap { ["comments/\($0.id.text).html", "el/comments/\($0.id.text).html"] }
        XCTAssertEqual(world.site.files.keys.sorted(), pages.sorted())
        for (number, entry) in entries.enumerated() {
            for page in ["comments/\(entry.id.text).html", "el/comments/\(entry.id.text).html"] {
                XCTAssertTrue(try XCTUnwrap(world.site.text(page)).contains("comment\(number)word"), page)
            }
        }
    }

    func test_run_talliesLiveCachedAndUnavailableCommentsWarnsOfEachFallbackAndRecordsTheTally() async throws {
        let world = StepWorld()
        let (live, cached, unavailable) = (StepWorld.entry("live"), StepWorld.entry("cached"), StepWorld.entry("unavailable"))
        world.api.serve(comments: [uniqueComment(), uniqueComment()], for: live.id)
        try await world.service.commentsCache.save([uniqueComment()], for: cached.id)

        let outcome = try await run(CommentsStep(world, entries: [live, cached, unavailable]))

        XCTAssertEqual(outcome.tally, CommentsTally(live: 1, fromCache: 1, unavailable: 1, count: 3))
        XCTAssertEqual(world.lines.count, 3, "\(world.lines)")
        XCTAssertEqual(
            Set(world.lines.prefix(2).map { $0.components(separatedBy: ": ").prefix(3).joined(separator: ": ") }),
            ["feedsite: warning: comments for \(cached.id.text)", "feedsite: warning: comments for \(unavailable.id.text)"])
        XCTAssertEqual(world.lines.last, "comments: 3 on 3 images (1 live, 1 from the cache, 1 unavailable)")
        var summary = RunSummary()
        outcome.record(in: &summary)
        XCTAssertEqual(summary.comments, outcome.tally)
        XCTAssertEqual(summary.degradedReasons, ["1 comments list came from the cache", "1 comments list was unavailable"])
    }

    func test_run_withExportDataWritesEveryItemsLineInFeedOrderAndSaysSo() async throws {
        let world = StepWorld()
        let entries = (1...5).map { StepWorld.entry("item \($0)") }
        for entry in entries.dropLast() { world.api.serve(comments: [uniqueComment()], for: entry.id) }

        _ = try await run(CommentsStep(world, entries: entries, exportData: true))

        let lines = try XCTUnwrap(world.site.text(SitePaths.dataExport)).split(separator: "\n")
        let ids = try lines.map { line in
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try XCTUnwrap(object["id"] as? String)
        }
        XCTAssertEqual(ids, entries.map(\.id.text))
        XCTAssertEqual(world.lines.last, "data: 5 items written to data/items.jsonl")
    }

    func test_run_withoutExportDataWritesNoDataFile() async throws {
        let world = StepWorld()

        _ = try await run(CommentsStep(world, entries: [StepWorld.entry("an item")]))

        XCTAssertNil(world.site.files[SitePaths.dataExport])
        XCTAssertFalse(world.lines.contains { $0.hasPrefix("data:") }, "\(world.lines)")
    }

    func test_run_gathersEveryItemWithItsCommentsForTheSearch() async throws {
        let world = StepWorld()
        let entries = (1...3).map { StepWorld.entry("item \($0)") }
        world.api.serve(comments: [uniqueComment(message: "zanzibar")], for: entries[1].id)

        let outcome = try await run(CommentsStep(world, entries: entries))
        _ = try outcome.search.write(to: ["search/"], in: world.site)

        XCTAssertEqual(world.site.scratches, ["search"])
        let index = try world.site.searchIndex(in: "search/")
        XCTAssertEqual(index.root.items, 3)
        XCTAssertEqual(try index.items(matching: ["zanzibar"]), [1])
        XCTAssertEqual(try index.items(matching: ["item"]), [0, 1, 2])
    }

    func test_run_writesTheCachesCommentsInOneBatch() async throws {
        let world = StepWorld()
        let batches = CountingCacheBatches()
        let entries = (1...3).map { StepWorld.entry("item \($0)") }

        _ = try await run(CommentsStep(world, entries: entries, cache: batches))

        XCTAssertEqual(batches.count, 1)
    }

    // MARK: - Helpers

    private func run(_ step: CommentsStep) async throws -> CommentsStep.Outcome {
        try await step.run(StepProgress(report: step.report, label: step.name))
    }
}

extension CommentsStep {
    /// The step over `world`, with feed pages of 2 items.
    fileprivate init(
        _ world: StepWorld, entries: [SiteEntry], locales: [String] = ["en"], exportData: Bool = false, cache: any CacheBatches = NoCacheBatches()
    ) throws {
        self.init(
            entries: entries, service: world.service, cache: cache, renderers: try StepWorld.renderers(locales: locales), site: world.site,
            report: world.report, pageSize: 2, tasksAtOnce: 4, exportData: exportData)
    }
}
