import FeedCore
import FeedStorage
import Foundation
import HTTP
import Publishing
import SiteGenerator

/// One `feedsite generate` run, phase by phase:
///
/// 1. feed: every page from the API (saved to the cache), else the cache;
/// 2. images: each distinct URL from the image cache or downloaded, linked into the site;
/// 3. comments: each image's comments (API, else cache), its comments page rendered at once;
/// 4. feed pages, the stylesheet; then the new site is swapped into place;
/// 5. the feed cache is validated, and the summary printed.
///
/// Nothing reaches the output folder before step 4 succeeds: a failed or cancelled run
/// leaves the previous site exactly as it was.
struct GenerateJob {
    let options: GenerateOptions
    let environment: RunEnvironment
    let reporter: Reporter

    func run() async -> ExitCode {
        let now = options.now ?? environment.currentDate()
        let cacheFolder = environment.cacheFolder(options.cache)
        let output = environment.resolve(options.output).resolvingSymlinksInPath()
        if let archive = options.archive, environment.resolve(archive).resolvingSymlinksInPath().path.hasPrefix(output.path + "/") {
            reporter.error("--archive \(archive) is inside the output folder \(output.path); write the archive elsewhere")
            return .usage
        }
        let client: CurlHTTPClient?
        do {
            client = try makeClient()
        } catch {
            reporter.error("\(error)")
            return .usage
        }
        defer { client?.engine.shutdown() }
        let locks: [RunLock]
        do {
            let startedAt = environment.currentDate()
            locks = [
                try RunLock.acquire(cacheFolder.appendingPathComponent(".lock"), startedAt: startedAt),
                try RunLock.acquire(output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).lock"), startedAt: startedAt),
            ]
        } catch {
            reporter.error("\(error)")
            return .failure
        }
        if locks[0].previousRunWasInterrupted {
            let leftovers = CacheJanitor.removeTemporaryFiles(in: cacheFolder)
            reporter.detail("cache: the previous run was interrupted; removed \(leftovers) temporary files it left behind")
        }
        let feedCache = LocalFeedLoader(store: FileFeedStore(fileURL: cacheFolder.appendingPathComponent("feed.json")), now: { now })
        let code = await publish(now: now, cacheFolder: cacheFolder, feedCache: feedCache, client: client)
        if code != .interrupted {
            await validateFeedCache(feedCache)
        }
        locks.forEach { $0.markFinished() }
        return code
    }

    /// The libcurl client with the run's limits, or `nil` for `--offline`.
    private func makeClient() throws(HTTPClientError) -> CurlHTTPClient? {
        guard !options.offline else { return nil }
        var configuration = CurlEngine.Configuration(userAgent: "feedsite/\(Usage.version)")
        configuration.maxConnections = options.concurrency
        configuration.requestTimeout = .milliseconds(Int(options.timeout * 1000))
        if let caFile = options.caFile {
            do {
                configuration.certificateAuthorities = try CertificateAuthorities(adding: environment.resolve(caFile).path)
            } catch {
                throw HTTPClientError(error.kind, "--ca-file: \(error.reason)")
            }
        }
        let engine = try CurlEngine(configuration)
        return CurlHTTPClient(engine: engine, policy: RetryPolicy(retries: options.retries), clock: environment.retryClock)
    }

