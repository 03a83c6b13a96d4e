import FeedCore
import Foundation
import History
import Publishing
import SiteGenerator
import Synchronization
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// A whole `--history` run over stubs and memory: what the run hands the snapshot and the
/// history, and when.
final class GenerateRunHistoryTests: XCTestCase {
    func test_run_handsEveryItemToTheSnapshot_finishesItOnceTheSiteIsWhole_thenKeepsTheHistoryOncePublished() async throws {
        var fixture = RunFixture(feed: uniqueImageFeed(count: 3))
        let snapshot = RecordingSnapshot(site: fixture.site)
        let history = RecordingHistory(site: fixture.site, due: true)
        (fixture.snapshot, fixture.history) = (snapshot, history)

        let (summary, error) = try await fixture.run()

        XCTAssertNil(error)
        XCTAssertEqual(snapshot.added.sorted(), [0, 1, 2], "every item, as its comments came")
        XCTAssertEqual(snapshot.finished.count, 1)
        XCTAssertEqual(snapshot.finished.first?.entries, 3)
        XCTAssertEqual(snapshot.finished.first?.siteWhole, true, "the site's manifest written before")
        XCTAssertEqual(snapshot.finished.first?.published, false, "before the site is published")
        XCTAssertEqual(history.kept.count, 1)
        XCTAssertEqual(history.kept.first?.published, true, "once the site is published")
        XCTAssertEqual(history.kept.first?.items, 3, "the run's facts")
        XCTAssertEqual(summary.historyChanges, HistoryChanges.none, "no snapshot: the data is as the latest has it")
    }

    func test_run_withoutASnapshotAndNothingDue_leavesTheHistoryAlone() async throws {
        var fixture = RunFixture(feed: uniqueImageFeed(count: 2))
        let history = RecordingHistory(site: fixture.site, due: false)
        (fixture.snapshot, fixture.history) = (RecordingSnapshot(site: fixture.site), history)

        let (_, error) = try await fixture.run()

        XCTAssertNil(error)
        XCTAssertTrue(fixture.site.published)
        XCTAssertEqual(history.kept.count, 0)
    }
}

/// A snapshot that records what the run hands it, and what the site was like then; it finds
/// the data as the latest snapshot had it.
private final class RecordingSnapshot: SnapshotMaking {
    struct Finish {
        let entries: Int
        let siteWhole: Bool
        let published: Bool
    }

    private let site: InMemoryStagingSite
    private let state = Mutex<(added: [Int], finished: [Finish])>(([], []))

    init(site: InMemoryStagingSite) {
        self.site = site
    }

    var added: [Int] { state.withLock { $0.added } }
    var finished: [Finish] { state.withLock { $0.finished } }
    var previousName: SnapshotName? { SnapshotName("20240519T112459Z") }

    func add(_ item: LoadedItem) throws {
        state.withLock { $0.added.append(item.place) }
    }

    func finish(entries: [SiteEntry], pageSize: Int, feedSavedAt: Date?, run: Manifest.Run) throws -> SnapshotDraft.Prepared? {
        let finish = Finish(entries: entries.count, siteWhole: site.files[Manifest.fileName] != nil, published: site.published)
        state.withLock { $0.finished.append(finish) }
        return nil
    }
}

/// A history that records when the run keeps it, and with what facts.
private final class RecordingHistory: HistoryKeeping {
    private let site: InMemoryStagingSite
    private let due: Bool
    private let state = Mutex<[(published: Bool, items: Int)]>([])

    init(site: InMemoryStagingSite, due: Bool) {
        self.site = site
        self.due = due
    }

    var kept: [(published: Bool, items: Int)] { state.withLock { $0 } }
    var path: String { "/srv/site/history" }
    var policy: HistoryKeepPolicy { .standard }

    func isDue() -> Bool { due }

    func keep(_ prepared: SnapshotDraft.Prepared?, facts: Manifest.Run) throws -> HistoryUpdate.Outcome {
        state.withLock { $0.append((site.published, facts.items)) }
        return HistoryUpdate.Outcome(kept: [], thinned: [], leftovers: [], lostManifest: false)
    }

    func flush() async throws {}
}
