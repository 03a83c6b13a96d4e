import FeedCore
import FileSystem
import Foundation

/// `feedsite generate`: one run, phase by phase.
///
/// 1. feed: every page from the API (saved to the cache), else the cache;
/// 2. images: each distinct URL from the image cache or downloaded, linked into the site;
/// 3. comments: each image's comments (API, else cache), its comments page rendered at once;
/// 4. render: each locale's search index, the feed pages, with --base-url the feeds and the
///    sitemap, the stylesheet and the manifest, while what is written so far starts going
///    to the disk;
/// 5. publish: everything flushed to the disk, the new site swapped into place;
/// 6. archive: with --archive, the tar file;
///
/// each a step made with only what it uses. Then the feed cache is validated and, after a
/// run that published, the caches are pruned of what no feed of the last seven days needs.
/// Nothing reaches the output folder before step 5: a failed or cancelled run leaves the
/// previous site exactly as it was. With `--metrics-file`, every run that got past the
/// command line ends by recording itself there, whatever its outcome.
///
/// Cancellation (Ctrl-C, SIGTERM) is looked at before each phase and, within the phases,
/// before each item, page, file or batch of files they work through, so a run stops within
/// a moment whatever phase it is in, and exits 130.
struct GenerateCommand {
    let options: GenerateOptions
    let environment: RunEnvironment
    let report: RunReport

    func run() async -> ExitCode {
        let started = ContinuousClock.now
        let files: (archive: FlagFile?, metrics: FlagFile?)
        do {
            files = try FlagFile.named(by: options, environment: environment)
        } catch {
            return report.notStarted(error)
        }
        let metricsFile = files.metrics.map { MetricsFile(path: $0.path) }
        var metrics = RunMetrics()
        let code = await run(archive: files.archive.map { URL(fileURLWithPath: $0.path) }, recording: &metrics)
        if let metricsFile {
            metrics.exitCode = code
            metrics.duration = (ContinuousClock.now - started).seconds
            metrics.endedAt = environment.currentDate()
            do {
                try metricsFile.write(metrics)
                report.metricsWritten(metricsFile.path)
            } catch {
                report.metricsNotWritten(error)
            }
        }
        return code
    }

    /// The run from its context's opening to its closing, with `--archive`'s file, if any,
    /// checked; what it found out goes into
    /// `metrics`, the cache's size only when `--metrics-file` asks for it and the run was not
    /// interrupted.
    private func run(archive: URL?, recording metrics: inout RunMetrics) async -> ExitCode {
        let context: RunContext
        do {
            context = try await RunContext.open(options, archive: archive, environment: environment, report: report)
        } catch {
            return report.notStarted(error)
        }
        let started = ContinuousClock.now
        let timer = PhaseTimer(report: report)
        var summary = RunSummary(locales: context.site.renderers.count)
        let outcome = await Result { try await phases(context, timer, into: &summary) }
        timer.end()
        summary.phases = timer.laps
        let result = outcome.map { summary }
        let code = report.finish(result, context: context, elapsed: ContinuousClock.now - started, interrupted: Task.isCancelled)
        await CacheMaintenanceStep(
            feedCache: context.feedCache, cache: context.cache, imageStore: context.imageStore, now: context.now, report: report
        ).run(after: result, code: code)
        metrics.summary = summary
        if options.metricsFile != nil, code != .interrupted {
            // Under the cache's lock, so no other run is changing it meanwhile; not after
            // Ctrl-C, which should end the run at once (BENCHMARKS.md, "The metrics file").
            // The write-ahead log is emptied first, as closing the database will.
            try? context.cache.checkpoint()
            metrics.cacheBytes = try? FolderSize.bytes(under: context.cacheFolder.path)
        }
        await context.close()
        // Once the engine has stopped, every transfer's bytes are counted.
        if let client = context.client { metrics.network = await NetworkStatistics.of(client) }
        return code
    }

    /// The phases in order, each gathering its facts into `summary`; the first error stops
    /// the run.
    private func phases(_ context: RunContext, _ timer: PhaseTimer, into summary: inout RunSummary) async throws {
        let (options, staged, renderers) = (context.options, context.staged, context.site.renderers)
        func start(_ phase: String) throws {
            try Task.checkCancellation()
            timer.start(phase)
        }
        try start("feed")
        let (feed, source, inCache, stoppedAfterPages) = try await FeedStep(
            service: context.service, api: options.api, maxItems: options.maxItems, maxPages: options.maxPages, report: report
        ).run()
        (summary.feedSource, summary.items, summary.feedStoppedAfterPages) = (source, feed.count, stoppedAfterPages)
        try start("images")
        let images = ImagesStep(service: context.service, staged: staged, report: report, tasksAtOnce: context.tasksAtOnce)
        // Each phase's writes to the cache are one transaction, committed as it ends. The
        // feed is handed over whole, not kept beside the entries made of it.
        var feedToStore: [FeedItem]? = consume feed
        let (entries, imageTally) = try await context.cache.batch { try await images.run(feed: feedToStore.take() ?? []) }
        summary.images = imageTally
        summary.cachedFeedImages = .init(of: entries, source: source, inCache: inCache, now: context.now)
        try start("comments")
        let search = try SearchIndexFiles(entries: entries, staged: staged)
        let comments = CommentsStep(
            service: context.service, renderers: renderers, staged: staged, report: report, pageSize: options.pageSize, tasksAtOnce: context.tasksAtOnce,
            exportData: options.exportData, search: search)
        summary.comments = try await context.cache.batch { try await comments.run(entries: entries) }
        if let client = context.client { report.network(await NetworkStatistics.of(client)) }
        try start("render")
        let publish = PublishStep(staged: staged, cacheFolder: context.cacheFolder, strict: options.strict)
        publish.startFlush()
        // The index first, so its terms are gone before the feed pages are made.
        let searchStarted = ContinuousClock.now
        let index = try search.write(to: renderers.map(\.paths.searchFolder), in: staged)
        report.searchIndexWritten(index, items: entries.count, elapsed: ContinuousClock.now - searchStarted)
        summary.feedPages = try await FeedPagesStep(renderers: renderers, staged: staged, report: report, pageSize: options.pageSize)
            .run(entries: entries, source: source)
        summary.syndication = try SyndicationStep(baseURL: options.baseURL, renderers: renderers, staged: staged)
            .run(entries: entries, feedPageCount: summary.feedPages)
        try WholeSiteStep(
            staged: staged, stylesheet: context.site.templates.stylesheet, searchScript: context.site.templates.searchScript, api: options.api,
            now: context.now, locales: renderers.map(\.locale)
        ).run(summary)
        try start("publish")
        try publish.run(summary)
        summary.published = true
        summary.files = staged.fileCounts
        if let archive = context.archive {
            // Not `start`: after the swap, a cancellation is the archive's to report, as not
            // written, since the site is published.
            timer.start("archive")
            try ArchiveStep(output: context.output, archive: archive, now: context.now, report: report).run()
        }
    }
}

extension Result where Failure == any Error {
    /// The result of an `async` throwing call.
    init(catching body: () async throws -> Success) async {
        do {
            self = .success(try await body())
        } catch {
            self = .failure(error)
        }
    }
}
