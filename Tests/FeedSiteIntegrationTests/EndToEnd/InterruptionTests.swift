import Foundation
import LoopbackHTTP
import SampleAPI
import Synchronization
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs stopped part-way, by Ctrl-C, SIGTERM or `kill -9`, with the built executable: the
/// previous site stays intact and verifiable, no partial file is left in the caches, and
/// the next run succeeds. The server holds requests back until the test has signalled the
/// child, so the interruption always lands mid-run; nothing here sleeps.
final class InterruptionTests: XCTestCase {
    func test_ctrlC_whileDownloadingCancelsKeepsThePreviousSiteAndExits130() throws {
        try assertGracefulInterruption(signal: SIGINT, holdingBack: { $0.hasPrefix("/images/") })
    }

    func test_sigterm_whileLoadingCommentsCancelsKeepsThePreviousSiteAndExits130() throws {
        try assertGracefulInterruption(signal: SIGTERM, holdingBack: { $0.hasSuffix("/comments") })
    }

    func test_ctrlC_withEveryImageRequestUnansweredClosesEachConnectionAndExits130() throws {
        try assertCtrlCEndsHeldImageRequests(answering: .none)
    }

    /// libcurl's low-speed limit would end silent requests after a while; bodies that keep
    /// arriving leave only cancellation to end these before the 600 s timeout.
    func test_ctrlC_withEveryImageStillArrivingClosesEachConnectionAndExits130() throws {
        try assertCtrlCEndsHeldImageRequests(answering: .endlessImage)
    }

    func test_kill9_whileDownloadingLeavesThePreviousSiteIntactAndTheNextRunSucceeds() throws {
        try assertKill9(holdingBack: { $0.hasPrefix("/images/") }, after: 0)
    }

    func test_kill9_whileRenderingCommentsPagesLeavesThePreviousSiteIntactAndTheNextRunSucceeds() throws {
        // Comments pages are rendered as each image's comments arrive: hold back the sixth
        // comments request, when five pages are already written to the staging folder.
        try assertKill9(holdingBack: { $0.hasSuffix("/comments") }, after: 5)
    }

    func test_ctrlC_stillWritesTheMetricsFileWithExitCode130AndTheLastSuccessKept() throws {
        let scene = try Scene(testCase: self)
        try FileManager.default.createDirectory(at: scene.folder.appendingPathComponent("textfile"), withIntermediateDirectories: true)
        let metrics = ["--metrics-file", "textfile/feedsite.prom"]
        let first = try SampleAPIServer(source: SyntheticFeed(itemCount: 4, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
        let published = try ExecutableRunner.run(scene.generate(api: first.apiRoot) + metrics, in: scene.folder)
        first.stop()
        XCTAssertEqual(published.status, 0, published.standardError)
        let lastSuccess = try XCTUnwrap(scene.metrics()["feedsite_last_success_timestamp_seconds"])
        let gate = Gate(holdAfter: 0, isHeld: { $0.hasPrefix("/images/") })
        let slow = try scene.server(gate: gate)

        let running = try ExecutableRunner.start(scene.generate(api: slow.apiRoot) + metrics, in: scene.folder)
        XCTAssertEqual(gate.waitUntilHolding(), .success, "the run never reached the held request")
        kill(running.pid, SIGINT)
        let result = try running.finish()
        gate.open()

        XCTAssertEqual(result.status, 130, result.standardError)
        let samples = try scene.metrics()
        XCTAssertEqual(samples["feedsite_last_run_exit_code"], 130)
        XCTAssertGreaterThanOrEqual(samples["feedsite_last_run_timestamp_seconds"] ?? 0, lastSuccess)
        XCTAssertEqual(samples["feedsite_last_success_timestamp_seconds"], lastSuccess, "the first run's, kept")
        XCTAssertEqual(samples["feedsite_items"], 12, "the feed loaded before the interruption")
        XCTAssertGreaterThan(samples["feedsite_phase_duration_seconds{phase=images}"] ?? 0, 0, "interrupted while downloading")
        XCTAssertEqual(samples["feedsite_phase_duration_seconds{phase=comments}"], 0)
        XCTAssertNil(samples["feedsite_cache_size_bytes"], "Ctrl-C ends the run without walking the cache")
        XCTAssertEqual(try scene.leftovers(), [], "no staging folder and no partial cache file")
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: scene.folder.appendingPathComponent("textfile").path), ["feedsite.prom"],
            "no temporary file beside the metrics")
    }

    // MARK: - Scenarios

