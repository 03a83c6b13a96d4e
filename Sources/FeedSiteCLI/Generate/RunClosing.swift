import FeedCore
import FileSystem
import Foundation
import History
import Publishing
import WebArchive

/// The end of a `generate` run, whatever its steps' outcome, as steps in order:
/// 1. `finishWebArchive`: with `--warc`, the network stopped, every transfer written, the
///    archive finished and, with `--wacz`, packed; an archive not whole fails the run;
/// 2. `end`: the closing lines and the status (`RunEnding`);
/// 3. `maintainCaches`: the feed cache validated and both caches pruned (`CacheMaintenance`);
/// 4. `measure`: what `--metrics-file` records of the caches, the history and the network,
///    the context closed first where it must be.
struct RunClosing {
    let context: RunContext
    let options: GenerateOptions
    let report: RunReport
    /// What the steps found.
    let summary: RunSummary
    /// The error that stopped the steps, or a later step's; `nil` while all went well.
    private(set) var stoppedBy: RunError?

    init(context: RunContext, options: GenerateOptions, report: RunReport, summary: RunSummary, stoppedBy: RunError?) {
        self.context = context
        self.options = options
        self.report = report
        self.summary = summary
        self.stoppedBy = stoppedBy
    }

    private var interrupted: Bool { if case .interrupted? = stoppedBy { true } else { false } }

    /// With `--warc`: whatever the run's outcome, the network stops, every transfer ends and
    /// is written, then the archive is finished and, with `--wacz`, packed into `wacz`.
    mutating func finishWebArchive(wacz: String?) async {
        guard let webArchive = context.webArchive else { return }
        if let client = context.client { await client.engine.shutdown() }
        if let site = publishedSite() { await webArchive.archiver.record(site) }
        var incomplete: RunWebArchive.Incomplete?
        switch await webArchive.finish() {
        case let .success(files):
            report.webArchiveWritten(files, folder: webArchive.folder)
            if let wacz {
                incomplete = webArchive.pack(into: wacz)
                if incomplete == nil { report.reporter.info("WACZ: \(wacz)") }
            }
        case let .failure(failure): incomplete = failure
        }
        guard let incomplete else { return }
        if stoppedBy == nil { stoppedBy = .webArchiveIncomplete(incomplete) } else { report.reporter.error("\(incomplete)") }
    }

    /// What the run published, for the web archive: the site, at its `--base-url` (else at
    /// its folder's `file:` URL); with `--history`, the snapshot the run put in, if any, at
    /// its address in the history. `nil` when the run published nothing, or was interrupted.
    func publishedSite() -> PublishedSite? {
        guard summary.published, !interrupted else { return nil }
        let output = context.output.standardizedFileURL.resolvingSymlinksInPath()
        var base = options.baseURL?.text ?? output.absoluteString
        var folder = output.path
        if options.history {
            guard let name = summary.snapshotMade else { return nil }
            let history = HistoryFolder(output: output)
            folder = history.path + "/" + name
            base = (base.hasSuffix("/") ? base : base + "/") + String(folder.dropFirst(output.path.count + 1)) + "/"
        }
        let site = URL(fileURLWithPath: folder)
        return PublishedSite(folder: folder, base: base) { body in
            _ = try Manifest.read(
                from: site,
                eachFileThrowing: { file in
                    try body(.init(path: file.path, size: file.size, sha256: file.sha256, mediaType: SiteMediaType.of(path: file.path)))
                })
        }
    }

    /// The closing lines, said, and the run's status.
    func end(previousSiteExists: Bool, elapsed: Duration) -> CommandStatus {
        let firstLocale = context.site.renderers[0]
        let facts = RunEnding.Facts(
            previousSiteExists: previousSiteExists, output: context.output, cacheFolder: context.cacheFolder.path, archive: context.archive,
            baseURL: options.baseURL, connectionErrorMessage: firstLocale.connectionErrorMessage, age: firstLocale.relative, elapsed: elapsed,
            hiddenProblems: report.reporter.hiddenProblems)
        return report.end(RunEnding.of(summary, error: stoppedBy, facts: facts))
    }

    /// The caches looked after, unless the run was interrupted.
    func maintainCaches() async {
        await CacheMaintenance(feedCache: context.feedCache, cache: context.cache, imageStore: context.imageStore, now: context.now, report: report)
            .run(published: stoppedBy == nil, interrupted: interrupted, feedInCache: summary.feedInCache)
    }

    /// What the metrics file says of the run besides its status: the steps' findings; with
    /// `--metrics-file`, unless interrupted, the cache's and the history's sizes, measured
    /// under the cache's lock, so no other run is changing it meanwhile (not after Ctrl-C,
    /// which should end the run at once: BENCHMARKS.md, "The metrics file"); and, once the
    /// context is closed and the engine has stopped, every transfer's bytes.
    func measure(into metrics: inout RunMetrics) async {
        metrics.summary = summary
        if options.metricsFile != nil, !interrupted {
            // The write-ahead log is emptied first, as closing the database will.
            try? context.cache.checkpoint()
            metrics.cacheBytes = try? FolderSize.bytes(under: context.cacheFolder.path)
            if options.history {
                let history = HistoryFolder(output: context.output)
                metrics.historySnapshots = history.snapshots().count
                metrics.historyBytes = try? FolderSize.bytes(under: history.path)
            }
        }
        await context.close()
        if let client = context.client { metrics.network = await client.statistics }
    }
}
