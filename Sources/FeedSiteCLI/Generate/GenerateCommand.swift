import FeedCore
import Foundation

/// `feedsite generate`: one run, phase by phase.
///
/// 1. feed: every page from the API (saved to the cache), else the cache;
/// 2. images: each distinct URL from the image cache or downloaded, linked into the site;
/// 3. comments: each image's comments (API, else cache), its comments page rendered at once;
/// 4. feed pages, with --base-url the feeds and the sitemap, the stylesheet and the manifest;
/// 5. everything flushed to the disk, the new site swapped into place, the archive written;
///
/// then the feed cache is validated and, after a run that published, the caches are pruned
/// of what no feed of the last seven days needs. Nothing reaches the output folder before
/// step 5: a failed or cancelled run leaves the previous site exactly as it was.
struct GenerateCommand {
    let options: GenerateOptions
    let environment: RunEnvironment
    let report: RunReport

    func run() async -> ExitCode {
        let context: RunContext
        do {
            context = try RunContext.open(options, environment: environment, report: report)
        } catch {
            return report.notStarted(error)
        }
        let started = ContinuousClock.now
        let result = await Result { try await phases(context) }
        let code = report.finish(result, context: context, elapsed: ContinuousClock.now - started)
        await CacheStep.run(context, after: result, code: code)
        await context.close()
        return code
    }

    /// The phases in order; the first error stops the run.
    private func phases(_ context: RunContext) async throws -> RunSummary {
        let timer = PhaseTimer(report: report)
        var summary = RunSummary(locales: context.site.renderers.count)
        let (feed, source, inCache) = try await FeedStep.run(context)
        (summary.feedSource, summary.items) = (source, feed.count)
        timer.lap("feed")
        let (entries, images) = try await ImagesStep.run(context, feed: consume feed)
        summary.images = images
        summary.cachedFeedImages = CacheStep.cachedFeedImages(of: entries, source: source, inCache: inCache, now: context.now)
        timer.lap("images")
        summary.comments = try await CommentsStep.run(context, entries: entries)
        await report.network(context.client)
        timer.lap("comments")
        PublishStep.startFlush(context)
        summary.feedPages = try await FeedPagesStep.run(context, entries: entries, source: source)
        summary.syndication = try SyndicationStep.run(context, entries: entries, feedPageCount: summary.feedPages)
        try PublishStep.finishSite(context, summary)
        timer.lap("render")
        try PublishStep.publish(context, summary)
        summary.files = context.staged.fileCounts
        timer.lap("publish")
        if context.archive != nil {
            try PublishStep.archive(context)
            timer.lap("archive")
        }
        summary.phases = timer.laps
        return summary
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
