import FeedCore
import HTTP
import Foundation
import TestSupport
import XCTest

@testable import FeedSiteCLI

final class RunMetricsTests: XCTestCase {
    func test_text_parsesStrictlyAndHoldsEveryFigureOfAKnownRun() throws {
        let run = knownRun()
        let history = RunMetrics.History(lastSuccess: run.endedAt, lastPublish: run.endedAt)

        let samples = try PrometheusTextParser.samples(in: run.text(history: history))

        XCTAssertEqual(
            samples,
            [
                "feedsite_build_info{version=\(Usage.version)}": 1,
                "feedsite_last_run_timestamp_seconds": 1_716_204_299.25,
                "feedsite_last_run_exit_code": 3,
                "feedsite_last_run_duration_seconds": 12.5,
                "feedsite_last_success_timestamp_seconds": 1_716_204_299.25,
                "feedsite_last_publish_timestamp_seconds": 1_716_204_299.25,
                "feedsite_phase_duration_seconds{phase=feed}": 0.5,
                "feedsite_phase_duration_seconds{phase=images}": 8,
                "feedsite_phase_duration_seconds{phase=renditions}": 0,
                "feedsite_phase_duration_seconds{phase=comments}": 3.25,
                "feedsite_phase_duration_seconds{phase=render}": 0.125,
                "feedsite_phase_duration_seconds{phase=publish}": 0.5,
                "feedsite_phase_duration_seconds{phase=archive}": 0,
                "feedsite_items": 45,
                "feedsite_pages{kind=feed}": 10,
                "feedsite_pages{kind=comments}": 90,
                "feedsite_images{result=downloaded}": 30,
                "feedsite_images{result=cache}": 12,
                "feedsite_images{result=failed}": 3,
                "feedsite_pictures{result=made}": 20,
                "feedsite_pictures{result=cache}": 9,
                "feedsite_pictures{reason=small,result=as_is}": 5,
                "feedsite_pictures{reason=format,result=as_is}": 4,
                "feedsite_pictures{reason=pixels,result=as_is}": 3,
                "feedsite_pictures{reason=undecodable,result=as_is}": 2,
                "feedsite_pictures{reason=cache,result=as_is}": 1,
                "feedsite_rendition_files": 84,
                "feedsite_originals_metadata_dropped": 27,
                "feedsite_metadata_dropped_bytes": 3_100_000,
                "feedsite_comments_lists{result=live}": 40,
                "feedsite_comments_lists{result=cache}": 4,
                "feedsite_comments_lists{result=unavailable}": 1,
                "feedsite_comments": 210,
                "feedsite_http_requests": 95,
                "feedsite_http_retries": 7,
                "feedsite_rate_wait_seconds": 2.5,
                "feedsite_hosts_down": 1,
                "feedsite_downloaded_bytes": 1_234_567,
                "feedsite_cache_size_bytes": 9_876_543,
            ])
    }

    func test_families_followPrometheusNamingWithHelpAGaugeTypeAndBaseUnits() {
        let families = knownRun().families(history: .init())

        XCTAssertEqual(Set(families.map(\.name)).count, families.count, "one family per name")
        for family in families {
            XCTAssertTrue(family.name.hasPrefix("feedsite_"), family.name)
            XCTAssertTrue(PrometheusTextParser.isMetricName(family.name), family.name)
            XCTAssertEqual(family.kind, .gauge, "\(family.name): each file describes one run")
            XCTAssertFalse(family.name.hasSuffix("_total"), "\(family.name): _total is for counters")
            XCTAssertFalse(family.help.isEmpty, family.name)
            for unit in ["_milliseconds", "_ms", "_kb", "_mb", "_kilobytes"] {
                XCTAssertFalse(family.name.contains(unit), "\(family.name): base units only")
            }
        }
        XCTAssertTrue(families.filter { $0.name.contains("timestamp") || $0.name.contains("duration") }.allSatisfy { $0.name.hasSuffix("_seconds") })
    }

    func test_text_isTheSameForTheSameRun() {
        let run = knownRun()

        XCTAssertEqual(run.text(history: .init()), run.text(history: .init()))
    }

    func test_families_giveEveryPhaseASampleInOrderAndZeroForThoseNotReached() {
        var run = RunMetrics()
        run.summary.phases = [("feed", 40)]

        let phases = run.families(history: .init()).first { $0.name == "feedsite_phase_duration_seconds" }

        XCTAssertEqual(phases?.samples.map { $0.labels.first?.value }, ["feed", "images", "renditions", "comments", "render", "publish", "archive"])
        XCTAssertEqual(phases?.samples.map(\.value), [40, 0, 0, 0, 0, 0, 0])
    }

    func test_families_leaveOutTheCacheSizeWhenItWasNotMeasured() {
        var run = knownRun()
        run.cacheBytes = nil

        XCTAssertFalse(run.families(history: .init()).contains { $0.name == "feedsite_cache_size_bytes" })
    }

    func test_families_giveTheHistorysSnapshotsAndSizeOnlyWhenMeasured() {
        var run = knownRun()
        XCTAssertFalse(run.families(history: .init()).contains { $0.name.hasPrefix("feedsite_history") })

        run.historySnapshots = 4
        run.historyBytes = 123_456
        let families = run.families(history: .init())

        XCTAssertEqual(families.first { $0.name == "feedsite_history_snapshots" }?.samples.map(\.value), [4])
        XCTAssertEqual(families.first { $0.name == "feedsite_history_size_bytes" }?.samples.map(\.value), [123_456])
    }

