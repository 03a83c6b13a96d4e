import FeedCore
import FileSystem
import Foundation
import History

/// `feedsite generate`: opens the run (`RunContext`), runs its steps (`GenerateRun`), closes
/// it (`RunClosing`: the web archive finished, the closing lines and the status, the caches
/// looked after, what the metrics record) and, with `--metrics-file`, records the run there,
/// whatever its outcome, once it got past the command line.
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
        let files: (archive: FlagFile?, wacz: FlagFile?, metrics: FlagFile?, zim: FlagFile?)
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
        let status = await run(
            archive: files.archive.map { URL(fileURLWithPath: $0.path) }, zim: files.zim.map { URL(fileURLWithPath: $0.path) }, web: (warc, files.wacz?.path),
            recording: &metrics)
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
    private func run(archive: URL?, zim: URL?, web: (warc: String?, wacz: String?), recording metrics: inout RunMetrics) async -> CommandStatus {
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
            try await GenerateRun(roles: context.roles, options: options, now: context.now, archive: context.archive, zim: zim).run(runner)
        } catch {
            stoppedBy = error
        }
        runner.endPhase()
        var closing = RunClosing(context: context, options: options, report: report, summary: runner.summary, stoppedBy: stoppedBy)
        await closing.finishWebArchive(wacz: web.wacz)
        let status = closing.end(previousSiteExists: previousSiteExists, elapsed: ContinuousClock.now - started)
        await closing.maintainCaches()
        await closing.measure(into: &metrics)
        return status
    }

    /// Whether a site is at the output: what a run that published nothing left there.
    private var previousSiteExists: Bool {
        FileManager.default.fileExists(atPath: environment.resolve(options.output).resolvingSymlinksInPath().path)
    }
}
