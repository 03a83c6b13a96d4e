import FeedSiteCLI
import FileSystem
import Foundation
import SampleAPI
import TestSupport
import XCTest

/// `--metrics-file`: every run that got past its command line records itself, whatever its
/// outcome, and the times of the last success and the last publish outlive failed runs.
final class GenerateMetricsTests: XCTestCase {
    private let firstRun = Date(timeIntervalSince1970: 1_716_204_299)
    private let secondRun = Date(timeIntervalSince1970: 1_716_205_199)
    private let metrics = ["--metrics-file", "textfile/feedsite.prom"]

    func test_generate_writesEveryFigureOfTheRunToTheMetricsFile() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 12, commentsPerItem: 2, imageBytes: 500, now: fixedNow()))
        let run = try makeRunFolderWithTextfileFolder()

        let result = await run.generate(api: server.apiRoot, metrics, currentDate: firstRun)

        XCTAssertEqual(result.code, .success, result.diagnostics)
        let samples = try samples(in: run)
        assertRun(samples, endedAt: firstRun, exitCode: 0, lastSuccess: firstRun, lastPublish: firstRun)
        XCTAssertEqual(samples["feedsite_items"], 12)
        XCTAssertEqual(samples["feedsite_pages{kind=feed}"], 2)
        XCTAssertEqual(samples["feedsite_pages{kind=comments}"], 12)
        XCTAssertEqual(samples["feedsite_images{result=downloaded}"], 12)
        XCTAssertEqual(samples["feedsite_images{result=cache}"], 0)
        XCTAssertEqual(samples["feedsite_images{result=failed}"], 0)
        XCTAssertEqual(samples["feedsite_comments_lists{result=live}"], 12)
        XCTAssertEqual(samples["feedsite_comments_lists{result=cache}"], 0)
        XCTAssertEqual(samples["feedsite_comments_lists{result=unavailable}"], 0)
        XCTAssertEqual(samples["feedsite_comments"], 24)
        let served = server.requestCounts
        XCTAssertEqual(samples["feedsite_http_requests"], Double(served.total))
        XCTAssertEqual(samples["feedsite_http_retries"], 0)
        XCTAssertEqual(samples["feedsite_hosts_down"], 0)
        let received = try XCTUnwrap(samples["feedsite_downloaded_bytes"])
        XCTAssertGreaterThan(received, Double(served.bodyBytes), "the bodies, and the headers besides")
        XCTAssertLessThan(received, Double(served.bodyBytes + served.total * 300), "about a hundred bytes of headers per answer")
        let cache = try XCTUnwrap(samples["feedsite_cache_size_bytes"])
        XCTAssertEqual(cache, Double(try FolderSize.bytes(under: run.cache.path)), accuracy: 64, "the lock file's note changes as the run ends")
        XCTAssertGreaterThan(cache, 12 * 500, "every image blob, counted once")
        let duration = try XCTUnwrap(samples["feedsite_last_run_duration_seconds"])
        let phases = ["feed", "images", "comments", "render", "publish"].map { samples["feedsite_phase_duration_seconds{phase=\($0)}"] ?? -1 }
        XCTAssertTrue(phases.allSatisfy { $0 > 0 }, "\(phases)")
        XCTAssertLessThanOrEqual(phases.reduce(0, +), duration)
        XCTAssertEqual(samples["feedsite_phase_duration_seconds{phase=archive}"], 0, "no --archive")
    }

    func test_generate_keepsTheLastSuccessAcrossAFailedRun() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 3, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
        let run = try makeRunFolderWithTextfileFolder()
        let first = await run.generate(api: server.apiRoot, metrics, currentDate: firstRun)
        XCTAssertEqual(first.code, .success, first.diagnostics)
        await server.stop()
        try FileManager.default.removeItem(at: run.cache)

        let failed = await run.generate(api: server.apiRoot, metrics, currentDate: secondRun)

        XCTAssertEqual(failed.code, .failure, failed.diagnostics)
        let samples = try samples(in: run)
        assertRun(samples, endedAt: secondRun, exitCode: 1, lastSuccess: firstRun, lastPublish: firstRun)
        XCTAssertEqual(samples["feedsite_items"], 0)
        XCTAssertGreaterThan(samples["feedsite_phase_duration_seconds{phase=feed}"] ?? 0, 0, "the phase that failed, timed until it failed")
        for phase in ["images", "comments", "render", "publish", "archive"] {
            XCTAssertEqual(samples["feedsite_phase_duration_seconds{phase=\(phase)}"], 0, phase)
        }
        XCTAssertEqual(samples["feedsite_http_requests"], 1, "the first feed page")
        XCTAssertEqual(samples["feedsite_http_retries"], 3, "connection refused, tried again three times")
        XCTAssertEqual(samples["feedsite_downloaded_bytes"], 0)
        XCTAssertNotNil(samples["feedsite_cache_size_bytes"])
    }

    func test_generate_aRunThatPublishesTheCachedFeedMovesTheLastPublishButNotTheLastSuccess() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 3, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
        let run = try makeRunFolderWithTextfileFolder()
        _ = await run.generate(api: server.apiRoot, metrics, currentDate: firstRun)
        await server.stop()

        let cached = await run.generate(api: server.apiRoot, now: "2024-05-21T11:24:59Z", metrics, currentDate: secondRun)

        XCTAssertEqual(cached.code, .degraded, cached.diagnostics)
        let samples = try samples(in: run)
        assertRun(samples, endedAt: secondRun, exitCode: 3, lastSuccess: firstRun, lastPublish: secondRun)
        XCTAssertEqual(samples["feedsite_items"], 3)
        XCTAssertEqual(samples["feedsite_images{result=cache}"], 3)
        XCTAssertEqual(samples["feedsite_comments_lists{result=cache}"], 3)
    }

    func test_generate_aRunRefusedBecauseAnotherRunHoldsTheLockIsRecordedAsFailed() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 3, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
        let run = try makeRunFolderWithTextfileFolder()
        _ = await run.generate(api: server.apiRoot, metrics, currentDate: firstRun)
        let held = try RunLock.acquire(run.root.appendingPathComponent(".site.lock"), startedAt: fixedNow())

        let refused = await run.generate(api: server.apiRoot, metrics, currentDate: secondRun)
        withExtendedLifetime(held) {}

        XCTAssertEqual(refused.code, .failure, refused.diagnostics)
        let samples = try samples(in: run)
        assertRun(samples, endedAt: secondRun, exitCode: 1, lastSuccess: firstRun, lastPublish: firstRun)
        XCTAssertEqual(samples["feedsite_items"], 0)
        XCTAssertEqual(samples["feedsite_http_requests"], 0)
        XCTAssertEqual(samples["feedsite_phase_duration_seconds{phase=feed}"], 0)
        XCTAssertNil(samples["feedsite_cache_size_bytes"], "a run that did not start leaves another run's cache alone")
    }

    func test_generate_aMetricsFileThatBecameUnwritableIsOneErrorLineEvenWithQuietAndTheExitStatusStands() async throws {
        let run = try makeRunFolderWithTextfileFolder()
        let textfile = run.root.appendingPathComponent("textfile")
        // The folder is there when the run checks its flags, and gone by its end.
        let server = try makeServer(SyntheticFeed(itemCount: 3, commentsPerItem: 1, imageBytes: 64, now: fixedNow())) { _ in
            try? FileManager.default.removeItem(at: textfile)
            return nil
        }

        let result = await run.generate(api: server.apiRoot, metrics + ["--quiet"])

        XCTAssertEqual(result.code, .success, result.diagnostics)
        let path = RealPath.of(run.root.appendingPathComponent("textfile/feedsite.prom").path)
        XCTAssertEqual(
            result.diagnostics,
            "feedsite: error: metrics file \(path) not written: the folder \((path as NSString).deletingLastPathComponent) does not exist; the run's exit status is unaffected"
        )
        XCTAssertTrue(FileManager.default.fileExists(atPath: run.file("index.html").path), "the site was published")
        XCTAssertFalse(FileManager.default.fileExists(atPath: textfile.path), "no folder is created")
    }

    func test_generate_aMetricsFileInAFolderThatDoesNotExistIsAUsageErrorBeforeAnythingIsTouched() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 3, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot, metrics)

        XCTAssertEqual(result.code, .usage)
        XCTAssertEqual(
            result.diagnostics,
            "feedsite: error: --metrics-file textfile/feedsite.prom: the folder \(RealPath.of(run.root.path))/textfile does not exist; "
                + "create it first, or name a file in a folder that does")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: run.root.path), [], "no site, no cache, no folder")
        XCTAssertEqual(server.requestCounts.total, 0)
    }

    func test_generate_aMetricsFileInsideTheOutputIsAUsageErrorBeforeAnythingIsTouched() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 3, commentsPerItem: 1, imageBytes: 64, now: fixedNow()))
        let run = try makeRunFolder()

        let result = await run.generate(api: server.apiRoot, ["--metrics-file", "site/feedsite.prom"])

        XCTAssertEqual(result.code, .usage)
        XCTAssertTrue(
            result.diagnostics.hasPrefix("feedsite: error: --metrics-file site/feedsite.prom is inside the output folder"), result.diagnostics)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: run.root.path), [], "no site, no cache, no metrics file")
        XCTAssertEqual(server.requestCounts.total, 0)
    }

    func test_generate_aBadFlagWritesNoMetricsFile() async throws {
        let run = try makeRunFolderWithTextfileFolder()

        let result = await run.generate(api: URL(string: "http://127.0.0.1:9/v1")!, metrics + ["--page-size", "lots"])

        XCTAssertEqual(result.code, .usage)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: run.root.appendingPathComponent("textfile").path), [])
    }

    func test_demo_writesTheMetricsFileToo() async throws {
        let run = try makeRunFolderWithTextfileFolder()

        let result = await runFeedsite(
            ["demo", "--output", "site", "--cache", "cache"] + metrics, in: run.root, currentDate: firstRun)

        XCTAssertEqual(result.code, .success, result.diagnostics)
        let samples = try samples(in: run)
        XCTAssertEqual(samples["feedsite_items"], Double(DemoFeed(now: fixedNow()).itemCount))
        XCTAssertEqual(samples["feedsite_last_success_timestamp_seconds"], 1_716_204_299)
    }

    func test_generate_withHistory_recordsTheSnapshotsKeptAndTheHistorysSize() async throws {
        let server = try makeServer(SyntheticFeed(itemCount: 3, commentsPerItem: 1, imageBytes: 500, now: fixedNow()))
        let run = try makeRunFolderWithTextfileFolder()

        let plain = await run.generate(api: server.apiRoot, metrics)
        let plainSamples = try samples(in: run)
        let result = await run.generate(api: server.apiRoot, now: "2024-05-21T11:24:59Z", metrics + ["--history"])

        XCTAssertEqual(plain.code, .success, plain.diagnostics)
        XCTAssertNil(plainSamples["feedsite_history_snapshots"], "no --history, no sample")
        XCTAssertEqual(result.code, .success, result.diagnostics)
        let samples = try samples(in: run)
        XCTAssertEqual(samples["feedsite_history_snapshots"], 1)
        XCTAssertEqual(samples["feedsite_history_size_bytes"], Double(try FolderSize.bytes(under: run.file("history").path)))
    }

    // MARK: - Helpers

    /// A run folder with `textfile/`, where the metrics file goes.
    private func makeRunFolderWithTextfileFolder() throws -> RunFolder {
        let run = try makeRunFolder()
        try FileManager.default.createDirectory(at: run.root.appendingPathComponent("textfile"), withIntermediateDirectories: true)
        return run
    }

    /// The run's end and exit code, and the times of the last success and publish.
    private func assertRun(
        _ samples: [String: Double], endedAt: Date, exitCode: Double, lastSuccess: Date, lastPublish: Date, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        XCTAssertEqual(samples["feedsite_last_run_timestamp_seconds"], endedAt.timeIntervalSince1970, "ended", file: file, line: line)
        XCTAssertEqual(samples["feedsite_last_run_exit_code"], exitCode, "exit code", file: file, line: line)
        XCTAssertEqual(samples["feedsite_last_success_timestamp_seconds"], lastSuccess.timeIntervalSince1970, "last success", file: file, line: line)
        XCTAssertEqual(samples["feedsite_last_publish_timestamp_seconds"], lastPublish.timeIntervalSince1970, "last publish", file: file, line: line)
    }

    /// The metrics file, parsed strictly.
    private func samples(in run: RunFolder) throws -> [String: Double] {
        let text = try String(contentsOf: run.root.appendingPathComponent("textfile/feedsite.prom"), encoding: .utf8)
        return try PrometheusTextParser.samples(in: text)
    }
}
