import Foundation

/// The facts of one run: where the feed came from, what loaded and what did not, and how
/// long each phase took. It decides whether the run was degraded.
struct RunSummary: Sendable {
    var feedSource: FeedService.FeedSource = .live
    var items = 0
    var feedPages = 0
    var locales = 1
    var imagesDownloaded = 0
    var imagesFromCache = 0
    var imagesFailed = 0
    /// Distinct image files in the site (identical bytes from several URLs count once).
    var imageFiles = 0
    var comments = 0
    var commentsLive = 0
    var commentsFromCache = 0
    var commentsUnavailable = 0
    var filesWritten = 0
    var filesUnchanged = 0
    var phases: [(name: String, seconds: Double)] = []

    /// Published, but not everything came live: exit status 3 (or 1 with `--strict`).
    var isDegraded: Bool {
        feedSource != .live || imagesFailed > 0 || commentsFromCache > 0 || commentsUnavailable > 0
    }

    var degradedReasons: [String] {
        var reasons: [String] = []
        if case .cache = feedSource { reasons.append("the feed came from the cache") }
        if imagesFailed > 0 { reasons.append("\(imagesFailed) image\(imagesFailed == 1 ? "" : "s") failed") }
        if commentsFromCache > 0 { reasons.append("\(commentsFromCache) comments list\(commentsFromCache == 1 ? "" : "s") came from the cache") }
        if commentsUnavailable > 0 { reasons.append("\(commentsUnavailable) comments list\(commentsUnavailable == 1 ? " was" : "s were") unavailable") }
        return reasons
    }

    /// The closing line: items, pages, images, comments, elapsed time, and the feed's source.
    func line(elapsed: Double, now: Date, age: (Date) -> String) -> String {
        let source: String
        switch feedSource {
        case .live: source = "live feed"
        case let .cache(savedAt): source = "cached feed saved \(age(savedAt))"
        }
        let pages = feedPages + items
        return "\(items) items, \(pages) pages (\(feedPages) feed, \(items) comments)\(locales > 1 ? " × \(locales) locales" : ""), "
            + "images \(imagesDownloaded) downloaded / \(imagesFromCache) from cache / \(imagesFailed) failed, "
            + "\(comments) comments\(commentsUnavailable > 0 ? " (\(commentsUnavailable) lists unavailable)" : ""), "
            + "from the \(source), \(Self.format(seconds: elapsed))"
    }

    static func format(seconds: Double) -> String {
        seconds < 10 ? String(format: "%.2f s", seconds) : String(format: "%.1f s", seconds)
    }
}