    func test_families_countWhatTheHistoryFoundChangedByKind_onlyWithHistory() {
        var run = knownRun()
        var changes = HistoryChanges()
        changes.summary.added = 2
        changes.picturesChanged = 1
        changes.summary.commentsRemoved = 3
        run.summary.historyChanges = changes

        let family = run.families(history: .init()).first { $0.name == "feedsite_history_changes" }

        XCTAssertEqual(
            family?.samples.map { $0.labels.map(\.value) }, [["added"], ["gone"], ["edited"], ["pictures_changed"], ["comments_added"], ["comments_removed"]])
        XCTAssertEqual(family?.samples.map(\.value), [2, 0, 0, 1, 0, 3])
    }

    func test_history_aRunThatPublishedTheLiveFeedIsTheLastSuccessAndTheLastPublish() {
        let run = finished(code: .success, published: true, feed: .live)

        XCTAssertEqual(run.history(after: earlier), .init(lastSuccess: run.endedAt, lastPublish: run.endedAt))
    }

    func test_history_aDegradedRunWithTheLiveFeedIsStillASuccess() {
        let run = finished(code: .degraded, published: true, feed: .live)

        XCTAssertEqual(run.history(after: earlier), .init(lastSuccess: run.endedAt, lastPublish: run.endedAt))
    }

    func test_history_aRunThatPublishedTheCachedFeedMovesOnlyTheLastPublish() {
        let run = finished(code: .degraded, published: true, feed: .cache(savedAt: fixedNow()))

        XCTAssertEqual(run.history(after: earlier), .init(lastSuccess: earlier.lastSuccess, lastPublish: run.endedAt))
    }

    func test_history_aRunThatPublishedNothingKeepsBoth() {
        for code in [ExitCode.failure, .usage, .interrupted] {
            XCTAssertEqual(finished(code: code, published: false, feed: .live).history(after: earlier), earlier, "exit \(code)")
        }
    }

    func test_history_aRunWhoseArchiveFailedAfterItPublishedCounts() {
        let run = finished(code: .failure, published: true, feed: .live)

        XCTAssertEqual(run.history(after: earlier), .init(lastSuccess: run.endedAt, lastPublish: run.endedAt))
    }

    func test_historyFromThePreviousFile_readsBothTimesBack() throws {
        let run = finished(code: .success, published: true, feed: .live)
        let text = run.text(history: run.history(after: .init()))

        XCTAssertEqual(RunMetrics.History(previousFile: text), .init(lastSuccess: run.endedAt, lastPublish: run.endedAt))
    }

    func test_historyFromThePreviousFile_isEmptyWhenMissingUnparsableOrZero() throws {
        XCTAssertEqual(RunMetrics.History(previousFile: nil), .init())
        XCTAssertEqual(RunMetrics.History(previousFile: "\u{FFFD}not metrics at all\n"), .init())
        XCTAssertEqual(RunMetrics.History(previousFile: "feedsite_last_success_timestamp_seconds soon\n"), .init())
        let never = RunMetrics().text(history: .init())
        XCTAssertTrue(never.contains("\nfeedsite_last_success_timestamp_seconds 0\n"), "no success known is written as 0")
        XCTAssertTrue(never.contains("\nfeedsite_last_publish_timestamp_seconds 0\n"))
        XCTAssertEqual(RunMetrics.History(previousFile: never), .init(), "and read back as none")
    }

    // MARK: - Helpers

    private let earlier = RunMetrics.History(lastSuccess: Date(timeIntervalSince1970: 1_716_000_000), lastPublish: Date(timeIntervalSince1970: 1_716_100_000))

    private func finished(code: ExitCode, published: Bool, feed: FeedService.FeedSource) -> RunMetrics {
        var run = RunMetrics()
        run.exitCode = code
        run.endedAt = Date(timeIntervalSince1970: 1_716_204_299)
        run.summary.published = published
        run.summary.feedSource = feed
        return run
    }

    /// A degraded run in two locales with a host taken as down.
    private func knownRun() -> RunMetrics {
        var run = RunMetrics()
        run.endedAt = Date(timeIntervalSince1970: 1_716_204_299.25)
        run.exitCode = .degraded
        run.duration = 12.5
        run.summary.locales = 2
        run.summary.items = 45
        run.summary.feedPages = 5
        run.summary.images = .init(downloaded: 30, fromCache: 12, failed: 3, files: 42)
        run.summary.comments = .init(live: 40, fromCache: 4, unavailable: 1, count: 210)
        run.summary.renditions = RenditionTally(made: 20, fromCache: 9, asItIs: [.small: 5, .format: 4, .pixels: 3, .undecodable: 2, .cache: 1], files: 84)
        run.summary.metadata = MetadataTally(originals: 27, bytes: 3_100_000)
        run.summary.phases = [("feed", 0.5), ("images", 8), ("comments", 3.25), ("render", 0.125), ("publish", 0.5)]
        run.summary.published = true
        run.network = NetworkStatistics(
            requests: 95, retries: 7, pauses: 1, rate: 4, rateWait: 2.5, receivedBytes: 1_234_567, hostsDown: [.init(host: "api.example", notSent: 12)],
            downThreshold: 8)
        run.cacheBytes = 9_876_543
        return run
    }
}
