import Basics
import FeedCore
import FeedStorage
import Foundation
import Publishing
import SiteGenerator

/// Everything a `generate` run says, in one place: each step hands its outcome here as it
/// has it, and the run's end (`RunEnding`) becomes its last lines.
struct RunReport: Sendable {
    let reporter: Reporter

    func progress(_ phase: String, done: Int, total: Int?, failed: Int = 0) {
        reporter.progress(phase, done: done, total: total, failed: failed)
    }

    func detail(_ line: String) {
        reporter.detail(line)
    }

    /// With `--verbose`: the search index's files and the time taken to write them.
    func searchIndexWritten(_ index: SearchIndexFiles.Written, items: Int, elapsed: Duration) {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        let locales = index.locales > 1 ? " in each of \(index.locales) locales" : ""
        detail(
            "search: index of \(count(items, "item")) written\(locales): \(count(index.termFiles, "term file")), "
                + "\(count(index.itemFiles, "item file")), " + String(format: "%.2f s", elapsed.seconds))
    }

    func phaseEnded() {
        reporter.clearProgress()
    }

    /// `--force` lets the run replace an output that holds what feedsite did not write.
    func forcing(_ overridden: OutputFolder.Refusal) {
        reporter.warning("--force: \(overridden.forcedDescription)")
    }

    // MARK: - The phases' outcomes

    func feedLoaded(_ loaded: FeedService.LoadedFeed, api: URL) {
        if let failure = loaded.remoteFailure {
            reporter.warning("feed: \(failure); using the cached feed")
        }
        if let failure = loaded.saveFailure {
            reporter.warning("feed: could not save to the cache: \(failure)")
        }
        if loaded.credentialsRemoved > 0 {
            let count = loaded.credentialsRemoved == 1 ? "1 image URL" : "\(loaded.credentialsRemoved) image URLs"
            reporter.detail("feed: \(count) held credentials (user:password@); removed, so they are neither sent nor published")
        }
        switch loaded.source {
        case .live: reporter.info("feed: \(loaded.feed.count) items from \(api.absoluteString)")
        case let .cache(savedAt): reporter.info("feed: \(loaded.feed.count) items from the cache, saved \(ISO8601Date.format(savedAt))")
        }
        if let pages = loaded.stoppedAfterPages {
            reporter.warning(
                "feed: stopped after \(pages) pages (--max-pages): the API kept sending new pages; \(loaded.feed.count) items were read")
        }
    }

    func imageFailed(_ url: URL, _ failure: FeedService.ImageFailure) {
        reporter.problem("image", "image \(url.absoluteString): \(failure); the page shows a placeholder")
    }

    func imagesLoaded(_ tally: ImageTally) {
        reporter.info("images: \(tally.downloaded) downloaded, \(tally.fromCache) from the cache, \(tally.failed) failed")
    }

    /// What `--archive` or `--zim` wrote, and where.
    func carried(_ line: String) {
        reporter.info(line)
    }

    func metadataDropped(_ tally: MetadataTally) {
        reporter.info(
            "images: metadata dropped from \(tally.originals) original\(tally.originals == 1 ? "" : "s") (\(ByteCountText.approximately(tally.bytes)))")
    }

    func renditionsMade(_ tally: RenditionTally) {
        let asTheyAre = tally.shownAsTheyAre == 0 ? "" : " (\(tally.reasons))"
        reporter.info(
            "renditions: \(tally.made) images made, \(tally.fromCache) from the cache (\(tally.files) files), \(tally.shownAsTheyAre) shown as they are\(asTheyAre)"
        )
    }

    /// With `--verbose`: a picture our codecs did not read, whose pages show the original.
    /// Not a warning: the run's line counts them, and nothing is wrong with the site.
    func renditionsNotMade(_ url: URL, reason: String) {
        reporter.detail("renditions: image \(url.absoluteString) \(reason); its pages show the original")
    }

