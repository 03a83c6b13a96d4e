import FeedCore
import Foundation
import HTTP

/// What `--metrics-file` records of one run, for Prometheus: when it ended, its exit status
/// and duration, each phase's time, the figures of its summary as far as it got, its
/// network traffic and the cache's size; and, carried over from the file the run before
/// wrote, when the last run that published ended and the last that published the live feed.
///
/// Every figure is a gauge: each file describes one run, and the next run replaces it.
struct RunMetrics: Sendable {
    var endedAt = Date(timeIntervalSince1970: 0)
    var exitCode = ExitCode.failure
    /// From the start of the command to the end of the run, in seconds.
    var duration: Double = 0
    /// Whatever the run found out before it ended: all of it for a run that finished, what
    /// the phases it went through gathered for one that failed, nothing for one that never
    /// started.
    var summary = RunSummary()
    /// Until the client says what the requests cost: none, with the engine's threshold for
    /// a host taken as down, which the metrics' help names.
    var network = NetworkStatistics(downThreshold: CurlHTTPClient.downThreshold)
    /// `nil` when the cache was not measured (a run that did not start, or was interrupted)
    /// or could not be read; the sample is then left out.
    var cacheBytes: Int?
    /// With `--history`: the snapshots it keeps and its folder's size, measured as the cache
    /// is; `nil` when not, and the samples are then left out.
    var historySnapshots: Int?
    var historyBytes: Int?

    /// The phases a run goes through, in order, each with a sample (0 when not reached).
    static let phases = RunPhase.allCases.map(\.rawValue)

    /// The times the file carries from one run to the next. `nil`: none is known (no file
    /// before, or one whose sample is missing or not a number), written as 0.
    struct History: Equatable, Sendable {
        /// The last run that published the live feed: the site is fresh.
        var lastSuccess: Date?
        /// The last run that published a site, from the live feed or the cache.
        var lastPublish: Date?

        init(lastSuccess: Date? = nil, lastPublish: Date? = nil) {
            self.lastSuccess = lastSuccess
            self.lastPublish = lastPublish
        }

        /// What the file a run before wrote says; `nil` or text of another kind is no history.
        init(previousFile text: String?) {
            func date(_ name: String) -> Date? {
                guard let text, let seconds = PrometheusText.value(of: name, in: text), seconds > 0 else { return nil }
                return Date(timeIntervalSince1970: seconds)
            }
            self.init(lastSuccess: date(Name.lastSuccess), lastPublish: date(Name.lastPublish))
        }
    }

    /// The history once this run is added to `previous`: a run that swapped a new site in
    /// (whatever came after, such as an archive that could not be written) published it,
    /// and it succeeded when that site holds the live feed.
    func history(after previous: History) -> History {
        var history = previous
        if summary.published {
            history.lastPublish = endedAt
            if summary.feedSource == .live { history.lastSuccess = endedAt }
        }
        return history
    }

    /// The file's text, with `history` (this run's included).
    func text(history: History) -> String {
        PrometheusText.render(families(history: history))
    }

    private enum Name {
        static let lastSuccess = "feedsite_last_success_timestamp_seconds"
        static let lastPublish = "feedsite_last_publish_timestamp_seconds"
    }

