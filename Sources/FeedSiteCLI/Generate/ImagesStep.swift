import FeedCore
import Foundation
import Publishing
import SiteGenerator

/// The images phase: each distinct image URL once, from the image cache or downloaded, and every
/// stored image linked into the site.
struct ImagesStep {
    let service: FeedService
    let staged: StagedSite
    let report: RunReport
    /// Images worked on at once.
    let tasksAtOnce: Int

    /// The feed's entries, each item with its stored image if it could be had. The feed is
    /// consumed: the entries hold what the pages need of it.
    func run(feed: consuming [FeedItem]) async throws -> (entries: [SiteEntry], tally: ImageTally) {
        // Each item points at the position of its URL among the distinct URLs.
        var position: [URL: Int] = [:]
        var urls: [URL] = []
        let slots = feed.map { item in
            let url = item.image.url
            if let known = position[url] { return known }
            position[url] = urls.count
            urls.append(url)
            return urls.count - 1
        }
        position = [:]
        let (staged, service, report) = (staged, service, report)
        try staged.prepareFolder("images")
        let progress = ProgressCounter()
        let total = urls.count
        let results = try await concurrentMap(urls, limit: tasksAtOnce) { url -> (stored: StoredImage?, downloaded: Bool) in
            let result = try await service.loadImage(from: url) { staged.url(for: SitePaths.image($0)) }
            if case let .failed(failure) = result { report.imageFailed(url, failure) }
            let (done, failed) = progress.add(failed: result.stored == nil)
            report.progress("images", done: done, total: total, failed: failed)
            return (result.stored, result.isDownload)
        }
        var tally = ImageTally()
        tally.downloaded = results.count(where: \.downloaded)
        tally.failed = results.count { $0.stored == nil }
        tally.fromCache = results.count - tally.downloaded - tally.failed
        tally.files = Set(results.compactMap { $0.stored?.digest }).count
        report.imagesLoaded(tally)
        return (zip(feed, slots).map { SiteEntry(image: $0.image, stored: results[$1].stored, firstSeen: $0.firstSeen) }, tally)
    }
}
