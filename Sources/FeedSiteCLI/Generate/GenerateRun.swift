import Foundation
import History
import Images
import SiteGenerator

/// A `generate` run's steps, in order: read this to know what a run does.
///
/// 1. feed: every page from the API (saved to the cache), else the cache;
/// 2. images: each distinct URL from the image cache or downloaded, placed in the site
///    as published (its metadata dropped, in a copy kept in the cache, unless
///    `--keep-metadata`);
///    renditions: each distinct picture in the sizes the pages show, from the cache or made,
///    most of them while the images still download (`EarlyRenditions`);
/// 3. comments: each image's comments (API, else cache), its comments page made at once,
///    its words gathered for the search; then what the network cost;
/// 4. render: what is written so far starts going to the disk; each locale's search
///    index, the feed pages, with `--base-url` the feeds and the sitemap, the stylesheet
///    and the manifest; with `--history`, the snapshot finished beside the site, unless
///    the data is as the latest snapshot has it;
/// 5. publish: everything on the disk, the new site swapped into place; with `--history`,
///    the snapshot put into the history and the calendar made anew;
/// 6. archive: with `--archive`, the tar file; with `--zim`, the ZIM file (the site and
///    its history).
///
/// Each step is made with what it uses: the run's roles, its options, and what the steps
/// before it found, as values. `StepRunner` runs them, times them, stops the run once it
/// is cancelled and folds their outcomes into the run's summary. Nothing reaches the
/// output folder before the publish step: a failed or cancelled run leaves the previous
/// site exactly as it was. To add a step: a type conforming to `RunStep` in `Steps/`, with
/// its tests, and one line here.
struct GenerateRun {
    let roles: RunRoles
    let options: GenerateOptions
    /// The run's clock: `--now`, `SOURCE_DATE_EPOCH` or the time the run started.
    let now: Date
    /// `--archive`'s file, checked.
    let archive: URL?
    /// `--zim`'s file, checked.
    var zim: URL? = nil

    /// Twice as many items are worked on as requests may be in flight (the client's slots hold the
    /// rest back), so storing one answer overlaps the next request instead of leaving a slot idle:
    /// BENCHMARKS.md, "What each trick buys", row "storage overlapping the network".
    var tasksAtOnce: Int { options.concurrency * 2 }

    /// Pictures decoded at once: as many as there are processors, no more than `--concurrency`.
    var renditionTasks: Int { max(1, min(options.concurrency, ProcessInfo.processInfo.activeProcessorCount)) }

    /// What `--image-widths`, `--image-quality` and `--max-image-pixels` ask of renditions;
    /// `nil` with `--image-widths none`.
    var recipe: RenditionRecipe? {
        options.imageWidths.isEmpty
            ? nil : RenditionRecipe(widths: options.imageWidths, quality: options.imageQuality, maxPixels: options.maxImagePixels)
    }