    private func assertGracefulInterruption(
        signal number: Int32, holdingBack isHeld: @escaping @Sendable (String) -> Bool, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let scene = try Scene(testCase: self)
        let published = try scene.publishFirstSite()
        let gate = Gate(holdAfter: 0, isHeld: isHeld)
        let slow = try scene.server(gate: gate)

        let running = try ExecutableRunner.start(scene.generate(api: slow.apiRoot), in: scene.folder)
        XCTAssertEqual(gate.waitUntilHolding(), .success, "the run never reached the held request", file: file, line: line)
        kill(running.pid, number)
        let result = try running.finish()
        gate.open()

        XCTAssertEqual(result.status, 130, result.standardError, file: file, line: line)
        XCTAssertTrue(
            result.standardError.contains("interrupted; nothing published, the previous site is unchanged"), result.standardError, file: file, line: line)
        XCTAssertEqual(try snapshotOfFiles(in: scene.site), published, "the previous site is untouched", file: file, line: line)
        XCTAssertEqual(try scene.leftovers(), [], "no staging folder and no partial cache file", file: file, line: line)
        XCTAssertEqual(try ExecutableRunner.run(["verify", "--output", "site"], in: scene.folder).status, 0, file: file, line: line)
    }

    /// `--concurrency` image requests held by a server that never completes them, then
    /// Ctrl-C: the run ends (a watchdog kills it after a minute), exits 130 and closes every
    /// held connection, and leaves the previous site and the cache as they were.
    private func assertCtrlCEndsHeldImageRequests(answering answer: HoldingListener.Answer, file: StaticString = #filePath, line: UInt = #line) throws {
        let concurrency = 4
        let scene = try Scene(testCase: self)
        let published = try scene.publishFirstSite()
        let images = try HoldingListener(answering: answer)
        addTeardownBlock { images.stop() }
        let api = try scene.server(imagesFrom: images)
        let arguments = scene.generate(api: api.apiRoot, concurrency: concurrency) + ["--timeout", "600"]

        let running = try ExecutableRunner.start(arguments, in: scene.folder)
        XCTAssertTrue(images.wait { held, _ in held >= concurrency }, "only \(images.held) image requests were held", file: file, line: line)
        kill(running.pid, SIGINT)
        let result = try running.finish(killingAfter: 60)
        let allClosed = images.wait { held, closed in closed >= held }

        XCTAssertEqual(result.status, 130, result.standardError, file: file, line: line)
        XCTAssertTrue(allClosed, "\(images.closedByClient) of \(images.held) held connections were closed", file: file, line: line)
        // A request that a cancelled one's slot lets through in the moment before its own
        // cancellation reaches it is cancelled at once like the others; what must not
        // happen is the run going on to fetch the rest of the twelve images.
        XCTAssertLessThanOrEqual(images.held, 2 * concurrency, "the run went on fetching images after the interruption", file: file, line: line)
        XCTAssertTrue(
            result.standardError.contains("interrupted; nothing published, the previous site is unchanged"), result.standardError, file: file, line: line)
        XCTAssertEqual(try snapshotOfFiles(in: scene.site), published, "the previous site is untouched", file: file, line: line)
        XCTAssertEqual(try scene.leftovers(), [], "no staging folder and no partial cache file", file: file, line: line)
    }

    private func assertKill9(holdingBack isHeld: @escaping @Sendable (String) -> Bool, after passed: Int, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let scene = try Scene(testCase: self)
        let published = try scene.publishFirstSite()
        let gate = Gate(holdAfter: passed, isHeld: isHeld)
        let slow = try scene.server(gate: gate)

        let running = try ExecutableRunner.start(scene.generate(api: slow.apiRoot), in: scene.folder)
        XCTAssertEqual(gate.waitUntilHolding(), .success, "the run never reached the held request", file: file, line: line)
        kill(running.pid, SIGKILL)
        _ = try running.finish()
        gate.open()

        XCTAssertEqual(try snapshotOfFiles(in: scene.site), published, "the previous site is untouched", file: file, line: line)
        let verify = try ExecutableRunner.run(["verify", "--output", "site"], in: scene.folder)
        XCTAssertEqual(verify.status, 0, verify.standardOutput + verify.standardError, file: file, line: line)
        XCTAssertTrue(try scene.leftovers().contains { $0.contains("feedsite-staging") }, "a killed run cannot clean up after itself", file: file, line: line)

        let next = try ExecutableRunner.run(scene.generate(api: slow.apiRoot), in: scene.folder)
        XCTAssertEqual(next.status, 0, next.standardError, file: file, line: line)
        XCTAssertEqual(try scene.leftovers(), [], "the next run removed what the killed one left", file: file, line: line)
        XCTAssertEqual(try ExecutableRunner.run(["verify", "--output", "site"], in: scene.folder).status, 0, file: file, line: line)
    }

