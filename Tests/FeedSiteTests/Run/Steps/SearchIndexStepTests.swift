import FeedCore
import Foundation
import SiteGenerator
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// The search index step on its own: the index the comments step gathered, written into
/// each locale's folder, said with `--verbose`.
final class SearchIndexStepTests: XCTestCase {
    func test_run_writesTheIndexIntoEachLocalesFolder() throws {
        let world = StepWorld()
        let entries = [StepWorld.entry("harbour at dawn"), StepWorld.entry("mountain lake")]
        let step = SearchIndexStep(world, search: try gathered(entries, in: world.site), folders: ["search/", "el/search/"])

        _ = try step.run(world.progress(for: step))

        for folder in ["search/", "el/search/"] {
            let index = try world.site.searchIndex(in: folder)
            XCTAssertEqual(index.root.items, 2, folder)
            XCTAssertEqual(try index.items(matching: ["harbour"]), [0], folder)
            XCTAssertEqual(try index.items(matching: ["lake"]), [1], folder)
        }
        XCTAssertEqual(Set(world.site.files.keys.filter { $0.hasSuffix("index.js") }), ["search/index.js", "el/search/index.js"])
    }

    func test_run_saysWhatItWroteWithVerbose() throws {
        let world = StepWorld()
        let entries = [StepWorld.entry("one"), StepWorld.entry("two")]
        let step = SearchIndexStep(world, search: try gathered(entries, in: world.site), folders: ["search/", "el/search/"])

        _ = try step.run(world.progress(for: step))

        XCTAssertEqual(world.lines.count, 1, "\(world.lines)")
        XCTAssertTrue(world.lines[0].hasPrefix("search: index of 2 items written in each of 2 locales: "), world.lines[0])
        XCTAssertTrue(world.lines[0].contains("1 item file, "), world.lines[0])
    }

    func test_run_withAnItemTheCommentsStepNeverGatheredThrowsIncompleteAndWritesNoRoot() throws {
        let world = StepWorld()
        let entries = [StepWorld.entry("one"), StepWorld.entry("two")]
        let search = SearchIndexFiles(entries: entries, scratch: InMemoryScratch())
        try search.add(entries[0], comments: [], place: 0)
        let step = SearchIndexStep(world, search: search, folders: ["search/"])

        XCTAssertThrowsError(try step.run(world.progress(for: step))) { error in
            guard case let .failed(failure)? = error as? RunError else { return XCTFail("\(error)") }
            XCTAssertEqual("\(failure)", "cannot write the search index: item 2 of 2 never came")
        }
        XCTAssertNil(world.site.files["search/index.js"])
        XCTAssertEqual(world.lines, [])
    }

    // MARK: - Helpers

    /// The search of `entries`, each added without comments, as the comments step leaves it.
    private func gathered(_ entries: [SiteEntry], in site: InMemoryStagingSite) throws -> SearchIndexFiles {
        let search = SearchIndexFiles(entries: entries, scratch: try site.scratch("search"))
        for (place, entry) in entries.enumerated() { try search.add(entry, comments: nil, place: place) }
        return search
    }
}

extension SearchIndexStep {
    fileprivate init(_ world: StepWorld, search: SearchIndexFiles, folders: [String]) {
        self.init(search: search, folders: folders, items: 2, site: world.site, report: world.report)
    }
}