    func run(_ runner: StepRunner) async throws(RunError) {
        let (service, site, report, renderers) = (roles.service, roles.site, roles.report, roles.setup.renderers)
        // What the steps find, from their outcomes, each recorded as its step ends: the
        // manifest records it, and it says whether the site is degraded.
        var found = RunSummary(locales: renderers.count)
        let (source, entries) = try await publishedEntries(runner, recording: &found)
        let comments = try await runner.run(
            CommentsStep(
                entries: entries, service: service, cache: roles.cache, renderers: renderers, site: site, report: report, pageSize: options.pageSize,
                tasksAtOnce: tasksAtOnce, exportData: options.exportData, snapshot: roles.snapshot))
        comments.record(in: &found)
        if let network = roles.network { try await runner.run(NetworkStep(statistics: network, report: report)) }
        try await runner.run(EarlyFlushStep(site: site))
        try await runner.run(
            SearchIndexStep(search: comments.search, folders: renderers.map(\.paths.searchFolder), items: entries.count, site: site, report: report))
        let pages = try await runner.run(
            FeedPagesStep(entries: entries, source: source, renderers: renderers, site: site, pageSize: options.pageSize))
        pages.record(in: &found)
        try await runner.run(
            SyndicationStep(entries: entries, feedPageCount: pages.pageCount, baseURL: options.baseURL, renderers: renderers, site: site))
        let facts = found.manifestFacts(api: options.api, now: now, locales: renderers.map(\.locale))
        try await runner.run(
            WholeSiteStep(facts: facts, templates: roles.setup.templates, site: site))
        var snapshot: SnapshotDraft.Prepared?
        if let making = roles.snapshot {
            snapshot = try await runner.run(
                SnapshotStep(snapshot: making, entries: entries, pageSize: options.pageSize, feedSavedAt: source.savedAt, facts: facts, report: report)
            ).prepared
        }
        try await runner.run(PublishStep(site: site, strict: options.strict, degradedReasons: found.degradedReasons))
        if let history = roles.history {
            try await runner.run(
                HistoryStep(
                    prepared: snapshot, unreadable: roles.historyUnreadable, history: history, facts: facts,
                    report: report))
        }
        if let archive { try await runner.run(ArchiveStep(output: site.output, archive: archive, now: now, report: report)) }
        if let zim {
            try await runner.run(
                ZimStep(zim: SiteZim(output: site.output, file: zim.path, partSize: options.zimPartSize, baseURL: options.baseURL?.text), report: report))
        }
    }

    /// The feed, images and renditions steps, each outcome recorded in `found`: what the rest
    /// of the run needs of them, the feed's source and each entry as published. Their
    /// outcomes end with this call, so the feed's items and the entries as fetched and with
    /// their renditions are not held through the comments beside the entries as published:
    /// BENCHMARKS.md, "What each trick buys", row "the first steps' outcomes let go".
    private func publishedEntries(_ runner: StepRunner, recording found: inout RunSummary) async throws(RunError) -> (
        source: FeedService.FeedSource, entries: [SiteEntry]
    ) {
        let feed = try await runner.run(
            FeedStep(service: roles.service, api: options.api, maxItems: options.maxItems, maxPages: options.maxPages, report: roles.report))
        feed.record(in: &found)
        let source = feed.source
        let (images, renditions) = try await imagesAndRenditions(of: consume feed, runner)
        images.record(in: &found)
        renditions.record(in: &found)
        // The renditions are made from the originals as fetched; everything after them shows
        // the originals as published.
        return (source, images.publishing(renditions.entries))
    }

    /// The images step, then the renditions step, overlapping: the pictures' renditions are
    /// made as the images are stored (`EarlyRenditions`). A run stopped before the renditions
    /// step ended leaves nothing of that work running behind it. The feed is let go once the
    /// images step has it, before the renditions step makes its entries.
    private func imagesAndRenditions(of feed: consuming FeedStep.Outcome, _ runner: StepRunner) async throws(RunError) -> (
        images: ImagesStep.Outcome, renditions: RenditionsStep.Outcome
    ) {
        let (service, site, report) = (roles.service, roles.site, roles.report)
        let early = recipe.map {
            RenditionsStep.early(
                recipe: $0, renditionCache: roles.renditions, imageStore: service.imageStore, site: site, report: report, tasksAtOnce: renditionTasks)
        }
        do throws(RunError) {
            let images = try await runner.run(
                ImagesStep(
                    feed: consume feed, service: service, cache: roles.cache, site: site,
                    originals: PublishedOriginals(cache: roles.renditions, keepMetadata: options.keepMetadata), report: report, tasksAtOnce: tasksAtOnce,
                    onStored: early?.onStored))
            let renditions = try await runner.run(
                RenditionsStep(
                    entries: images.entries, recipe: recipe, renditionCache: roles.renditions, imageStore: service.imageStore, cache: roles.cache,
                    site: site, report: report, tasksAtOnce: renditionTasks, early: early))
            return (images, renditions)
        } catch {
            await early?.cancel()
            throw error
        }
    }
}
