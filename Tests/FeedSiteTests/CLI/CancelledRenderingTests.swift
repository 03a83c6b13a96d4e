import FeedCore
import Foundation
import Publishing
import SiteGenerator
import Synchronization
import TestSupport
import XCTest

@testable import FeedSiteCLI

/// Once a run is cancelled (Ctrl-C, SIGTERM), the steps that work through many items, pages
/// or files stop before the next one with `CancellationError`, instead of finishing the
/// phase: a run that renders thousands of pages exits within a moment of the signal.
final class CancelledRenderingTests: XCTestCase {
    func test_concurrentMap_inACancelledTaskStartsNoTransformAndThrowsCancellationError() async {
        let started = Mutex(0)

        let result = await inCancelledTask {
            try await concurrentMap(Array(0..<100), limit: 4) { number in
                started.withLock { $0 += 1 }
                return number
            }
        }

        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        XCTAssertEqual(started.withLock { $0 }, 0)
    }

    func test_concurrentMap_cancelledPartWayStartsNoFurtherTransform() async {
        let started = Mutex(0)
        let outer = Mutex<Task<Result<[Int], any Error>, Never>?>(nil)
        let (go, letGo) = AsyncStream<Void>.makeStream()

        let task = Task { () -> Result<[Int], any Error> in
            for await _ in go { break }
            do {
                return .success(
                    try await concurrentMap(Array(0..<100), limit: 1) { number in
                        started.withLock { $0 += 1 }
                        if number == 4 { outer.withLock { $0?.cancel() } }
                        return number
                    })
            } catch {
                return .failure(error)
            }
        }
        outer.withLock { $0 = task }
        letGo.yield()
        let result = await task.value

        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        XCTAssertEqual(started.withLock { $0 }, 5, "items 0 to 4, and none after the one that saw the cancellation")
    }

    func test_searchIndexWrite_inACancelledTaskThrowsCancellationErrorBeforeItsFirstFile() async throws {
        let staged = try StagedSite(output: try makeTemporaryFolder(for: self).appendingPathComponent("site"))
        let entries = (1...30).map { SiteEntry(image: uniqueImage(description: "item \($0)"), stored: nil, firstSeen: fixedNow()) }
        let site = StagingFolder(staged: staged, cacheFolder: staged.staging)
        let search = SearchIndexFiles(entries: entries, scratch: try site.scratch("search"))
        for (place, entry) in entries.enumerated() { try search.add(entry, comments: [], place: place) }

        let result = await inCancelledTask { try search.write(to: ["search/"], in: site) }

        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: staged.staging.appendingPathComponent("search").path))
    }

    func test_sitemapsMake_inACancelledTaskThrowsCancellationErrorAndWritesNothing() async {
        let pages = (0..<10).map { SitemapDocument.Page(url: "https://example.org/feed/comments/\($0).html", alternates: []) }
        let written = Mutex(0)

        let result = await inCancelledTask {
            try Sitemaps.make(pages) { _, _ in written.withLock { $0 += 1 } }
        }

        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        XCTAssertEqual(written.withLock { $0 }, 0)
    }

    /// After the swap the site is published: a cancellation before the archive's first
    /// entry, as in its middle, is the interruption, and leaves no archive.
    func test_archiveStep_inACancelledTaskThrowsTheInterruptionAndWritesNoArchive() async throws {
        let folder = try makeTemporaryFolder(for: self)
        let site = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: false)
        try Data("<p>published</p>".utf8).write(to: site.appendingPathComponent("index.html"))
        let archive = folder.appendingPathComponent("site.tar")
        let step = ArchiveStep(output: site, archive: archive, now: fixedNow(), report: .keeping(in: LinesConsole(), verbosity: .normal))
        let progress = StepProgress(report: RunReport(reporter: Reporter(console: SilentConsole(), verbosity: .normal)), label: step.name)

        let result = await inCancelledTask { try await step.run(progress) }

        XCTAssertThrowsError(try result.get()) { error in
            guard case .interrupted? = error as? RunError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["site"], "no archive, no temporary file")
    }
}

/// A console that shows nothing.
private struct SilentConsole: Console {
    func output(_ line: String) {}
    func diagnostic(_ line: String) {}
    func status(_ line: String?) {}
    var isInteractive: Bool { false }
}
