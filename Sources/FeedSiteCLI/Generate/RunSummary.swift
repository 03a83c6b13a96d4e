import Basics
import FeedCore
import Foundation
import Publishing

/// The facts of one run, gathered from the phases' outcomes: where the feed came from,
/// what loaded and what did not, and how long each phase took. It decides whether the run
/// was degraded, and gives the closing line and the manifest's facts.
struct RunSummary: Sendable {
    var feedSource: FeedService.FeedSource = .live
    /// The pages read when `--max-pages` stopped a feed that went on; `nil` when the whole
    /// feed was read.
    var feedStoppedAfterPages: Int?
    var items = 0
    var locales = 1
    var images = ImageTally()
    var renditions = RenditionTally()
    /// What the published originals lost of their metadata.
    var metadata = MetadataTally()
    var comments = CommentsTally()
    var feedPages = 0
    /// With `--base-url`: the feeds and sitemaps written, from the site root.
    var syndication: [String] = []
    var files = StagedSite.Counts()
    /// The new site was swapped into place (an archive may still have failed after it).
    var published = false
    /// With `--history`: the folder name of the snapshot the run put in, if it made one.
    var snapshotMade: String?
    var phases: [(name: String, seconds: Double)] = []
    /// Whether the feed cache holds the feed shown: pruning then keeps its images, which it
    /// reads from the cache rather than the run holding them to its end (BENCHMARKS.md,
    /// "What each trick buys", row "the cached feed's pictures kept as a list"). Not when
    /// the live feed's save failed.
    var feedInCache = false
    /// With `--history`: what changed since the latest snapshot, once the run knows (all 0
    /// when nothing did), or once its snapshot is in the history.
    var historyChanges: HistoryChanges?

    /// Published, but not everything came live, or not all of the feed: exit status 3 (or
    /// 1 with `--strict`).
    var isDegraded: Bool {
        feedSource != .live || feedStoppedAfterPages != nil || images.failed > 0 || comments.fromCache > 0 || comments.unavailable > 0
    }

    var degradedReasons: [String] {
        var reasons: [String] = []
        if case .cache = feedSource { reasons.append("the feed came from the cache") }
        if let pages = feedStoppedAfterPages { reasons.append("the feed was stopped after \(pages) pages (--max-pages)") }
        if images.failed > 0 { reasons.append("\(images.failed) image\(images.failed == 1 ? "" : "s") failed") }
        if comments.fromCache > 0 {
            reasons.append("\(comments.fromCache) comments list\(comments.fromCache == 1 ? "" : "s") came from the cache")
        }
        if comments.unavailable > 0 {
            reasons.append("\(comments.unavailable) comments list\(comments.unavailable == 1 ? " was" : "s were") unavailable")
        }
        return reasons
    }

    /// The closing line: items, pages, images (and what their metadata lost, when it lost
    /// anything), pictures, comments, elapsed time, and the feed's source.
    func line(elapsed: Double, age: (Date) -> String) -> String {
        let source: String
        switch feedSource {
        case .live: source = "live feed"
        case let .cache(savedAt): source = "cached feed saved \(age(savedAt))"
        }
        let pages = feedPages + items
        return "\(items) items, \(pages) pages (\(feedPages) feed, \(items) comments)\(locales > 1 ? " × \(locales) locales" : ""), "
            + "images \(images.downloaded) downloaded / \(images.fromCache) from cache / \(images.failed) failed, "
            + (metadata.originals == 0
                ? ""
                : "metadata dropped from \(metadata.originals) original\(metadata.originals == 1 ? "" : "s") (\(ByteCountText.approximately(metadata.bytes))), ")
            // Pictures only when one was resized or refused: small ones alone say nothing.
            + (renditions.resized == 0 && renditions.shownAsTheyAre == renditions.asItIs[.small, default: 0]
                ? ""
                : "pictures \(renditions.resized) resized (\(renditions.made) made, \(renditions.files) files) / \(renditions.shownAsTheyAre) shown as they are, ")
            + "\(comments.count) comments\(comments.unavailable > 0 ? " (\(comments.unavailable) lists unavailable)" : ""), "
            + "from the \(source), \(Self.format(seconds: elapsed))"
    }

    /// What `manifest.json` says of the run: nothing that changes between two runs over the
    /// same data and clock.
    func manifestFacts(api: URL, now: Date, locales: [String]) -> Manifest.Run {
        let savedAt = feedSource.savedAt.map(ISO8601Date.format)
        return Manifest.Run(
            api: api.absoluteString,
            now: ISO8601Date.format(now),
            feedSource: savedAt == nil ? "live" : "cache",
            feedSavedAt: savedAt,
            locales: locales,
            items: items,
            feedPages: feedPages,
            commentsPages: items,
            images: images.files,
            imagesFailed: images.failed,
            comments: comments.count,
            commentsFromCache: comments.fromCache,
            commentsUnavailable: comments.unavailable
        )
    }

    static func format(seconds: Double) -> String {
        seconds < 10 ? String(format: "%.2f s", seconds) : String(format: "%.1f s", seconds)
    }
}