    private func publish(now: Date, cacheFolder: URL, feedCache: LocalFeedLoader, client: CurlHTTPClient?) async -> ExitCode {
        let started = ContinuousClock.now
        let setup: SiteSetup
        let staged: StagedSite
        do {
            let templates = try TemplatesLocator.locate(explicit: options.templates, environment: environment)
            setup = try SiteSetup.load(from: templates, locales: options.locales, now: now)
            staged = try StagedSite(output: environment.resolve(options.output))
        } catch {
            reporter.error("\(error)")
            return .failure
        }

        let service = FeedService(
            client: client,
            api: options.api,
            feedCache: feedCache,
            commentsCache: LocalCommentsLoader(store: FileCommentsStore(folder: cacheFolder.appendingPathComponent("comments")), now: { now }),
            imageStore: FileImageStore(folder: cacheFolder.appendingPathComponent("images")),
            maxImageBytes: options.maxImageBytes
        )
        var summary = RunSummary()
        summary.locales = setup.renderers.count
        let timer = PhaseTimer(reporter: reporter)
        do {
            var loaded: FeedService.LoadedFeed? = try await loadFeed(service)
            let source = loaded!.source
            summary.feedSource = source
            summary.items = loaded!.feed.count
            timer.lap("feed")
            let entries = try await loadImages(of: loaded!.feed, service: service, into: staged, summary: &summary)
            loaded = nil  // the entries hold the feed now
            timer.lap("images")
            try await loadComments(for: entries, service: service, setup: setup, into: staged, now: now, summary: &summary)
            await reportNetwork(client)
            timer.lap("comments")
            try await renderFeedPages(entries, source: source, setup: setup, into: staged, summary: &summary)
            try staged.write(setup.templates.stylesheet, to: SitePaths.stylesheet)
            try staged.writeManifest(generator: "feedsite \(Usage.version)", run: manifestFacts(summary, now: now, setup: setup))
            timer.lap("render")
            if options.strict, summary.isDegraded {
                staged.discard()
                reporter.error("--strict: nothing published because \(summary.degradedReasons.joined(separator: ", ")); the previous site is unchanged")
                return .failure
            }
            try Task.checkCancellation()
            try staged.publish()
            timer.lap("publish")
        } catch is CancellationError {
            staged.discard()
            reporter.clearProgress()
            reporter.error("interrupted; nothing published, the previous site is unchanged")
            return .interrupted
        } catch let error as FeedService.FeedUnavailable {
            staged.discard()
            reporter.clearProgress()
            reportFeedUnavailable(error, setup: setup, cacheFolder: cacheFolder)
            return .failure
        } catch {
            staged.discard()
            reporter.clearProgress()
            reporter.error("\(error); nothing published, the previous site is unchanged")
            return .failure
        }

        let counts = staged.fileCounts
        summary.filesWritten = counts.written
        summary.filesUnchanged = counts.unchanged
        if let archive = options.archive {
            do {
                try TarArchive.write(folder: staged.output, paths: try SiteFiles.list(staged.output), to: environment.resolve(archive), modificationDate: now)
                timer.lap("archive")
            } catch {
                reporter.error("the site was published to \(staged.output.path), but the archive was not written: \(error)")
                return .failure
            }
        }
        summary.phases = timer.laps
        report(summary, started: started, now: now, setup: setup, output: staged.output)
        return summary.isDegraded ? .degraded : .success
    }

    // MARK: - Phases

    /// Twice as many items are worked on as requests may be in flight (the client's slots
    /// hold the rest back), so storing one answer overlaps the next request instead of
    /// leaving a slot idle: BENCHMARKS.md, cold image phase.
    private var tasksAtOnce: Int { options.concurrency * 2 }

    private func loadFeed(_ service: FeedService) async throws -> FeedService.LoadedFeed {
        let reporter = self.reporter
        let loaded = try await service.loadFeed(pageLimit: FeedEndpoint.defaultLimit, maxItems: options.maxItems) { _, items in
            reporter.progress("feed", done: items, total: nil)
        }
        if let failure = loaded.remoteFailure {
            reporter.warning("feed: \(failure); using the cached feed")
        }
        if let failure = loaded.saveFailure {
            reporter.warning("feed: could not save to the cache: \(failure)")
        }
        switch loaded.source {
        case .live: reporter.info("feed: \(loaded.feed.count) items from \(options.api.absoluteString)")
        case let .cache(savedAt): reporter.info("feed: \(loaded.feed.count) items from the cache, saved \(ISO8601Date.format(savedAt))")
        }
        return loaded
    }

