import FeedCore
import Foundation
import Images
import SiteGenerator

/// Every distinct picture of the feed in the sizes the pages show: its renditions from the
/// cache, else made by our codecs (on every core) and kept in the cache, each placed in the
/// site. A picture our codecs do not read keeps its original on the pages, counted, never an
/// error. The cache's writes are one transaction.
struct RenditionsStep: RunStep {
    /// The feed's items, each with its stored image.
    let entries: [SiteEntry]
    /// `nil` with `--image-widths none`: the entries pass through as they are.
    let recipe: RenditionRecipe?
    let renditionCache: any RenditionCache
    let imageStore: any ImageStore
    let cache: any CacheBatches
    let site: any StagingSite
    let report: RunReport
    /// Pictures worked on at once: decoding is the processors' work.
    let tasksAtOnce: Int

    var name: String { "renditions" }
    var phase: RunPhase { .renditions }

    struct Outcome: StepOutcome {
        /// The entries, each with its picture's renditions.
        let entries: [SiteEntry]
        let tally: RenditionTally

        func record(in summary: inout RunSummary) {
            summary.renditions = tally
        }
    }

    func run(_ progress: StepProgress) async throws -> Outcome {
        guard let recipe else { return Outcome(entries: entries, tally: RenditionTally()) }
        // Each distinct picture once, with the first URL that has it, for messages.
        var seen = Set<StoredImage>()
        let sources = entries.compactMap { entry in entry.stored.map { ($0, entry.image.url) } }.filter { seen.insert($0.0).inserted }
        let (renditionCache, imageStore, site, report) = (renditionCache, imageStore, site, report)
        let counter = ProgressCounter()
        let results = try await cache.batch {
            try await concurrentMap(sources, limit: tasksAtOnce) { source, url -> (renditions: [StoredImage], made: Bool?) in
                try Task.checkCancellation()
                let result = try Self.renditions(of: source, from: url, recipe: recipe, cache: renditionCache, report: report)
                for rendition in result.renditions {
                    try await site.placeImage(rendition, at: SitePaths.image(rendition), from: imageStore)
                }
                let (done, failed) = counter.add(failed: result.made == nil)
                progress.update(done: done, total: sources.count, failed: failed)
                return result
            }
        }
        var tally = RenditionTally()
        tally.made = results.count { $0.made == true }
        tally.fromCache = results.count { $0.made == false }
        tally.notDecoded = results.count { $0.made == nil }
        tally.files = Set(results.flatMap(\.renditions)).count
        report.renditionsMade(tally)
        let bySource = Dictionary(zip(sources.map(\.0), results.map(\.renditions)), uniquingKeysWith: { first, _ in first })
        return Outcome(
            entries: entries.map { SiteEntry(image: $0.image, stored: $0.stored, firstSeen: $0.firstSeen, renditions: $0.stored.flatMap { bySource[$0] } ?? []) },
            tally: tally)
    }

    /// `source`'s renditions, and whether they were made now (`true`), came from the cache
    /// (`false`), or none could be made (`nil`). A full disk stops the run; an original the
    /// cache cannot give back shows as itself this run, and is tried again the next.
    private static func renditions(of source: StoredImage, from url: URL, recipe: RenditionRecipe, cache: any RenditionCache, report: RunReport) throws(
        CacheError
    ) -> (
        renditions: [StoredImage], made: Bool?
    ) {
        switch try cache.renditions(of: source, recipe: recipe.key) {
        case let .made(renditions): return (renditions, false)
        case .notDecodable: return ([], nil)
        case .unknown: break
        }
        let original: [UInt8]
        do {
            original = try cache.bytes(of: source)
        } catch .full(let full) {
            throw .full(full)
        } catch {
            report.renditionsNotMade(url, reason: error.description)
            return ([], nil)
        }
        let made: [Rendition]
        do {
            made = try Renditions.make(from: original, recipe: recipe)
        } catch {
            report.renditionsNotMade(url, reason: error.description)
            try cache.saveNotDecodable(source: source, recipe: recipe.key, reason: error.description)
            return ([], nil)
        }
        let bytes = made.map { (width: $0.width, height: $0.height, format: $0.format == .png ? ImageFormat.png : .jpeg, bytes: $0.bytes) }
        return (try cache.saveRenditions(bytes, of: source, recipe: recipe.key), true)
    }
}