    func families(history: History) -> [PrometheusText.Family] {
        let locales = Double(summary.locales)
        let images = summary.images
        let renditions = summary.renditions
        let comments = summary.comments
        let commentsPages = comments.live + comments.fromCache + comments.unavailable
        let laps = Dictionary(summary.phases.map { ($0.name, $0.seconds) }, uniquingKeysWith: +)
        var families: [PrometheusText.Family] = [
            .init(
                "feedsite_build_info", .gauge, help: "The version of feedsite that wrote this file; the value is always 1.",
                [.init("version", Usage.version, 1)]),
            .init("feedsite_last_run_timestamp_seconds", .gauge, help: "When the last run ended, in seconds since 1970.", Self.seconds(endedAt)),
            .init(
                "feedsite_last_run_exit_code", .gauge,
                help: "The last run's exit status: 0 published from live data, 3 published but degraded, 1 nothing published, 2 usage error, 130 interrupted.",
                Double(exitCode.rawValue)),
            .init("feedsite_last_run_duration_seconds", .gauge, help: "How long the last run took, from start to end.", Self.rounded(duration)),
            .init(
                Name.lastSuccess, .gauge,
                help: "When the last run that published the live feed ended, the site then fresh, kept across runs; 0 when none is known.",
                history.lastSuccess.map(Self.seconds) ?? 0),
            .init(
                Name.lastPublish, .gauge,
                help: "When the last run that published a site ended, from the live feed or the cache, kept across runs; 0 when none is known.",
                history.lastPublish.map(Self.seconds) ?? 0),
            .init(
                "feedsite_phase_duration_seconds", .gauge, help: "How long each phase of the last run took; 0 for a phase it did not reach.",
                Self.phases.map { .init("phase", $0, Self.rounded(laps[$0] ?? 0)) }),
            .init("feedsite_items", .gauge, help: "Items in the feed the last run loaded.", Double(summary.items)),
            .init(
                "feedsite_pages", .gauge, help: "Pages the last run rendered, in every locale.",
                [.init("kind", "feed", Double(summary.feedPages) * locales), .init("kind", "comments", Double(commentsPages) * locales)]),
            .init(
                "feedsite_images", .gauge, help: "The last run's image URLs: downloaded, from the cache, or failed.",
                [
                    .init("result", "downloaded", Double(images.downloaded)), .init("result", "cache", Double(images.fromCache)),
                    .init("result", "failed", Double(images.failed)),
                ]),
            .init(
                "feedsite_pictures", .gauge,
                help:
                    "The last run's distinct pictures: resized (their renditions made, or from the cache), or shown as they are, by reason; all 0 with --image-widths none.",
                [.init("result", "made", Double(renditions.made)), .init("result", "cache", Double(renditions.fromCache))]
                    + RenditionTally.AsItIs.allCases.map { reason in
                        .init(
                            labels: [.init(name: "result", value: "as_is"), .init(name: "reason", value: reason.rawValue)],
                            value: Double(renditions.asItIs[reason] ?? 0))
                    }),
            .init("feedsite_rendition_files", .gauge, help: "Rendition files in the last run's site.", Double(renditions.files)),
            .init(
                "feedsite_originals_metadata_dropped", .gauge,
                help: "The last run's distinct originals published without their metadata (EXIF, XMP and the like); 0 with --keep-metadata.",
                Double(summary.metadata.originals)),
            .init(
                "feedsite_metadata_dropped_bytes", .gauge, help: "Bytes of metadata the last run's published originals were published without.",
                Double(summary.metadata.bytes)),
            .init(
                "feedsite_comments_lists", .gauge, help: "The last run's images whose comments came live, from the cache, or were unavailable.",
                [
                    .init("result", "live", Double(comments.live)), .init("result", "cache", Double(comments.fromCache)),
                    .init("result", "unavailable", Double(comments.unavailable)),
                ]),
            .init("feedsite_comments", .gauge, help: "Comments on the last run's pages.", Double(comments.count)),
            .init(
                "feedsite_http_requests", .gauge, help: "HTTP requests the last run made, each counted once however many tries it took.",
                Double(network.requests)),
            .init("feedsite_http_retries", .gauge, help: "Tries beyond each request's first in the last run.", Double(network.retries)),
            .init(
                "feedsite_rate_wait_seconds", .gauge, help: "Time during which --rate held at least one of the last run's requests back; 0 without --rate.",
                Self.rounded(network.rateWait)),
            .init(
                "feedsite_hosts_down", .gauge,
                help: "Hosts the last run took as down after \(network.downThreshold) failed requests in a row.", Double(network.hostsDown.count)),
            .init(
                "feedsite_downloaded_bytes", .gauge,
                help: "Bytes the last run received over HTTP: headers and bodies as they came over the network, every try counted.",
                Double(network.receivedBytes)),
        ]
        if let cacheBytes {
            families.append(
                .init(
                    "feedsite_cache_size_bytes", .gauge,
                    help: "The cache folder's size after the last run: every file's size, a file with several names counted once.",
                    Double(cacheBytes)))
        }
        if let changes = summary.historyChanges {
            families.append(
                .init(
                    "feedsite_history_changes", .gauge,
                    help:
                        "What the last run found changed since the latest snapshot (--history): items added, gone, edited, pictures changed, comments added and removed; all 0 when nothing did.",
                    changes.byKind.map { .init("kind", $0.kind, Double($0.count)) }))
        }
        if let historySnapshots {
            families.append(
                .init("feedsite_history_snapshots", .gauge, help: "Snapshots the history keeps after the last run (--history).", Double(historySnapshots)))
        }
        if let historyBytes {
            families.append(
                .init(
                    "feedsite_history_size_bytes", .gauge,
                    help: "The history folder's size after the last run: every file's size, a file with several names counted once.",
                    Double(historyBytes)))
        }
        return families
    }

    /// Seconds since 1970 to the millisecond.
    private static func seconds(_ date: Date) -> Double {
        (date.timeIntervalSince1970 * 1000).rounded() / 1000
    }

    /// To the microsecond.
    private static func rounded(_ seconds: Double) -> Double {
        (seconds * 1_000_000).rounded() / 1_000_000
    }
}
