import FeedCore
import Foundation
import Hashing
import SiteGenerator

/// Each distinct image URL once, from the image cache or downloaded, and every stored
/// image placed in the site as it is published (`PublishedOriginals`: without its metadata
/// unless `--keep-metadata`). The cache's writes are one transaction.
struct ImagesStep: RunStep {
    let feed: FeedStep.Outcome
    let service: FeedService
    let cache: any CacheBatches
    let site: any StagingSite
    /// The file the site publishes of each original.
    let originals: PublishedOriginals
    let report: RunReport
    /// Images worked on at once.
    let tasksAtOnce: Int
    /// Told of each image stored, with its URL, as soon as it is: the renditions made
    /// while the rest download.
    var onStored: (@Sendable (StoredImage, URL) -> Void)?

    var name: String { "images" }
    var phase: RunPhase { .images }

    struct Outcome: StepOutcome {
        /// Each item of the feed with its stored image, if it could be had, as fetched: what
        /// the renditions are made from.
        let entries: [SiteEntry]
        /// The file published for each original published otherwise than as it is.
        let published: [SHA256.Digest: StoredImage]
        let tally: ImageTally
        let metadata: MetadataTally

        func record(in summary: inout RunSummary) {
            summary.images = tally
            summary.metadata = metadata
        }

        /// `entries` (those given, with their renditions) with each original as published:
        /// what the pages, the feeds, the search, the history and the manifest show.
        func publishing(_ entries: [SiteEntry]) -> [SiteEntry] {
            PublishedOriginals.entries(entries, publishing: published)
        }
    }

    func run(_ progress: StepProgress) async throws(RunError) -> Outcome {
        try await failing { try await work(progress) }
    }

    private func work(_ progress: StepProgress) async throws -> Outcome {
        let items = feed.feed
        let (images, slots) = Self.distinctImages(of: items)
        let (site, service, originals, report, tasksAtOnce, onStored) = (site, service, originals, report, tasksAtOnce, onStored)
        try site.prepareFolder("images")
        let counter = ProgressCounter()
        let total = images.count
        let results = try await cache.batch {
            try await concurrentMap(images, limit: tasksAtOnce) { image -> (stored: StoredImage?, published: StoredImage?, downloaded: Bool) in
                let url = image.url
                var published: StoredImage?
                let result = try await service.loadImage(from: url) { (stored) throws(CacheError) in
                    let file = try originals.file(for: stored)
                    try await site.placeImage(file, at: SitePaths.image(file), from: service.imageStore)
                    published = file
                }
                if case let .failed(failure) = result { report.imageFailed(url, failure) }
                if let stored = result.stored { onStored?(stored, url) }
                let (done, failed) = counter.add(failed: result.stored == nil)
                progress.update(done: done, total: total, failed: failed)
                return (result.stored, result.stored == nil ? nil : published, result.isDownload)
            }
        }
        var tally = ImageTally()
        tally.downloaded = results.count(where: \.downloaded)
        tally.failed = results.count { $0.stored == nil }
        tally.fromCache = results.count - tally.downloaded - tally.failed
        tally.files = Set(results.compactMap { $0.stored?.digest }).count
        report.imagesLoaded(tally)
        let entries = zip(items, slots).map { SiteEntry(image: $0.image, stored: results[$1].stored, firstSeen: $0.firstSeen) }
        // Each original with its published file, read from the results where they lie, not
        // gathered into a list of its own beside the entries: BENCHMARKS.md, "What each trick
        // buys", row "the first steps' outcomes let go".
        let files = results.lazy.compactMap { result in result.stored.flatMap { original in result.published.map { (original: original, published: $0) } } }
        var published: [SHA256.Digest: StoredImage] = [:]
        for (original, file) in files where file != original { published[original.digest] = file }
        let metadata = MetadataTally.of(files)
        if metadata.originals > 0 { report.metadataDropped(metadata) }
        return Outcome(entries: entries, published: published, tally: tally, metadata: metadata)
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
