import FeedCore
import Foundation
import SiteGenerator

/// Each distinct image URL once, from the image cache or downloaded, and every stored
/// image placed in the site. The cache's writes are one transaction.
struct ImagesStep: RunStep {
    let feed: FeedStep.Outcome
    let service: FeedService
    let cache: any CacheBatches
    let site: any StagingSite
    let report: RunReport
    /// Images worked on at once.
    let tasksAtOnce: Int
    /// Told of each image stored, with its URL, as soon as it is: the renditions made
    /// while the rest download.
    var onStored: (@Sendable (StoredImage, URL) -> Void)?

    var name: String { "images" }
    var phase: RunPhase { .images }

    struct Outcome: StepOutcome {
        /// Each item of the feed with its stored image, if it could be had: what the pages
        /// need of the feed.
        let entries: [SiteEntry]
        let tally: ImageTally

        func record(in summary: inout RunSummary) {
            summary.images = tally
        }
    }

    func run(_ progress: StepProgress) async throws(RunError) -> Outcome {
        try await failing { try await work(progress) }
    }

    private func work(_ progress: StepProgress) async throws -> Outcome {
        let items = feed.feed
        let (images, slots) = Self.distinctImages(of: items)
        let (site, service, report, tasksAtOnce, onStored) = (site, service, report, tasksAtOnce, onStored)
        try site.prepareFolder("images")
        let counter = ProgressCounter()
        let total = images.count
        let results = try await cache.batch {
            try await concurrentMap(images, limit: tasksAtOnce) { image -> (stored: StoredImage?, downloaded: Bool) in
                let url = image.url
                let result = try await service.loadImage(from: url) { (stored) throws(CacheError) in
                    try await site.placeImage(stored, at: SitePaths.image(stored), from: service.imageStore)
                }
                if case let .failed(failure) = result { report.imageFailed(url, failure) }
                if let stored = result.stored { onStored?(stored, url) }
                let (done, failed) = counter.add(failed: result.stored == nil)
                progress.update(done: done, total: total, failed: failed)
                return (result.stored, result.isDownload)
            }
        }
        var tally = ImageTally()
        tally.downloaded = results.count(where: \.downloaded)
        tally.failed = results.count { $0.stored == nil }
        tally.fromCache = results.count - tally.downloaded - tally.failed
        tally.files = Set(results.compactMap { $0.stored?.digest }).count
        report.imagesLoaded(tally)
        let entries = zip(items, slots).map { SiteEntry(image: $0.image, stored: results[$1].stored, firstSeen: $0.firstSeen) }
        return Outcome(entries: entries, tally: tally)
    }

    /// The first image of each distinct URL, in the order the feed first has it, and for
    /// each item the position of its URL among them. URLs are compared as text and parsed
    /// only when their image loads: BENCHMARKS.md, "What each trick buys", row "the feed's
    /// image URLs kept as text".
    static func distinctImages(of items: [FeedItem]) -> (images: [FeedImage], slots: [Int]) {
        var position: [String: Int] = [:]
        var images: [FeedImage] = []
        let slots = items.map { item in
            if let known = position[item.image.address] { return known }
            position[item.image.address] = images.count
            images.append(item.image)
            return images.count - 1
        }
        return (images, slots)
    }
}