    /// Loads each distinct image URL once, links every stored image into the site, and
    /// returns the feed's entries: each item with its stored image, if it could be had.
    private func loadImages(of feed: [FeedImage], service: FeedService, into staged: StagedSite, summary: inout RunSummary) async throws -> [SiteEntry] {
        // Each item points at the position of its URL among the distinct URLs.
        var position: [URL: Int] = [:]
        var urls: [URL] = []
        let slots = feed.map { item in
            if let known = position[item.url] { return known }
            position[item.url] = urls.count
            urls.append(item.url)
            return urls.count - 1
        }
        position = [:]
        try staged.prepareFolder("images")
        let reporter = self.reporter
        let progress = ProgressCounter()
        let total = urls.count
        let results = try await concurrentMap(urls, limit: tasksAtOnce) { url -> StoredImage? in
            let result = try await service.loadImage(from: url)
            switch result {
            case let .cached(stored), let .downloaded(stored):
                try await service.imageStore.export(stored, to: staged.url(for: SitePaths.image(stored)))
            case let .failed(reason):
                reporter.problem("image", "image \(url.absoluteString): \(reason); the page shows a placeholder")
            }
            let (done, failed) = progress.add(failed: result.stored == nil, downloaded: result.isDownload)
            reporter.progress("images", done: done, total: total, failed: failed)
            return result.stored
        }
        summary.imagesDownloaded = progress.downloaded
        summary.imagesFailed = results.count { $0 == nil }
        summary.imagesFromCache = results.count - summary.imagesDownloaded - summary.imagesFailed
        summary.imageFiles = Set(results.compactMap { $0?.digest }).count
        reporter.info("images: \(summary.imagesDownloaded) downloaded, \(summary.imagesFromCache) from the cache, \(summary.imagesFailed) failed")
        return zip(feed, slots).map { SiteEntry(image: $0, stored: results[$1]) }
    }

    /// Loads every image's comments and writes its comments page in every locale.
    private func loadComments(for entries: [SiteEntry], service: FeedService, setup: SiteSetup, into staged: StagedSite, now: Date, summary: inout RunSummary) async throws {
        let pageSize = options.pageSize
        let reporter = self.reporter
        let progress = ProgressCounter()
        let total = entries.count

        // Each task reports its own problems and hands back only counts, so no image's
        // comments outlive its page.
        let outcomes = try await concurrentMap(Array(entries.indices), limit: tasksAtOnce) { index -> CommentsOutcome in
            let entry = entries[index]
            let result = try await service.loadComments(for: entry.id)
            let outcome = CommentsOutcome(result, imageID: entry.id, reporter: reporter)
            for renderer in setup.renderers {
                let page = CommentsPageModel(entry: entry, comments: outcome.comments, feedPage: index / pageSize + 1, paths: renderer.paths, dates: renderer.dateFormatter, now: now)
                try staged.write(try renderer.render(page), to: page.path)
            }
            let (done, failed) = progress.add(failed: outcome.comments == nil)
            reporter.progress("comments", done: done, total: total, failed: failed)
            return outcome.withoutComments
        }
        for outcome in outcomes {
            switch outcome.source {
            case .live: summary.commentsLive += 1
            case .cache: summary.commentsFromCache += 1
            case .unavailable: summary.commentsUnavailable += 1
            }
            summary.comments += outcome.count
        }
        reporter.info("comments: \(summary.comments) on \(entries.count) images (\(summary.commentsLive) live, \(summary.commentsFromCache) from the cache, \(summary.commentsUnavailable) unavailable)")
    }

    /// Renders the feed pages on every core; each page is independent of the others.
    private func renderFeedPages(_ entries: [SiteEntry], source: FeedService.FeedSource, setup: SiteSetup, into staged: StagedSite, summary: inout RunSummary) async throws {
        let pageSize = options.pageSize
        let pageCount = max(1, (entries.count + pageSize - 1) / pageSize)
        var savedAt: Date?
        if case let .cache(date) = source { savedAt = date }
        let feedSavedAt = savedAt
        let reporter = self.reporter
        let progress = ProgressCounter()
        _ = try await concurrentMap(Array(1...pageCount), limit: ProcessInfo.processInfo.activeProcessorCount) { number in
            try Task.checkCancellation()
            let slice = Array(entries[min(entries.count, (number - 1) * pageSize)..<min(entries.count, number * pageSize)])
            for renderer in setup.renderers {
                let page = FeedPageModel(number: number, pageCount: pageCount, entries: slice, paths: renderer.paths)
                try staged.write(try renderer.render(page, feedSavedAt: feedSavedAt), to: page.path)
            }
            reporter.progress("pages", done: progress.add(failed: false).done, total: pageCount)
        }
        summary.feedPages = pageCount
    }