    func commentsLoaded(_ result: FeedService.CommentsResult, imageID: UUID) {
        let id = imageID.text
        switch result {
        case let .live(_, saveFailure):
            if let saveFailure { reporter.problem("comments-cache", "comments for \(id): could not save to the cache: \(saveFailure)") }
        case let .cached(_, savedAt, remoteFailure):
            if let remoteFailure {
                reporter.problem("comments", "comments for \(id): \(remoteFailure); using the cache saved \(ISO8601Date.format(savedAt))")
            }
        case let .unavailable(remoteFailure, cacheFailure):
            let cache = cacheFailure.map { "\($0)" } ?? "no cached comments"
            let reason = remoteFailure.map { "\($0); \(cache)" } ?? cache
            reporter.problem("comments", "comments for \(id): \(reason); the page shows the connection error")
        }
    }

    func commentsLoaded(_ tally: CommentsTally, images: Int) {
        reporter.info(
            "comments: \(tally.count) on \(images) images (\(tally.live) live, \(tally.fromCache) from the cache, \(tally.unavailable) unavailable)"
        )
    }

    func dataExported(items: Int, path: String) {
        reporter.info("data: \(items) items written to \(path)")
    }

    /// What the network cost when it was more than one try per request or `--rate` is set,
    /// and one warning per host taken as down, with how many requests it was spared.
    func network(_ network: NetworkStatistics) {
        if network.retries > 0 || network.pauses > 0 || network.rate != nil {
            var line = "network: \(network.requests) requests, \(network.retries) tried again"
            if network.pauses > 0 { line += ", \(network.pauses) pause\(network.pauses == 1 ? "" : "s") asked by the server (Retry-After)" }
            if let rate = network.rate {
                line += "; --rate \(String(format: "%g", rate)) held requests back \(RunSummary.format(seconds: network.rateWait))"
            }
            reporter.info(line)
        }
        for down in network.hostsDown {
            reporter.warning(
                "\(down.host) failed \(network.downThreshold) requests in a row and was taken as down; \(down.notSent) more requests to it were not sent, and the caches stood in"
            )
        }
    }

    func feedCacheValidated(_ result: Result<LocalFeedLoader.Validation, any Error>) {
        switch result {
        case .success(.empty), .success(.kept): break
        case let .success(.deletedExpired(savedAt)):
            reporter.info("cache: deleted the feed cache saved \(ISO8601Date.format(savedAt)) (seven days old or more)")
        case let .success(.deletedUnreadable(reason)): reporter.warning("cache: deleted an unreadable feed cache (\(reason))")
        case let .failure(error): reporter.warning("cache: could not validate the feed cache: \(error)")
        }
    }

    /// One line when pruning removed something, and with `--verbose` each file.
    func cachePruned(_ result: Result<CachePrune, any Error>) {
        switch result {
        case let .success(prune):
            guard !prune.isEmpty else { return }
            reporter.info("cache: removed \(prune.description)")
            for file in prune.files { reporter.detail("cache: removed \(file.path) (\(ByteCountText.approximately(file.byteCount)))") }
        case let .failure(error): reporter.warning("cache: could not prune the cache: \(error)")
        }
    }

    // MARK: - The run's end

    /// Says the ending's lines; its exit status.
    func end(_ ending: CommandEnding) -> CommandStatus {
        ending.say(to: reporter)
    }

    /// `--warc`'s files, finished.
    func webArchiveWritten(_ files: [String], folder: String) {
        let names = files.count == 1 ? "\(files[0]) and its CDXJ index" : "\(files.count) files (\(files.joined(separator: ", "))), each with its CDXJ index"
        reporter.info("web archive: \(names) in \(folder)")
    }

    // MARK: - The metrics file

    func metricsWritten(_ path: String) {
        reporter.detail("metrics: wrote \(path)")
    }

    /// An error line even with `--quiet`: the monitoring that reads the file would otherwise
    /// go stale unnoticed. The run's exit status stands.
    func metricsNotWritten(_ failure: MetricsFile.NotWritten) {
        reporter.error("\(failure)")
    }
}

extension RunReport {
    /// What opening the cache found: a damaged database set aside, a cache of the earlier
    /// layout taken over.
    func cacheOpened(_ opening: CacheDatabase.Opening) {
        for line in opening.lines { line.isWarning ? reporter.warning(line.text) : reporter.info(line.text) }
    }
}
