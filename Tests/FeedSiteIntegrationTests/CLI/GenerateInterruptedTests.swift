import FeedSiteCLI
import Foundation
import SampleAPI
import Synchronization
import TestSupport
import XCTest

/// Runs cancelled in each phase that makes no request, as Ctrl-C cancels them: offline, from
/// a cache of 40 items in three locales. The console cancels the run the moment it shows the
/// phase's first progress line, so the cancellation lands inside the phase every time. The
/// phase stops there instead of working through its other items, the run exits 130 with
/// one line, and the previous site (and archive) stay as they were.
final class GenerateInterruptedTests: XCTestCase {
    func test_generate_cancelledWhileLinkingImagesStopsThePhaseAndExits130KeepingThePreviousSite() async throws {
        let scene = try await Scene(testCase: self)

        let run = await scene.offlineRun(cancellingAtFirst: "images:")

        scene.assertInterruptedBeforePublishing(run, phaseLine: "images: ")
        XCTAssertFalse(run.statuses.contains("images: 40/40"), "\(run.statuses)")
    }

    func test_generate_cancelledWhileRenderingCommentsPagesStopsThePhaseAndExits130KeepingThePreviousSite() async throws {
        let scene = try await Scene(testCase: self)

        let run = await scene.offlineRun(cancellingAtFirst: "comments:")

        scene.assertInterruptedBeforePublishing(run, phaseLine: "comments: ")
        XCTAssertFalse(run.statuses.contains("comments: 40/40"), "\(run.statuses)")
    }

    /// The feed pages are written on every core at once, so how many get written after the
    /// first depends on the machine; the run stops all the same, and no later step wraps
    /// the cancellation into an error of its own (the manifest's writer did: exit 1).
    func test_generate_cancelledWhileRenderingFeedPagesExits130KeepingThePreviousSite() async throws {
        let scene = try await Scene(testCase: self)

        let run = await scene.offlineRun(cancellingAtFirst: "pages:", ["--page-size", "1"])

        scene.assertInterruptedBeforePublishing(run)
    }

    /// The archive comes after the swap: the site is published, the archive is not, and the
    /// run says both. It used to exit 1, with `CancellationError()` as the reason.
    func test_generate_cancelledWhileArchivingExits130SayingTheSiteWasPublishedAndKeepsThePreviousArchive() async throws {
        let scene = try await Scene(testCase: self)
        let archive = scene.folder.appendingPathComponent("site.tar")
        let previous = try Data(contentsOf: archive)

        let run = await scene.offlineRun(cancellingAtFirst: "archive:")

        XCTAssertEqual(run.code, .interrupted, run.diagnostics.joined(separator: "\n"))
        XCTAssertEqual(
            run.diagnostics.last,
            "feedsite: error: interrupted; the site was published to \(scene.site.path), but the archive \(archive.path) was not written")
        XCTAssertEqual(run.statuses.filter { $0.hasPrefix("archive:") }.count, 1, "the archive stopped at its second entry: \(run.statuses)")
        XCTAssertEqual(try Data(contentsOf: archive), previous, "the previous archive is left as it was")
        XCTAssertEqual(try scene.leftovers(), [], "no partial archive and no staging folder")
        XCTAssertNotEqual(try snapshotOfFiles(in: scene.site), scene.published, "the offline run's site was published")
        let verify = await runFeedsite(["verify", "--output", "site"], in: scene.folder)
        XCTAssertEqual(verify.code, .success, verify.diagnostics)
    }

    // MARK: - Helpers

    /// A published site of 40 items in three locales, with its archive, and the cache it was
    /// made from.
    private struct Scene {
        let testCase: XCTestCase
        let folder: URL
        let published: [String: Data]

        init(testCase: XCTestCase) async throws {
            self.testCase = testCase
            folder = try makeTemporaryFolder(for: testCase)
            let server = try testCase.makeServer(SyntheticFeed(itemCount: 40, commentsPerItem: 2, imageBytes: 64, now: fixedNow()))
            let first = await runFeedsite(
                ["generate", "--api", server.apiRoot.absoluteString] + Self.options + ["--archive", "site.tar"], in: folder)
            XCTAssertEqual(first.code, .success, first.diagnostics)
            published = try snapshotOfFiles(in: folder.appendingPathComponent("site"))
        }

