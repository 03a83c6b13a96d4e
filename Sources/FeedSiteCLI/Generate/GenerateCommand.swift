import FeedCore
import FileSystem
import Foundation
import History

/// `feedsite generate`: opens the run (`RunContext`), runs its steps (`GenerateRun`), ends
/// it (`RunEnding`: the exit status and the closing lines), then looks after the cache
/// (`CacheMaintenance`) and, with `--metrics-file`, records the run there, whatever its
/// outcome, once it got past the command line.
///
/// Cancellation (Ctrl-C, SIGTERM) is looked at before each step and, within the steps,
/// before each item, page, file or batch of files they work through, so a run stops within
/// a moment whatever it is doing, and exits 130.
struct GenerateCommand {
    let options: GenerateOptions
    let environment: RunEnvironment
    let report: RunReport

    func run() async -> CommandStatus {
        let started = ContinuousClock.now
        FreedMemory.mapLargeBlocksApart()
        let files: (archive: FlagFile?, wacz: FlagFile?, metrics: FlagFile?)
        let warc: String?
        do {
            files = try FlagFile.named(by: options, environment: environment)
            warc = try RunWebArchive.named(by: options, environment: environment, apartFrom: FlagFile.all(files))
        } catch {
            return report.end(RunEnding.of(RunSummary(), error: .opening(error), facts: .init(previousSiteExists: previousSiteExists)))
        }
        for file in FlagFile.all(files) {
            let removed = AtomicFile.removeAbandonedTemporaries(beside: file.path)
            if removed > 0 { report.detail("\(file.flag): removed \(removed) partial \(file.path) a killed run left beside it") }
        }
        let metricsFile = files.metrics.map { MetricsFile(path: $0.path) }
        var metrics = RunMetrics()
        let status = await run(archive: files.archive.map { URL(fileURLWithPath: $0.path) }, web: (warc, files.wacz?.path), recording: &metrics)
        if let metricsFile {
            metrics.exitCode = ExitCode(status)
            metrics.duration = (ContinuousClock.now - started).seconds
            metrics.endedAt = environment.currentDate()
            do {
                try metricsFile.write(metrics)
                report.metricsWritten(metricsFile.path)
            } catch {
                report.metricsNotWritten(error)
            }
        }
        return status
    }

    /// The run from its context's opening to its closing, with `--archive`'s file,
    /// `--warc`'s folder and `--wacz`'s file, if any, checked; what it found out goes into
    /// `metrics`, the cache's size only when `--metrics-file` asks for it and the run was
    /// not interrupted.
    private func run(archive: URL?, web: (warc: String?, wacz: String?), recording metrics: inout RunMetrics) async -> CommandStatus {
        let context: RunContext
        do {
            context = try await RunContext.open(options, archive: archive, warc: web.warc, environment: environment, report: report)
        } catch {
            return report.end(RunEnding.of(RunSummary(), error: .opening(error), facts: .init(previousSiteExists: previousSiteExists)))
        }
        let started = ContinuousClock.now
        let runner = StepRunner(summary: RunSummary(locales: context.site.renderers.count), report: report)
        var stoppedBy: RunError?
        do throws(RunError) {
            try await GenerateRun(roles: context.roles, options: options, now: context.now, archive: context.archive).run(runner)
        } catch {
            stoppedBy = error
        }
        runner.endPhase()
        if let webArchive = context.webArchive {
            // Whatever the run's outcome: the network stops, every transfer ends and is
            // written, then the archive is finished.
            if let client = context.client { await client.engine.shutdown() }
            var incomplete: RunWebArchive.Incomplete?
            switch await webArchive.finish() {
            case let .success(files):
                report.webArchiveWritten(files, folder: webArchive.folder)
                if let wacz = web.wacz {
                    incomplete = webArchive.pack(files, into: wacz, api: options.api)
                    if incomplete == nil { report.reporter.info("WACZ: \(wacz)") }
                }
            case let .failure(failure): incomplete = failure
            }
            if let incomplete {
                if stoppedBy == nil { stoppedBy = .webArchiveIncomplete(incomplete) } else { report.reporter.error("\(incomplete)") }
            }
        }
        let summary = runner.summary
        let firstLocale = context.site.renderers[0]
        let facts = RunEnding.Facts(
            previousSiteExists: previousSiteExists, output: context.output, cacheFolder: context.cacheFolder.path, archive: context.archive,
            baseURL: options.baseURL, connectionErrorMessage: firstLocale.connectionErrorMessage, age: firstLocale.relative,
            elapsed: ContinuousClock.now - started, hiddenProblems: report.reporter.hiddenProblems)
        let status = report.end(RunEnding.of(summary, error: stoppedBy, facts: facts))
        let interrupted = if case .interrupted? = stoppedBy { true } else { false }
        await CacheMaintenance(feedCache: context.feedCache, cache: context.cache, imageStore: context.imageStore, now: context.now, report: report)
            .run(published: stoppedBy == nil, interrupted: interrupted, feedInCache: summary.feedInCache)
        metrics.summary = summary
        if options.metricsFile != nil, !interrupted {
            // Under the cache's lock, so no other run is changing it meanwhile; not after
            // Ctrl-C, which should end the run at once (BENCHMARKS.md, "The metrics file").
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
        // Once the engine has stopped, every transfer's bytes are counted.
        if let client = context.client { metrics.network = await client.statistics }
        return status
    }

    /// Whether a site is at the output: what a run that published nothing left there.
    private var previousSiteExists: Bool {
        FileManager.default.fileExists(atPath: environment.resolve(options.output).resolvingSymlinksInPath().path)
    }
}