    // MARK: - Helpers

    /// A folder with a published site and a cache, and servers for the runs.
    private struct Scene {
        let testCase: XCTestCase
        let folder: URL

        init(testCase: XCTestCase) throws {
            self.testCase = testCase
            self.folder = try makeTemporaryFolder(for: testCase)
        }

        var site: URL { folder.appendingPathComponent("site") }

        func generate(api: URL, concurrency: Int = 2) -> [String] {
            [
                "generate", "--api", api.absoluteString, "--output", "site", "--cache", "cache", "--now", "2024-05-20T11:24:59Z", "--concurrency",
                "\(concurrency)",
            ]
        }

        /// Publishes a first site from another server, and returns its files.
        func publishFirstSite() throws -> [String: Data] {
            let first = try SampleAPIServer(source: SyntheticFeed(itemCount: 4, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
            defer { first.stop() }
            let result = try ExecutableRunner.run(generate(api: first.apiRoot), in: folder)
            XCTAssertEqual(result.status, 0, result.standardError)
            return try snapshotOfFiles(in: site)
        }

        /// A server for the interrupted run: twelve new items, its requests passing `gate`.
        func server(gate: Gate) throws -> SampleAPIServer {
            let server = try SampleAPIServer(source: SyntheticFeed(itemCount: 12, commentsPerItem: 2, imageBytes: 4_096, now: fixedNow())) { request in
                gate.pass(request.path)
                return nil
            }
            testCase.addTeardownBlock {
                gate.open()
                server.stop()
            }
            return server
        }

        /// A server for the interrupted run whose feed, of twelve new items, names images
        /// on `images`.
        func server(imagesFrom images: HoldingListener) throws -> SampleAPIServer {
            let source = SyntheticFeed(itemCount: 12, commentsPerItem: 2, imageBytes: 4_096, now: fixedNow())
            let api = SampleAPIServer.handler(for: source)
            let server = try SampleAPIServer(source: source) { request in
                guard request.path.hasSuffix("/feed") else { return nil }
                var headers = request.headers
                headers["host"] = "127.0.0.1:\(images.port)"
                return api(HTTPRequest(method: request.method, target: request.target, headers: headers, body: request.body))
            }
            testCase.addTeardownBlock { server.stop() }
            return server
        }

        /// `textfile/feedsite.prom`, parsed strictly.
        func metrics() throws -> [String: Double] {
            try PrometheusTextParser.samples(in: String(contentsOf: folder.appendingPathComponent("textfile/feedsite.prom"), encoding: .utf8))
        }

        /// Hidden staging folders beside the site, and temporary files anywhere in the cache.
        func leftovers() throws -> [String] {
            let beside = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.contains("feedsite-staging") || $0.contains("feedsite-old")
            }
            let cache = folder.appendingPathComponent("cache")
            let inCache = (FileManager.default.enumerator(atPath: cache.path)?.allObjects as? [String] ?? []).filter { $0.contains(".feedsite-tmp-") }
            return beside + inCache
        }
    }
}

/// Lets requests through until `holdAfter` matching ones have passed, then holds every
/// further matching request until `open()`, telling the test when the first one is held.
final class Gate: Sendable {
    private let isHeld: @Sendable (String) -> Bool
    private let holdAfter: Int
    private let passed = Mutex(0)
    private let holding = DispatchSemaphore(value: 0)
    private let opened = Mutex(false)
    private let release = DispatchSemaphore(value: 0)

    init(holdAfter: Int, isHeld: @escaping @Sendable (String) -> Bool) {
        self.holdAfter = holdAfter
        self.isHeld = isHeld
    }

    /// Called on the server's connection thread for every request.
    func pass(_ path: String) {
        guard isHeld(path), !opened.withLock({ $0 }) else { return }
        let count = passed.withLock { count -> Int in
            count += 1
            return count
        }
        guard count > holdAfter else { return }
        if count == holdAfter + 1 { holding.signal() }
        release.wait()
        release.signal()  // let every other held request through as well
    }

    /// Blocks until a request is being held (or a generous safety limit passes).
    func waitUntilHolding() -> DispatchTimeoutResult {
        holding.wait(timeout: .now() + 60)
    }

    func open() {
        let first = opened.withLock { opened -> Bool in
            defer { opened = true }
            return !opened
        }
        if first { release.signal() }
    }
}