    private func manifestFacts(_ summary: RunSummary, now: Date, setup: SiteSetup) -> Manifest.Run {
        var savedAt: String?
        if case let .cache(date) = summary.feedSource { savedAt = ISO8601Date.format(date) }
        return Manifest.Run(
            api: options.api.absoluteString,
            now: ISO8601Date.format(now),
            feedSource: savedAt == nil ? "live" : "cache",
            feedSavedAt: savedAt,
            locales: setup.renderers.map(\.locale),
            items: summary.items,
            feedPages: summary.feedPages,
            commentsPages: summary.items,
            images: summary.imageFiles,
            imagesFailed: summary.imagesFailed,
            comments: summary.comments,
            commentsFromCache: summary.commentsFromCache,
            commentsUnavailable: summary.commentsUnavailable
        )
    }

    // MARK: - Reporting

    private func reportFeedUnavailable(_ error: FeedService.FeedUnavailable, setup: SiteSetup, cacheFolder: URL) {
        reporter.error(setup.renderers[0].connectionErrorMessage)
        var cause = error.remoteFailure.map { "feed: \($0); " } ?? "feed: offline run; "
        cause += "\(error.cacheFailure) (cache \(cacheFolder.path)). Nothing was published; the previous site is unchanged. "
        cause += options.offline ? "Run once without --offline to fill the cache." : "Check --api and the network, then run again."
        reporter.error(cause)
    }

    private func report(_ summary: RunSummary, started: ContinuousClock.Instant, now: Date, setup: SiteSetup, output: URL) {
        if reporter.hiddenProblems > 0 {
            reporter.info("… and \(reporter.hiddenProblems) more problems (run with --verbose to see them all)")
        }
        let timings = summary.phases.map { "\($0.name) \(String(format: "%.3f", $0.seconds)) s" }.joined(separator: ", ")
        reporter.detail("phases: \(timings); files: \(summary.filesWritten) written, \(summary.filesUnchanged) unchanged")
        reporter.info("published \(output.appendingPathComponent("index.html").path)")
        if summary.isDegraded {
            reporter.warning("degraded: \(summary.degradedReasons.joined(separator: ", "))")
        }
        let seconds = (ContinuousClock.now - started).seconds
        let dates = setup.renderers[0].dateFormatter
        reporter.result(summary.line(elapsed: seconds, now: now, age: { dates.relative($0, now: now) }))
    }

    /// What the network cost when it was more than one try per request, and one warning per
    /// host taken as down, with how many requests it was spared.
    private func reportNetwork(_ client: CurlHTTPClient?) async {
        guard let client else { return }
        let traffic = client.traffic
        if traffic.retries > 0 || traffic.pauses > 0 {
            var line = "network: \(traffic.requests) requests, \(traffic.retries) tried again"
            if traffic.pauses > 0 { line += ", \(traffic.pauses) pause\(traffic.pauses == 1 ? "" : "s") asked by the server (Retry-After)" }
            reporter.info(line)
        }
        for down in await client.hostsDown {
            reporter.warning("\(down.host) failed \(CurlHTTPClient.downThreshold) requests in a row and was taken as down; \(down.notSent) more requests to it were not sent, and the caches stood in")
        }
    }

    private func validateFeedCache(_ cache: LocalFeedLoader) async {
        do {
            switch try await cache.validateCache() {
            case .empty, .kept: break
            case let .deletedExpired(savedAt): reporter.info("cache: deleted the feed cache saved \(ISO8601Date.format(savedAt)) (seven days old or more)")
            case let .deletedUnreadable(reason): reporter.warning("cache: deleted an unreadable feed cache (\(reason))")
            }
        } catch {
            reporter.warning("cache: could not validate the feed cache: \(error)")
        }
    }
}