        private static let options = ["--output", "site", "--cache", "cache", "--now", "2024-05-20T11:24:59Z", "--locale", "all"]

        var site: URL { folder.appendingPathComponent("site") }

        /// An offline run with `--archive`, cancelled as its console shows the first progress
        /// line that starts with `trigger`.
        func offlineRun(cancellingAtFirst trigger: String, _ extra: [String] = []) async -> CancelledRun {
            let console = CancellingConsole { $0.hasPrefix(trigger) }
            let arguments = ["generate", "--offline"] + Self.options + ["--archive", "site.tar"] + extra
            let environment = RunEnvironment(variables: [:], workingDirectory: folder, currentDate: { fixedNow() })
            let (go, letGo) = AsyncStream<Void>.makeStream()
            let task = Task {
                for await _ in go { break }
                return await FeedSiteCLI.run(arguments: arguments, environment: environment, console: console)
            }
            console.cancels(task)
            letGo.yield()
            let code = await task.value
            XCTAssertTrue(console.fired, "the run never showed a line starting with '\(trigger)'")
            return CancelledRun(code: code, diagnostics: console.diagnostics, statuses: console.statuses)
        }

        /// Exit 130 with the usual line, the phase's closing line (`phaseLine`) never said,
        /// the previous site untouched and nothing left beside it.
        func assertInterruptedBeforePublishing(_ run: CancelledRun, phaseLine: String? = nil, file: StaticString = #filePath, line: UInt = #line) {
            XCTAssertEqual(run.code, .interrupted, run.diagnostics.joined(separator: "\n"), file: file, line: line)
            XCTAssertEqual(
                run.diagnostics.last, "feedsite: error: interrupted; nothing published, the previous site is unchanged", file: file, line: line)
            if let phaseLine {
                XCTAssertFalse(
                    run.diagnostics.contains { $0.hasPrefix(phaseLine) }, "the phase went on to its end: \(run.diagnostics)", file: file, line: line)
            }
            XCTAssertEqual(try snapshotOfFiles(in: site), published, "the previous site is untouched", file: file, line: line)
            XCTAssertEqual(try leftovers(), [], "no staging folder and no temporary file", file: file, line: line)
        }

        /// Staging folders and temporary files beside the site and the archive.
        func leftovers() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.contains("feedsite-staging") || $0.contains("feedsite-old") || $0.contains(".feedsite-tmp-")
            }
        }
    }

    private struct CancelledRun {
        let code: ExitCode
        let diagnostics: [String]
        let statuses: [String]
    }
}

/// A terminal's console that cancels the run's task the first time it shows a progress line
/// `isTrigger` accepts, as Ctrl-C would at that moment. It keeps every line.
private final class CancellingConsole: Console {
    private let isTrigger: @Sendable (String) -> Bool
    private let state = Mutex(State())

    private struct State {
        var task: Task<ExitCode, Never>?
        var fired = false
        var diagnostics: [String] = []
        var statuses: [String] = []
    }

    init(when isTrigger: @escaping @Sendable (String) -> Bool) {
        self.isTrigger = isTrigger
    }

    /// The task to cancel; it must not start the run before this is called.
    func cancels(_ task: Task<ExitCode, Never>) {
        state.withLock { $0.task = task }
    }

    var isInteractive: Bool { true }

    func output(_ line: String) {}

    func diagnostic(_ line: String) {
        state.withLock { $0.diagnostics.append(line) }
    }

    func status(_ line: String?) {
        guard let line else { return }
        state.withLock { state in
            state.statuses.append(line)
            guard !state.fired, isTrigger(line) else { return }
            state.fired = true
            state.task?.cancel()
        }
    }

    var fired: Bool { state.withLock { $0.fired } }
    var diagnostics: [String] { state.withLock { $0.diagnostics } }
    var statuses: [String] { state.withLock { $0.statuses } }
}
